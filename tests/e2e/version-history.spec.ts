/**
 * /version-history in Chromium, on the product's own releases: the 2.0.0 amendment reads as a
 * correction, and at 420 px code in change lines wraps only where a <wbr> allows it (after `.`,
 * `/` or `_`), never inside a name.
 */
import {expect, test} from './fixtures';

test.describe('version history', () => {
  test('the amendment reads as a correction of the documents: no Breaking, what the earlier and corrected texts say, what to check', async ({
    page,
  }) => {
    await page.goto('/version-history');
    const amendment = page.locator('section[aria-labelledby="v2-0-0-amendment-1"]');
    await expect(
      amendment.getByText('The 2.0.0 documents were corrected; the API did not change.'),
    ).toBeVisible();
    await expect(amendment.getByRole('heading', {name: 'Corrections'})).toBeVisible();
    const text = (await amendment.textContent()) ?? '';
    expect(text).not.toContain('Breaking');
    expect(text).not.toMatch(/valid before may now be refused/);
    expect(text).toMatch(
      /The earlier text listed field trade\.header; the corrected text does not\.\s*(\(in the reference\)\s*)?If you followed the earlier text: do not rely on it: it is not there\./,
    );
    // The summary counts the lines listed under it.
    const corrections = await amendment.locator('ul[class*="items"] > li').count();
    const docs = await amendment.locator('ul[class*="docs"] > li').count();
    expect(text).toContain(`${corrections} corrections (`);
    expect(text).toContain(`${docs} reworded descriptions or examples`);
  });

  test('at 420 px, code in change lines breaks only after . / or _, and the page does not scroll sideways', async ({
    page,
  }) => {
    await page.setViewportSize({width: 420, height: 900});
    await page.goto('/version-history');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const report = await page.evaluate(() => {
      const codes = [...document.querySelectorAll('main ul li code')];
      let wrapped = 0;
      const broken: string[] = [];
      for (const code of codes) {
        const lines = new Set([...code.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) wrapped += 1;
        // Each name-part between two <wbr>s (and between spaces) sits on one line.
        for (const node of code.childNodes) {
          if (node.nodeType !== Node.TEXT_NODE) continue;
          const text = node.textContent ?? '';
          for (const word of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, word.index);
            range.setEnd(node, word.index + word[0].length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (tops.size > 1) broken.push(word[0]);
          }
        }
      }
      return {codes: codes.length, wrapped, broken};
    });
    expect(report.codes).toBeGreaterThan(20);
    // Long paths do wrap at this width, and only at the hints.
    expect(report.wrapped).toBeGreaterThan(0);
    expect(report.broken).toEqual([]);
  });
});
