/**
 * The "Validate a payload" panels on /rest and /docs/ws, in the browser: lazy
 * loading (no validator code before a panel opens), good and bad payloads in
 * words, empty and malformed input, huge and deep input with the page staying
 * responsive, keyboard use, 800 px, and a strict Content-Security-Policy.
 */
import type {Locator, Page} from '@playwright/test';
import {test, expect, gotoHydrated, axeViolationsIn} from './fixtures';

const VALIDATOR_CHUNK = /\/assets\/js\/validator-/;

function panel(page: Page, target: string): Locator {
  return page.locator(`[data-validator-target="${target}"]`);
}

/** Opens the panel and waits until its validator is loaded (or known unavailable). */
async function open(page: Page, target: string): Promise<Locator> {
  const item = panel(page, target);
  await expect(item).toHaveCount(1);
  // In one CI run under load the click left the panel closed (not reproduced in
  // 10 local repeats; probably it landed while sections near the panel were laid
  // out for the first time and the page moved). A reader would click again, and
  // so does the test: a panel that never opens still fails it.
  await expect(async () => {
    if (!(await item.evaluate((details) => (details as HTMLDetailsElement).open))) {
      await item.locator('summary').click();
    }
    await expect(item.getByLabel('JSON payload')).toBeVisible({timeout: 2_000});
  }).toPass({timeout: 15_000});
  await expect(item.getByRole('status')).not.toContainText('Loading the validator');
  return item;
}

/** Puts text into the panel's textarea (directly: typing megabytes would take minutes). */
async function setPayload(item: Locator, text: string): Promise<void> {
  await item.getByLabel('JSON payload').evaluate((element, value) => {
    (element as HTMLTextAreaElement).value = value;
  }, text);
}

/** Pastes text as a reader would (a paste event with clipboard data). */
async function paste(item: Locator, text: string): Promise<void> {
  await item.getByLabel('JSON payload').evaluate((element, value) => {
    const data = new DataTransfer();
    data.setData('text/plain', value);
    element.dispatchEvent(
      new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}),
    );
  }, text);
}

async function validate(item: Locator, text?: string): Promise<Locator> {
  if (text !== undefined) await setPayload(item, text);
  await item.getByRole('button', {name: 'Validate', exact: true}).click();
  const status = item.getByRole('status');
  await expect(status).toHaveAttribute(
    'data-state',
    /^(valid|invalid|syntax|empty|refused|failed|unavailable)$/,
    {timeout: 20_000},
  );
  return status;
}

/** The text of each listed error (pointer, words, value), in order. */
async function errorTexts(status: Locator): Promise<string[]> {
  return status.locator(':scope > ol > li').evaluateAll((items) =>
    items.map((item) => {
      const copy = item.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('ul').forEach((nested) => nested.remove());
      return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
    }),
  );
}

test('every panel on /rest and /docs/ws finds its validator', async ({page}) => {
  for (const pagePath of ['/rest', '/docs/ws']) {
    await gotoHydrated(page, pagePath);
    const targets = await page
      .locator('[data-validator-target]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-validator-target') ?? ''));
    expect(targets.length, pagePath).toBeGreaterThanOrEqual(pagePath === '/rest' ? 3 : 5);
    for (const target of targets) {
      const item = await open(page, target);
      await expect(item.getByRole('status'), target).not.toContainText('unavailable');
      const status = await validate(item, '{}');
      await expect(status, target).toHaveAttribute('data-state', /^(valid|invalid)$/);
    }
  }
});

