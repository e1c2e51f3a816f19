/**
 * The Content-Security-Policy is enforced by the browser (it is a meta tag in every page) and the
 * site satisfies it after client-side navigation too. Each route's own load (its policy, no
 * violation, nothing requested from another origin) is checked by its route test in shell.spec.ts.
 */
import {test, expect, gotoHydrated, watchCspViolations, cspViolations} from './fixtures';

test.beforeEach(({page}) => watchCspViolations(page));

test('client-side navigation through the navbar raises no violation', async ({page}) => {
  await gotoHydrated(page, '/');
  for (const label of ['Guides', 'REST', 'WebSocket', 'Version history']) {
    await page.locator('nav.navbar').getByRole('link', {name: label, exact: true}).click();
    await page.waitForLoadState('networkidle');
  }
  expect(await cspViolations(page)).toEqual([]);
});
