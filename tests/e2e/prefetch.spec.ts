/**
 * A page prefetches the code of the pages it links to, never the API
 * references' data: that is the whole reference (megabytes for a large
 * document), and every guide links to it. Hover and tap still preload it.
 */
import {expect, test} from './fixtures';

/** Keys found only in the references' route data (RestModel, WsModel). */
const REFERENCE_DATA_MARKERS = ['"securitySchemes":', '"youReceive":'];

test('a guide prefetches other guides in idle time, but not the reference data', async ({page}) => {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    const url = response.url();
    if (url.endsWith('.js'))
      scripts.set(
        url,
        response.text().catch(() => ''),
      );
  });
  await page.goto('/docs/intro');
  await page.waitForSelector('html[data-has-hydrated="true"]');
  // Prefetching runs in idle time: wait until the hints stop growing (bounded).
  let previous = -1;
  for (let i = 0; i < 40; i++) {
    const count = await page.locator('link[rel="prefetch"]').count();
    if (count === previous && count > 0) break;
    previous = count;
    await page.waitForTimeout(250);
  }
  const hinted = await page
    .locator('link[rel="prefetch"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(hinted.length, 'other guides are still prefetched').toBeGreaterThan(0);
  await expect.poll(() => hinted.every((href) => !href.endsWith('.js') || scripts.has(href))).toBe(true);
  for (const [url, body] of scripts) {
    const text = await body;
    for (const marker of REFERENCE_DATA_MARKERS)
      expect(text.includes(marker), `${url} holds ${marker}`).toBe(false);
  }

  // Hovering the REST link still loads the reference ahead of the click.
  await page.getByRole('link', {name: 'REST', exact: true}).first().hover();
  await expect
    .poll(async () => {
      for (const body of scripts.values())
        if ((await body).includes(REFERENCE_DATA_MARKERS[0] ?? '')) return true;
      return false;
    })
    .toBe(true);
});
