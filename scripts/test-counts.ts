/** What one runner's JSON report counts: tests that passed and tests that failed or could not run. */
export type Counts = { passed: number; failed: number };

type VitestReport = {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { status: string; assertionResults: { status: string }[] }[];
};
type PlaywrightReport = { stats: { expected: number; unexpected: number; flaky?: number } };

/**
 * Passed and failed tests of a Vitest or a Playwright JSON report. A Vitest file whose setup
 * failed (a `beforeAll` that threw, a module that did not load) reports its tests as skipped and
 * none as failed: each of them counts as failed here (at least one per file), so such a run
 * never adds up to "0 failed".
 */
export function reportCounts(report: VitestReport | PlaywrightReport): Counts {
  if ('numPassedTests' in report) {
    const brokenFiles = report.testResults.filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
    );
    const unrun = brokenFiles.reduce(
      (sum, file) => sum + Math.max(1, file.assertionResults.filter((test) => test.status !== 'passed').length),
      0,
    );
    return { passed: report.numPassedTests, failed: report.numFailedTests + unrun };
  }
  return { passed: report.stats.expected + (report.stats.flaky ?? 0), failed: report.stats.unexpected };
}
