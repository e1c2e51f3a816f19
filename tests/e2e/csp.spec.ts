/**
 * The Content-Security-Policy is enforced by the browser (it is a meta tag in
 * every page) and the site satisfies it: no violation on any route, including
 * after client-side navigation and with interactive parts in use.
 */
import {test, expect, gotoHydrated, ROUTES} from './fixtures';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

test.beforeEach(async ({page}) => {
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations?.push(`${event.violatedDirective}: ${event.blockedURI}`);
    });
  });
});

// Also the site's "no network calls of its own" on every route: the fixture fails the test on any
// request to another origin or console error, here once every request of each page has settled.
test('every route carries a strict policy, raises no violation, requests nothing from another origin and logs no error', async ({
  page,
}) => {
  for (const route of ROUTES) {
    await gotoHydrated(page, route.path);
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    expect(policy, route.path).toMatch(/script-src 'self'/);
    expect(policy, route.path).not.toContain('unsafe-eval');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.cspViolations), route.path).toEqual([]);
  }
});

test('client-side navigation through the navbar raises no violation', async ({page}) => {
  await gotoHydrated(page, '/');
  for (const label of ['Guides', 'REST', 'WebSocket', 'Version history']) {
    await page.locator('nav.navbar').getByRole('link', {name: label, exact: true}).click();
    await page.waitForLoadState('networkidle');
  }
  expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
});
