import {accessSync, constants} from 'node:fs';
import type {Browser, LaunchOptions} from '@playwright/test';

/**
 * How every tool here launches Debian's Chromium (browser tests, benchmarks):
 * the executable and the flags that keep it from reaching the network on its own.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's headless shell of the same Chromium release: the tests prefer it (testBrowserPath). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser the tests open pages in (the browser tests, and the build tests that open a built
 * site). Headless, they need no browser window: when Debian's chromium-headless-shell is installed
 * (the same Chromium release as the chromium package, built as the headless shell Playwright itself
 * runs by default) and CHROME_PATH names no other browser, they run in it. Measured 2026-11-27 on
 * the shared 2-core machine, twelve hydrated page loads (/rest, /docs/ws, /, /docs/intro, three
 * times each): 59 s of CPU time in /usr/bin/chromium, 25 s in the headless shell. The benchmarks
 * keep CHROME_PATH: they measure the browser readers use.
 */
export function testBrowserPath(): string {
  if (process.env.CHROME_PATH !== undefined) return CHROME_PATH;
  try {
    accessSync(HEADLESS_SHELL, constants.X_OK);
    return HEADLESS_SHELL;
  } catch {
    return CHROME_PATH;
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches Chromium through Playwright, loaded on first use: Playwright takes about 0.7 s to load,
 * and the benchmarks' `--help` (and `bench:diff`, which opens no browser) answer without it.
 */
export async function launchChromium(options: LaunchOptions): Promise<Browser> {
  const {chromium} = await import('@playwright/test');
  return chromium.launch(options);
}
