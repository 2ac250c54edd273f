import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';

/**
 * What the hymnal and psalter cost a process that starts: building them from their source
 * files (`buildHymnalData`, what every process did before the kept copy) against reading the
 * kept copy (`loadHymnalData` with a current copy), each in fresh Node processes, as the
 * median CPU time (user + system) and wall time of the call.
 *
 *   node bench/hymnal.ts [--runs 9]
 */
const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' } } });
const runs = Number(values.runs);
const source = new URL('../packages/domain/src/hymnal-source.ts', import.meta.url).href;

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
for (const call of ['buildHymnalData', 'loadHymnalData'] as const) {
  const results = Array.from({ length: runs }, () => measure(call));
  const cpu = median(results.map(([c]) => c));
  const wall = median(results.map(([, w]) => w));
  console.log(
    `${call.padEnd(16)} CPU ${cpu.toFixed(0).padStart(5)} ms, wall ${wall.toFixed(0).padStart(5)} ms (median of ${runs})`,
  );
}
