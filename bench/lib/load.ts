import http from 'node:http';

export type LoadResult = { requests: number; errors: number; seconds: number; p50: number; p95: number; p99: number };

/** Percentile of sorted milliseconds. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export function summarise(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

/**
 * Runs `connections` concurrent keep-alive clients against `origin` for `seconds`, each
 * request taking the next path from `paths` (rotating) with `headers`, and records every latency
 * (answers other than `expectStatus` count as errors).
 */
export async function httpLoad(
  origin: string,
  paths: string[],
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
  expectStatus = 200,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const get = (path: string) =>
    new Promise<number>((resolve) => {
      const req = http.get(`${origin}${path}`, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', () => resolve(0));
    });
  const worker = async () => {
    while (performance.now() < deadline) {
      const path = paths[next++ % paths.length] as string;
      const start = performance.now();
      const status = await get(path);
      const ms = performance.now() - start;
      if (status === expectStatus) latencies.push(ms);
      else errors++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
  return summarise(latencies, errors, (performance.now() - started) / 1000);
}

/** The same, for an async function (bare SQL timings through the server's own query code). */
export async function callLoad(
  calls: (() => Promise<unknown>)[],
  connections: number,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const call = calls[next++ % calls.length] as () => Promise<unknown>;
      const start = performance.now();
      try {
        await call();
        latencies.push(performance.now() - start);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, worker));
  return summarise(latencies, errors, (performance.now() - started) / 1000);
}
