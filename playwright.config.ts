import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_ARGS, testBrowserPath} from './scripts/shared/chromium';

/**
 * Browser tests run against the production build (`build/`), served by
 * `docusaurus serve` on 127.0.0.1, in Debian's Chromium (never a downloaded one): its headless
 * shell when it is installed (testBrowserPath, scripts/shared/chromium.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 4179);
/** The build to test; `build/` unless E2E_BUILD_DIR names another output folder. */
const BUILD_DIR = process.env.E2E_BUILD_DIR ?? 'build';
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 60_000,
  expect: {timeout: 10_000},
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: BASE_URL,
    ...devices['Desktop Chrome'],
    viewport: {width: 1280, height: 800},
    launchOptions: {
      executablePath: testBrowserPath(),
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
  },
  webServer: {
    command: `npx docusaurus serve --dir ${BUILD_DIR} --host 127.0.0.1 --port ${PORT} --no-open`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // Docusaurus's command line otherwise starts update-notifier, a child process that asks the npm
    // registry for a newer release (at most hourly): the tests make no network call.
    env: {NO_UPDATE_NOTIFIER: '1'},
  },
});
