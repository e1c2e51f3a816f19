/**
 * Accessibility: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules reports no violation of any
 * impact with the mobile sidebar open. Every route is checked at 1280 px and at 800 px
 * (Docusaurus's one-column layout, below its 997 px breakpoint) by its route test in shell.spec.ts,
 * on the same page load as its status, h1 and policy. axe is injected through the DevTools protocol
 * (page.evaluate), which the page's Content-Security-Policy does not govern.
 */
import {test, expect, gotoHydrated, axePageViolations, axeViolationsIn, untilSettled} from './fixtures';

test.describe('mobile menu open', () => {
  test.use({viewport: {width: 800, height: 900}});
  test('the open mobile sidebar has no axe violations', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    // The sidebar slides in: checked mid-transition, its half-faded links fail colour contrast.
    await untilSettled(page);
    expect(await axePageViolations(page)).toEqual([]);
  });
});

test('the check can fail: a violation made after a first run on the same page is reported', async ({
  page,
}) => {
  // axe is injected once per document (tests/helpers/axe.ts); each run reads the page afresh.
  // An element with id="axe" is window.axe too: it must not pass for an injected axe.
  await page.setContent(
    '<!doctype html><html lang="en"><title>t</title><main><p id="axe">Text</p></main></html>',
  );
  expect(await axePageViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const image = document.createElement('img');
    image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    document.querySelector('main')?.append(image);
  });
  expect((await axePageViolations(page)).map((v) => v.split(' ')[0])).toEqual(['image-alt']);
  expect(await axeViolationsIn(page, 'main')).toEqual(['image-alt: img']);
});