test.describe('REST request bodies', () => {
  test('no validator code is fetched before a panel opens; opening one fetches only its own', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (VALIDATOR_CHUNK.test(request.url())) requested.push(new URL(request.url()).pathname);
    });
    await gotoHydrated(page, '/rest');
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    await open(page, 'rest:createBulkOrder');
    await expect.poll(() => requested.length).toBeGreaterThanOrEqual(2);
    expect(requested.some((url) => /validator-worker\./.test(url))).toBe(true);
    expect(requested.filter((url) => /validator-(rest|ws)-/.test(url))).toEqual([
      expect.stringMatching(/validator-rest-createBulkOrder-js\.[0-9a-f]+\.js$/),
    ]);
    // The page's own scripts never contain Ajv.
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
    for (const src of scripts) {
      const body = await (await page.request.get(src)).text();
      expect(body, src).not.toMatch(/strictSchema|ajv\/dist|unknown format/);
    }
  });

  test('createBulkOrder: the example is valid; a bad order is explained field by field', async ({page}) => {
    await gotoHydrated(page, '/rest');
    const item = await open(page, 'rest:createBulkOrder');
    await item.getByRole('button', {name: 'Load example'}).click();
    await expect(item.getByLabel('JSON payload')).toHaveValue(/"new_bulk_order"/);
    let status = await validate(item);
    await expect(status).toContainText('Valid: the payload matches the schema.');
    await expect(status).toHaveAttribute('data-where', 'worker');

    status = await validate(
      item,
      JSON.stringify({
        new_bulk_order: {
          order_type: 'MARKET',
          orders: [
            {
              order_ref: 'a',
              instrument: 'btc-eur',
              side: 'BUY',
              amount: {leg_1_amount: '1', leg_2_amount: '2'},
            },
          ],
        },
      }),
    );
    await expect(status).toContainText(/Invalid: \d+ errors/);
    const errors = await errorTexts(status);
    expect(errors).toContainEqual(
      expect.stringMatching(/^\/new_bulk_order\/order_type must be "BULK_MARKET" — value: "MARKET"/),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^\/new_bulk_order\/orders\/0\/instrument must match \^\[A-Z\].*BASE-QUOTE.* — value: "btc-eur"/,
      ),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^\/new_bulk_order\/orders\/0\/amount must have exactly one of leg_1_amount \/ leg_2_amount \(it has both\)/,
      ),
    );
  });

  test('createSettlementRequest and mapTransaction: good and bad payloads', async ({page}) => {
    await gotoHydrated(page, '/rest');
    const settle = await open(page, 'rest:createSettlementRequest');
    await settle.getByRole('button', {name: 'Load example'}).click();
    await expect(await validate(settle)).toContainText('Valid');
    const status = await validate(
      settle,
      '{"client_settlement_request_id": "s", "trade_ids": ["t1", "t1"], "request_amounts": []}',
    );
    const errors = await errorTexts(status);
    expect(errors).toContainEqual(
      expect.stringMatching(/^\/trade_ids must not contain duplicates \(items 0 and 1 are equal\)/),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(/^\/request_amounts must have at least 1 item \(it has 0 items\) — value: \[\]/),
    );

    const map = await open(page, 'rest:mapTransaction');
    await expect(await validate(map, '{"settlement_request_amount_id": "sra_1"}')).toContainText('Valid');
    const mapped = await validate(map, '{"amount": 12.5}');
    const mapErrors = await errorTexts(mapped);
    expect(mapErrors).toContainEqual(
      expect.stringMatching(
        /^\(whole payload\) must have the required property "settlement_request_amount_id"/,
      ),
    );
    expect(mapErrors).toContainEqual(
      expect.stringMatching(/^\/amount must be a string \(it is a number with a fraction\) — value: 12\.5/),
    );
  });

  test('empty and malformed input get a clear message', async ({page}) => {
    await gotoHydrated(page, '/rest');
    const item = await open(page, 'rest:mapTransaction');
    await expect(await validate(item, '')).toContainText(
      'There is nothing to validate: paste a JSON payload first.',
    );
    await expect(await validate(item, '{\n  "amount": "1",\n}')).toContainText(
      /Not valid JSON: a comma is followed by "}" \(trailing commas are not allowed in JSON\) \(line 3, column 1\)\./,
    );
    await expect(await validate(item, "{'amount': 1}")).toContainText(
      /Not valid JSON: .*double quotes.*\(line 1, column 2\)/,
    );
  });

  test('a 1 MB payload and 10 000 levels of nesting are answered while the page stays responsive', async ({
    page,
  }) => {
    await gotoHydrated(page, '/rest');
    const item = await open(page, 'rest:createSettlementRequest');
    const ids = Array.from({length: 70_000}, (_, index) => `trade-${String(index).padStart(8, '0')}`);
    const big = JSON.stringify({client_settlement_request_id: 's', trade_ids: ids, request_amounts: []});
    expect(big.length).toBeGreaterThan(1_000_000);
    await paste(item, big);
    // Megabytes stay out of the text box (laying them out would block the page for seconds).
    await expect(item.getByText(/A 1\.\d MB payload was pasted/)).toBeVisible();
    await expect(item.getByLabel('JSON payload')).toHaveValue('');
    await item.getByRole('button', {name: 'Validate', exact: true}).click();
    // The worker parses and validates (checked below with data-where): the page keeps answering.
    expect(await page.evaluate(() => 6 * 7)).toBe(42);
    const status = item.getByRole('status');
    await expect(status).toHaveAttribute('data-state', 'invalid', {timeout: 20_000});
    await expect(status).toHaveAttribute('data-where', 'worker');
    expect(await errorTexts(status)).toContainEqual(
      expect.stringMatching(/^\/trade_ids must have at most 9999 items \(it has 70000 items\)/),
    );

    await item.getByRole('button', {name: 'Discard it'}).click();
    await expect(item.getByText(/payload was pasted/)).toHaveCount(0);
    const deep = await validate(item, '['.repeat(10_000) + ']'.repeat(10_000));
    await expect(deep).toHaveAttribute('data-state', 'refused');
    await expect(deep).toContainText(/more than 1000 levels deep \(line 1, column 1001\)/);
    expect(await page.evaluate(() => document.title.length > 0)).toBe(true);
  });

  test('keyboard only: open, type, validate with Enter and Ctrl+Enter; results are announced', async ({
    page,
  }) => {
    await gotoHydrated(page, '/rest');
    const item = panel(page, 'rest:mapTransaction');
    await item.locator('summary').focus();
    await page.keyboard.press('Enter');
    const input = item.getByLabel('JSON payload');
    await expect(input).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    // The panel opens with the example picked beside it: replace it. The example is put in by the
    // details element's toggle event, which fires after the box is shown: select only once it is
    // there (under load, Control+A once selected the empty box and the example came in after it).
    await expect(input).not.toHaveValue('');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{"settlement_request_amount_id": "sra_1"}');
    await page.keyboard.press('Control+Enter');
    const status = item.getByRole('status');
    await expect(status).toHaveAttribute('aria-live', 'polite');
    await expect(status).toContainText('Valid');
    await page.keyboard.press('Tab');
    await expect(item.getByRole('button', {name: 'Validate', exact: true})).toBeFocused();
    await input.fill('{}');
    await item.getByRole('button', {name: 'Validate', exact: true}).focus();
    await page.keyboard.press('Enter');
    await expect(status.getByRole('listitem')).toHaveCount(1);
  });

  test('an open panel with errors, details and a large paste has no axe violations', async ({page}) => {
    await gotoHydrated(page, '/docs/ws');
    const item = await open(page, 'ws:subscribe_instruments');
    await validate(
      item,
      JSON.stringify({
        subscribe_instruments: {
          channel: 'prices',
          subscriptions: [{subscription_id: 's', instrument: 'btc', mergeable: false, max_frequency: 5}],
        },
      }),
    );
    await expect(item.getByRole('status').getByRole('list').first()).toBeVisible();
    await expect(item.getByRole('status').getByRole('list')).toHaveCount(2);
    expect(await axeViolationsIn(page, '[data-validator-target="ws:subscribe_instruments"]')).toEqual([]);
    await paste(item, `[${'1,'.repeat(60_000)}1]`);
    await expect(item.getByText(/payload was pasted/)).toBeVisible();
    expect(await axeViolationsIn(page, '[data-validator-target="ws:subscribe_instruments"]')).toEqual([]);
  });

  test('usable at 800 px', async ({page}) => {
    await page.setViewportSize({width: 800, height: 900});
    await gotoHydrated(page, '/rest');
    const item = await open(page, 'rest:createBulkOrder');
    await item.getByRole('button', {name: 'Load example'}).click();
    await validate(
      item,
      '{"new_bulk_order": {"order_type": "BULK_MARKET", "orders": [{"order_ref": "a", "instrument": "BTC-EUR-LONGER-THAN-ALLOWED", "side": "BUY", "amount": {}}]}}',
    );
    const box = await item.getByLabel('JSON payload').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(800);
    for (const name of ['Validate', 'Load example']) {
      const button = await item.getByRole('button', {name, exact: true}).boundingBox();
      expect((button?.x ?? 0) + (button?.width ?? 0), name).toBeLessThanOrEqual(800);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800);
  });

  test("works under script-src 'self' and worker-src 'self' without unsafe-eval", async ({page}) => {
    const policy =
      "default-src 'self'; script-src 'self' 'unsafe-inline'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'";
    await page.route('**/*', async (route) => {
      const response = await route.fetch().catch(() => undefined);
      if (response === undefined) return route.abort().catch(() => undefined);
      const type = response.headers()['content-type'] ?? '';
      const headers = /html|javascript/.test(type)
        ? {...response.headers(), 'content-security-policy': policy}
        : response.headers();
      await route.fulfill({response, headers}).catch(() => undefined);
    });
    await page.addInitScript(() => {
      (window as unknown as {violations: string[]}).violations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as {violations: string[]}).violations.push(
          `${event.violatedDirective} ${event.blockedURI}`,
        );
      });
    });
    await gotoHydrated(page, '/rest');
    const item = await open(page, 'rest:createBulkOrder');
    await item.getByRole('button', {name: 'Load example'}).click();
    const status = await validate(item);
    await expect(status).toContainText('Valid');
    await expect(status).toHaveAttribute('data-where', 'worker');
    await expect(await validate(item, '{"new_bulk_order": 1}')).toContainText('must be an object');
    expect(await page.evaluate(() => (window as unknown as {violations: string[]}).violations)).toEqual([]);
  });
});

