/**
 * Printing a reference gives the whole reference: every operation and message
 * visible and expanded, without navigation chrome.
 */
import {test, expect, gotoHydrated} from './fixtures';

for (const path of ['/rest', '/docs/ws']) {
  test(`printing ${path} shows every section expanded and no navigation`, async ({page}) => {
    await gotoHydrated(page, path);
    await page.emulateMedia({media: 'print'});
    for (const selector of ['nav.navbar', 'footer', '.theme-doc-sidebar-container', '.table-of-contents']) {
      for (const element of await page.locator(selector).all()) {
        await expect(element, selector).toBeHidden();
      }
    }
    const headings = page.locator('main h2, main h3');
    expect(await headings.count()).toBeGreaterThan(10);
    for (const heading of await headings.all()) await expect(heading).toBeVisible();
    // Content inside collapsed <details> is printed too (details that print leaves
    // out on purpose, such as a diagram's text version next to its picture, are skipped).
    const hidden = await page.evaluate(() =>
      [...document.querySelectorAll('main details')]
        .filter((details) => details.getClientRects().length > 0)
        .flatMap((details) =>
          [...details.children]
            .filter((child) => child.tagName !== 'SUMMARY')
            .filter((child) => (child as HTMLElement).offsetHeight === 0 && child.textContent?.trim())
            .map((child) => child.textContent?.slice(0, 60) ?? ''),
        ),
    );
    expect(hidden).toEqual([]);
  });
}
