import {defineConfig} from 'vitest/config';

/**
 * Unit, document and build tests. Browser tests live in tests/e2e and run under
 * Playwright (playwright.config.ts), never here.
 */
export default defineConfig({
  test: {
    include: ['tests/{unit,specs,build}/**/*.test.{ts,tsx}', 'plugins/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
