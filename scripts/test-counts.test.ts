import { describe, expect, it } from 'vitest';
import { reportCounts } from './test-counts.ts';

const file = (status: string, tests: string[]) => ({
  status,
  assertionResults: tests.map((s) => ({ status: s })),
});

describe('reportCounts', () => {
  it('counts a Vitest report’s passed and failed tests', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [file('passed', ['passed', 'passed']), file('failed', ['passed', 'failed'])],
    };
    expect(reportCounts(report)).toEqual({ passed: 3, failed: 1 });
  });

  it('counts the tests of a file whose setup failed as failed, and a file that did not load as one', () => {
    // A beforeAll that threw: Vitest marks the file failed and its tests skipped, none failed.
    const report = {
      numPassedTests: 2,
      numFailedTests: 0,
      testResults: [
        file('passed', ['passed', 'passed']),
        file('failed', ['skipped', 'skipped', 'skipped']),
        file('failed', []),
      ],
    };
    expect(reportCounts(report)).toEqual({ passed: 2, failed: 4 });
  });

  it('counts a Playwright report’s expected, flaky and unexpected tests', () => {
    expect(reportCounts({ stats: { expected: 70, unexpected: 2, flaky: 1 } })).toEqual({ passed: 71, failed: 2 });
  });
});
