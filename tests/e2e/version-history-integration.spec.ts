/**
 * The integration filter on /version-history, in Chromium, on the product's recorded history
 * (2.0.0 and its two amendments): each input (a pasted list, Postman v2.1 and v2.0 collections, a
 * HAR with REST calls and WebSocket sessions, a dropped file) at 1280 and 420 px, with what each
 * request matched and why, unmatched requests listed, no token shown, axe clean, the keyboard
 * flow, the selection in the URL fragment, the downloads, and nothing sent: the filter's code is
 * fetched from the site on first use and no other request leaves the page.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page, Request} from '@playwright/test';
import {axeViolationsIn, expect, gotoHydrated, ROOT, test} from './fixtures';

const FIXTURES = path.join(ROOT, 'tests/fixtures/integration');
const SECRETS = [
  'collection-secret',
  'header-secret-token',
  'query-secret-token',
  'variable-secret-value',
  'v2-0-secret-token',
  'cookie-secret-value',
  'har-rest-secret-token',
  'har-ws-secret-token',
  'har-cookie-secret',
  'har-query-secret',
];
/** A string only the filter's chunk holds (its refusal's name), never the page's first chunks. */
const FILTER_MARKER = 'InputRefused';

/** Every request the page makes, and the bodies of the scripts it loads. */
function watch(page: Page): {requests: Request[]; scripts: Map<string, Promise<string>>} {
  const requests: Request[] = [];
  const scripts = new Map<string, Promise<string>>();
  page.on('request', (r) => requests.push(r));
  page.on('response', (response) => {
    if (response.url().endsWith('.js'))
      scripts.set(
        response.url(),
        response.text().catch(() => ''),
      );
  });
  return {requests, scripts};
}

async function scriptsHolding(scripts: Map<string, Promise<string>>, marker: string): Promise<string[]> {
  const found: string[] = [];
  for (const [url, body] of scripts) if ((await body).includes(marker)) found.push(url);
  return found;
}

/** No request but the site's own static files, fetched with GET (the filter's chunk, its styles). */
function expectNothingSent(requests: Request[], origin: string): void {
  for (const r of requests) {
    const url = r.url();
    if (url.startsWith('blob:') || url.startsWith('data:')) continue;
    expect(new URL(url).origin, url).toBe(origin);
    expect(r.method(), url).toBe('GET');
    expect(r.postData(), url).toBeNull();
    expect(url, 'nothing of the selection travels in a request').not.toMatch(/integration|getBulkOrder|use=/);
  }
}

async function openWithKeyboard(page: Page): Promise<void> {
  const button = page.getByRole('button', {name: 'Filter by what I use'});
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel(/Operations and messages you use/)).toBeFocused();
}

const filter = (page: Page) => page.getByTestId('integration-filter');

