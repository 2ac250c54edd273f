import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/**/*.test.ts',
      'site/**/*.test.ts',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
      'dashboard/**/*.test.{ts,tsx}',
    ],
    exclude: ['**/node_modules/**', '**/dist/**', 'e2e/**'],
    // The migrated database every test database copies (made once per run).
    globalSetup: ['packages/server/src/test/db-template.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
