import { existsSync, readFileSync } from 'node:fs';
import { reportCounts } from './test-counts.ts';

/**
 * Adds up Vitest's and Playwright's JSON reports into one line: "N passed, N failed".
 * A report that is missing (its runner crashed) counts as one failure, so a broken run never
 * looks green.
 */
let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`missing test report: ${file}`);
    failed += 1;
    continue;
  }
  const counts = reportCounts(JSON.parse(readFileSync(file, 'utf8')));
  passed += counts.passed;
  failed += counts.failed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
