/**
 * Shared browser-test fixtures. Every test automatically fails when the page
 * logs a console error, throws an uncaught exception, or requests anything from
 * another origin (the site makes no network calls of its own). A test that
 * provokes errors on purpose opts out with `test.use({allowConsoleErrors: true})`.
 */
import {test as base, expect, type Page} from '@playwright/test';
import path from 'node:path';
import {loadIdentity, resolveSpecPaths, type SiteIdentity} from '../../plugins/api-reference/identity';

export const ROOT = path.resolve(__dirname, '../..');

/** The identity the site was built with (the same documents, same env overrides). */
export function siteIdentity(): SiteIdentity {
  return loadIdentity(resolveSpecPaths(ROOT));
}

export {ROUTES} from './routes';

interface Fixtures {
  allowConsoleErrors: boolean;
  pageProblems: string[];
}

export const test = base.extend<Fixtures>({
  allowConsoleErrors: [false, {option: true}],
  pageProblems: [
    async ({page, baseURL, allowConsoleErrors}, use) => {
      const problems: string[] = [];
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      page.on('request', (request) => {
        const url = request.url();
        if (url.startsWith('data:') || url.startsWith('blob:') || url.startsWith('about:')) return;
        if (new URL(url).origin !== origin) problems.push(`request to another origin: ${url}`);
      });
      if (!allowConsoleErrors) {
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
      }
      await use(problems);
      // A route handler still waiting on route.fetch() when its test ends (a prefetch the page
      // started late) would otherwise fail with "Test ended", sometimes in the next test: stop
      // routing and let such handlers finish quietly before the page closes.
      await page.unrouteAll({behavior: 'ignoreErrors'});
      expect(problems, 'console errors or requests to other origins').toEqual([]);
    },
    {auto: true},
  ],
});

export {expect};

/** Navigates and waits until React has hydrated the page (client JS is live). */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

export {untilSettled} from '../helpers/settle';

export {axeViolationsIn, axePageViolations} from '../helpers/axe';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Records every Content-Security-Policy violation of the pages `page` loads from now on. */
export async function watchCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
}

/** The violations recorded on the current page (watchCspViolations). */
export function cspViolations(page: Page): Promise<string[] | undefined> {
  return page.evaluate(() => window.cspViolations);
}
