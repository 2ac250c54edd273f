import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { loadHymnalData } from '../packages/domain/src/hymnal-source.ts';
import { migrate } from '../packages/server/src/db/migrate.ts';
import { openPglite } from '../packages/server/src/db/pglite.ts';
import { ensureHymnalData } from '../packages/server/src/hymnal/hymnal-data.ts';

/**
 * What the hymnal and psalter cost a process that starts: building them from their source
 * files (`buildHymnalData`, what every process did before the kept copy) against reading the
 * kept copy (`loadHymnalData` with a current copy), each in fresh Node processes, as the
 * median CPU time (user + system) and wall time of the call. Then what a restart adds: loading
 * the same data into an embedded database (PGlite, in this process) that already holds it
 * (`ensureHymnalData`).
 *
 *   node bench/hymnal.ts [--runs 9]
 */
const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' } } });
const runs = Number(values.runs);
const source = new URL('../packages/domain/src/hymnal-source.ts', import.meta.url).href;

/** [CPU ms, wall ms] of `work`, in this process. */
async function timed(work: () => Promise<unknown>): Promise<[number, number]> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await work();
  const used = process.cpuUsage(cpu);
  return [(used.user + used.system) / 1000, performance.now() - start];
}

/** One fresh process calling `call` once: [CPU ms, wall ms]. */
function measure(call: 'buildHymnalData' | 'loadHymnalData'): [number, number] {
  const script = `
    const m = await import(${JSON.stringify(source)});
    const cpu = process.cpuUsage(), start = performance.now();
    m.${call}();
    const used = process.cpuUsage(cpu);
    console.log(JSON.stringify([(used.user + used.system) / 1000, performance.now() - start]));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

// A current kept copy first, so that every load below reads it.
measure('loadHymnalData');
const report = (what: string, results: [number, number][]) => {
  const cpu = median(results.map(([c]) => c)).toFixed(0);
  const wall = median(results.map(([, w]) => w)).toFixed(0);
  console.log(`${what.padEnd(26)} CPU ${cpu.padStart(5)} ms, wall ${wall.padStart(5)} ms (median of ${runs})`);
};
for (const call of ['buildHymnalData', 'loadHymnalData'] as const)
  report(
    call,
    Array.from({ length: runs }, () => measure(call)),
  );

const db = await openPglite(undefined);
await migrate(db);
const data = loadHymnalData();
await ensureHymnalData(db, data);
const restarts: [number, number][] = [];
for (let i = 0; i < runs; i++) restarts.push(await timed(() => ensureHymnalData(db, data)));
report('ensureHymnalData unchanged', restarts);
await db.close();