test.describe('WebSocket messages the reader sends', () => {
  test('new_order: the example is valid; errors name the field and the rule; lazy loading', async ({
    page,
  }) => {
    const requested: string[] = [];
    page.on('request', (request) => {
      if (VALIDATOR_CHUNK.test(request.url())) requested.push(request.url());
    });
    await gotoHydrated(page, '/docs/ws');
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    const item = await open(page, 'ws:new_order');
    // Polled: the panel's status can read "not loading" before its toggle handler has started the load.
    await expect
      .poll(() => requested.filter((url) => /validator-(rest|ws)-/.test(url)))
      .toEqual([expect.stringMatching(/validator-ws-new_order-js\./)]);
    await item.getByRole('button', {name: 'Load example'}).click();
    await expect(await validate(item)).toContainText('Valid');
    const status = await validate(
      item,
      JSON.stringify({
        new_order: {
          order_ref: 'x',
          order_type: 'MARKET',
          instrument: 'BTC-EUR',
          side: 'HOLD',
          amount: {},
          counter_leg_precision: 120,
        },
      }),
    );
    const errors = await errorTexts(status);
    expect(errors).toContainEqual(
      expect.stringMatching(/^\/new_order\/side must be one of "BUY", "SELL" — value: "HOLD"/),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(/^\/new_order\/counter_leg_precision must be at most 99 — value: 120/),
    );
    expect(errors).toContainEqual(
      expect.stringMatching(
        /^\/new_order\/amount must have exactly one of leg_1_amount \/ leg_2_amount \(it has neither\)/,
      ),
    );
    await expect(await validate(item, '')).toContainText('There is nothing to validate');
    await expect(await validate(item, '{"new_order": }')).toContainText(
      /Not valid JSON: .*\(line 1, column 15\)/,
    );
  });

  test('subscribe_instruments: the mergeable / max_frequency rule, and a 1 MB payload', async ({page}) => {
    await gotoHydrated(page, '/docs/ws');
    const item = await open(page, 'ws:subscribe_instruments');
    await item.getByRole('button', {name: 'Load example'}).click();
    await expect(await validate(item)).toContainText('Valid');
    const status = await validate(
      item,
      JSON.stringify({
        subscribe_instruments: {
          channel: 'prices',
          subscriptions: [
            {subscription_id: 's', instrument: 'BTC-EUR', mergeable: false, max_frequency: 500},
          ],
        },
      }),
    );
    await expect(status).toContainText(
      /\/subscribe_instruments\/subscriptions\/0 breaks a conditional rule: mergeable is false/,
    );
    await expect(status).toContainText(
      /\/subscribe_instruments\/subscriptions\/0\/max_frequency must be 0 — value: 500/,
    );

    const subscriptions = Array.from({length: 12_000}, (_, index) => ({
      subscription_id: `sub-${index}`,
      instrument: 'BTC-EUR',
      mergeable: true,
      max_frequency: 10,
    }));
    const big = JSON.stringify({subscribe_instruments: {channel: 'prices', subscriptions}});
    expect(big.length).toBeGreaterThan(1_000_000);
    await paste(item, big);
    await item.getByRole('button', {name: 'Validate', exact: true}).click();
    expect(await page.evaluate(() => 1 + 1)).toBe(2);
    await expect(item.getByRole('status')).toContainText(
      /\/subscribe_instruments\/subscriptions must have at most 999 items \(it has 12000 items\)/,
      {timeout: 20_000},
    );
  });
});
