#!/usr/bin/env bash
# The whole test suite: lint, type checks, Vitest (unit and API tests on PGlite, and on
# PostgreSQL too when TEST_DATABASE_URL is set), a production build, then Playwright journeys
# in Chromium. Ends with one line "N passed, N failed" counting every test that ran.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/vitest.json test-results/e2e.json
status=0

step() { echo; echo "== $*"; }

step "Lint"
pnpm -s lint || status=1
step "Type check"
pnpm -s typecheck || status=1

step "Vitest"
pnpm -s vitest run --reporter=default --reporter=json --outputFile=test-results/vitest.json || status=1

step "Build"
if pnpm -s build; then
  step "Playwright"
  rm -rf test-results/e2e-data
  pnpm -s playwright test || status=1
else
  status=1
fi

node scripts/test-summary.ts test-results/vitest.json test-results/e2e.json || status=1
exit $status
