import {accessSync, constants} from 'node:fs';
import {defineConfig, devices} from '@playwright/test';
import {CHROME_PATH, CHROMIUM_ARGS, HEADLESS_SHELL} from './scripts/shared/chromium';

/**
 * Browser tests run against the production build (`build/`), served by
 * `docusaurus serve` on 127.0.0.1, in Debian's Chromium (never a downloaded one).
 *
 * Headless, the tests need no browser window: when Debian's chromium-headless-shell is installed
 * (the same Chromium release as the chromium package, built as the headless shell Playwright itself
 * runs by default) and CHROME_PATH names no other browser, they run in it. Measured 2026-11-27 on
 * the shared 2-core machine, twelve hydrated page loads (/rest, /docs/ws, /, /docs/intro, three
 * times each): 59 s of CPU time in /usr/bin/chromium, 25 s in the headless shell.
 */
function browserPath(): string {
  if (process.env.CHROME_PATH !== undefined) return CHROME_PATH;
  try {
    accessSync(HEADLESS_SHELL, constants.X_OK);
    return HEADLESS_SHELL;
  } catch {
    return CHROME_PATH;
  }
}

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
      executablePath: browserPath(),
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
  },
});