for (const width of [1280, 420]) {
  test.describe(`integration filter at ${width} px`, () => {
    test.use({viewport: {width, height: 900}});

    test('loads on first use only; a pasted list, by keyboard, with an unmatched name listed; the selection in the fragment; axe clean', async ({
      page,
      baseURL,
    }) => {
      const {requests, scripts} = watch(page);
      await gotoHydrated(page, '/version-history');
      await page.waitForLoadState('networkidle');
      expect(await scriptsHolding(scripts, FILTER_MARKER), 'the filter is not in the first chunks').toEqual(
        [],
      );
      await expect(page.getByRole('heading', {name: 'Changes for your integration'})).toBeVisible();
      expect(await axeViolationsIn(page, 'section[aria-labelledby="integration"]')).toEqual([]);

      await openWithKeyboard(page);
      expect((await scriptsHolding(scripts, FILTER_MARKER)).length, 'fetched on first use').toBeGreaterThan(
        0,
      );
      await page.keyboard.type('getBulkOrder\ntrade\nnoSuchOperation');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', {name: 'Apply the list'})).toBeFocused();
      await page.keyboard.press('Enter');

      const status = filter(page).getByRole('status');
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await expect(status).toContainText(
        /\d+ changes since 2\.0\.0 \(as first published\) reach what you use \(2 operations and messages\), 0 breaking\. 1 unmatched/,
      );
      const requestsList = filter(page).locator('li').filter({hasText: 'noSuchOperation'});
      await expect(requestsList).toContainText('Unmatched');
      await expect(requestsList).toContainText(
        /no operation \(operationId\) and no message is named noSuchOperation/,
      );
      await expect(
        filter(page)
          .locator('li')
          .filter({hasText: /^Matched getBulkOrder/}),
      ).toContainText('GET /api/orders/bulk/{bulk_order_id}');
      // Only what reaches getBulkOrder and trade, from the amendments.
      const changes = filter(page).locator('ul[class*="lines"] > li');
      expect(await changes.count()).toBeGreaterThan(0);
      for (const text of await changes.allTextContents()) {
        expect(text).toMatch(
          /^(GET \/api\/orders\/bulk\/\{bulk_order_id\}|message trade on channel trades): /,
        );
        expect(text).toMatch(/\(in 2\.0\.0, amendment [12]\)$/);
      }
      expect(new URL(page.url()).hash).toBe('#integration?since=v2-0-0&use=getBulkOrder&use=trades/trade');

      // The version control changes the list and the fragment, and is announced.
      await page.getByLabel('Your version: changes since').selectOption({label: '2.0.0, amendment 1'});
      await expect(status).toContainText('since 2.0.0, amendment 1');
      expect(new URL(page.url()).hash).toContain('since=v2-0-0-amendment-1');

      expect(await axeViolationsIn(page, '[data-testid="integration-filter"]')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expectNothingSent(requests, new URL(baseURL ?? '').origin);
    });

    test('a Postman v2.1 and a v2.0 collection: {{baseUrl}} and :param matched, unmatched and wrong-method requests listed, no token shown', async ({
      page,
      baseURL,
    }) => {
      const {requests} = watch(page);
      await gotoHydrated(page, '/version-history');
      await page.getByRole('button', {name: 'Filter by what I use'}).click();
      await page
        .getByLabel(/A Postman collection/)
        .setInputFiles([path.join(FIXTURES, 'postman-v2.1.json'), path.join(FIXTURES, 'postman-v2.0.json')]);
      await expect(
        filter(page).getByRole('heading', {
          name: /postman-v2\.1\.json \(Postman collection v2\.1\): 5 requests \(3 matched, 0 ambiguous, 2 unmatched\)/,
        }),
      ).toBeVisible();
      await expect(
        filter(page).getByRole('heading', {
          name: /postman-v2\.0\.json \(Postman collection v2\.0\): 3 requests \(3 matched/,
        }),
      ).toBeVisible();
      const bulk = filter(page).locator('li').filter({hasText: 'Orders › Get a bulk order'});
      await expect(bulk).toContainText('GET {{baseUrl}}/api/orders/bulk/:bulk_order_id');
      await expect(bulk).toContainText('host {{baseUrl}} set aside (a variable)');
      await expect(bulk).toContainText(':bulk_order_id is the placeholder for {bulk_order_id}');
      await expect(filter(page).locator('li').filter({hasText: '/api/portfolio'})).toContainText('Unmatched');
      await expect(filter(page).locator('li').filter({hasText: 'Wrong method'})).toContainText(
        '/api/instruments is documented for GET, not DELETE',
      );
      await expect(
        filter(page)
          .getByText(/credentials? taken out/)
          .first(),
      ).toBeVisible();
      const text = (await filter(page).textContent()) ?? '';
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      expect(text).toContain('access_token=[redacted]');
      expect(await axeViolationsIn(page, '[data-testid="integration-filter"]')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expectNothingSent(requests, new URL(baseURL ?? '').origin);
    });

    test('a HAR dropped on the section: REST calls and WebSocket sessions by address and frame names; downloads as JSON and Atom', async ({
      page,
      baseURL,
    }) => {
      const {requests} = watch(page);
      await gotoHydrated(page, '/version-history');
      await page.getByRole('button', {name: 'Filter by what I use'}).click();
      const har = readFileSync(path.join(FIXTURES, 'session.har'), 'utf8');
      const drop = await page.evaluateHandle((content) => {
        const data = new DataTransfer();
        data.items.add(new File([content], 'session.har', {type: 'application/json'}));
        return data;
      }, har);
      await filter(page).dispatchEvent('drop', {dataTransfer: drop});
      await expect(
        filter(page).getByRole('heading', {
          name: /session\.har \(HAR file\): 6 requests \(5 matched, 0 ambiguous, 1 unmatched\)/,
        }),
      ).toBeVisible();
      const orders = filter(page).locator('li').filter({hasText: 'wss://api.preprod.example.com/ws/orders'});
      await expect(orders).toContainText('address /ws/orders is channel orders’s');
      await expect(orders).toContainText('new_order (1 frame)');
      await expect(orders).toContainText('1 frame named no message: frame 5 (members unexpected_member)');
      await expect(filter(page).locator('li').filter({hasText: '/ws/trades-feed'})).toContainText(
        'its first frame subscribes channel trades',
      );
      await expect(filter(page).locator('li').filter({hasText: 'unknown-endpoint'})).toContainText(
        'Unmatched',
      );
      const text = (await filter(page).textContent()) ?? '';
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      expect(text).toContain('token=[redacted]');
      // The history's corrections to what this capture uses (trade, the subscription confirmations).
      await expect(
        filter(page)
          .locator('ul[class*="lines"] > li')
          .filter({hasText: 'message trade on channel trades'})
          .first(),
      ).toBeVisible();

      const [json] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', {name: 'Download as JSON'}).click(),
      ]);
      expect(json.suggestedFilename()).toBe('changes-since-2.0.0-as-first-published.json');
      const data = JSON.parse(readFileSync(await json.path(), 'utf8')) as {
        changes: Array<{subject: string; in: string}>;
        requests: Array<{status: string; request: string}>;
      };
      const listed = await filter(page).locator('ul[class*="lines"] > li').count();
      expect(data.changes).toHaveLength(listed);
      expect(data.requests.filter((r) => r.status === 'unmatched').map((r) => r.request)).toEqual([
        'POST https://api.preprod.example.com/api/unknown-endpoint',
      ]);
      expect(JSON.stringify(data)).not.toMatch(new RegExp(SECRETS.join('|')));
      const [atom] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', {name: 'Download as an Atom feed'}).click(),
      ]);
      const feed = readFileSync(await atom.path(), 'utf8');
      expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
      expect(feed.match(/<entry>/g)?.length).toBeGreaterThan(0);
      expect(await axeViolationsIn(page, '[data-testid="integration-filter"]')).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expectNothingSent(requests, new URL(baseURL ?? '').origin);
    });
  });
}

test('a bookmarked selection opens the filter with it, at its version', async ({page}) => {
  await gotoHydrated(page, '/version-history#integration?since=v2-0-0&use=getBulkOrder&use=trades/trade');
  await expect(page.getByLabel(/Operations and messages you use/)).toHaveValue('getBulkOrder\ntrades/trade');
  await expect(page.getByLabel('Your version: changes since')).toHaveValue('v2-0-0');
  await expect(filter(page).getByRole('status')).toContainText(
    /\d+ changes since 2\.0\.0 \(as first published\) reach what you use \(2 operations and messages\)/,
  );
});

test('a file that is neither a collection nor a capture is refused in words', async ({page}) => {
  await gotoHydrated(page, '/version-history');
  await page.getByRole('button', {name: 'Filter by what I use'}).click();
  await page.getByLabel(/A Postman collection/).setInputFiles({
    name: 'notes.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"hello": 1}'),
  });
  await expect(filter(page).getByRole('alert')).toContainText(
    /notes\.json: This file cannot be read: .*Accepted: a Postman collection/,
  );
});
