/**
 * How every tool here launches Debian's Chromium (browser tests, benchmarks):
 * the executable and the flags that keep it from reaching the network on its own.
 */
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Debian's headless shell of the same Chromium release: the browser tests prefer it (playwright.config.ts). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
