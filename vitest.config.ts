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
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
