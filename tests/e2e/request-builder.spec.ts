/**
 * "Build request" in the reference panes, in the browser (production build,
 * site CSP): nothing of it loads before it is opened; listTrades with filters
 * gives the right cURL; invalid values are refused naming the field and the
 * rule; the token never reaches storage or the URL; opening and using it makes
 * no request but same-origin GETs of its own chunks; at the examples, its
 * output in every language is the build-time sample beside it (one operation
 * of each request shape here, every operation in the unit tests); zero axe
 * violations with it open, at 1280 and 420 px, and keyboard use.
 */
import type {Locator, Page, Request} from '@playwright/test';
import {test, expect, gotoHydrated, axeViolationsIn} from './fixtures';

const BUILDER_CHUNKS = /\/assets\/js\/request-builder/;

const LANGUAGES = [
  {value: 'curl', label: 'curl'},
  {value: 'python', label: 'Python'},
  {value: 'javascript', label: 'JavaScript / TypeScript'},
  {value: 'go', label: 'Go'},
  {value: 'java', label: 'Java'},
  {value: 'csharp', label: 'C#'},
] as const;

/**
 * The operations whose builder is compared with the samples beside it in every language, in the
 * browser: one of each request shape (query filters, a JSON body, a path parameter, a body and a
 * path parameter together). Every operation in every language is compared without a browser, on the
 * same code (tests/unit/builder/snippet.test.ts); here the question is the page's wiring: the
 * language select, the shared tab and the bundled generator.
 */
const REST_OPERATIONS = ['listTrades', 'createBulkOrder', 'getBulkOrder', 'mapTransaction'];

function builder(page: Page, target: string): Locator {
  return page.locator(`[data-request-builder="${target}"]`);
}

/** Opens the builder and waits for its form (and, when the inputs are valid, its output). */
async function open(page: Page, target: string): Promise<Locator> {
  const item = builder(page, target);
  await expect(item).toHaveCount(1);
  await expect(async () => {
    if (!(await item.evaluate((details) => (details as HTMLDetailsElement).open)))
      await item.locator('summary').click();
    await expect(item.getByLabel('Server')).toBeVisible({timeout: 2_000});
  }).toPass({timeout: 15_000});
  return item;
}

function field(item: Locator, name: string): Locator {
  return item.locator(`[data-field="${name}"]`).locator('input[type="text"], select');
}

async function output(item: Locator): Promise<string> {
  const code = item.locator('[data-builder-output] pre code');
  await expect(code).toBeVisible();
  return (await code.textContent()) ?? '';
}

function status(item: Locator): Locator {
  return item.locator('[role="status"][data-state]');
}

test('nothing of the builder loads before it is opened; opening it fetches only its own chunks', async ({
  page,
}) => {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await gotoHydrated(page, '/rest');
  await page.waitForLoadState('networkidle');
  expect(requests.filter((r) => BUILDER_CHUNKS.test(r.url())).map((r) => r.url())).toEqual([]);
  await page.evaluate(() => {
    (window as unknown as {violations: string[]}).violations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as {violations: string[]}).violations.push(event.violatedDirective),
    );
  });
  const before = requests.length;
  const item = await open(page, 'rest:listTrades');
  await output(item);
  await field(item, 'limit').fill('250');
  await field(item, 'instrument').fill('ETH-EUR');
  await output(item);
  await page.waitForLoadState('networkidle');
  const after = requests.slice(before);
  expect(after.some((r) => /request-builder/.test(r.url()))).toBe(true);
  for (const request of after) {
    const url = new URL(request.url());
    expect(`${request.method()} ${url.origin}`, request.url()).toBe(`GET ${new URL(page.url()).origin}`);
    expect(url.pathname, 'only the builder’s own chunks').toMatch(/^\/assets\/(js|css)\//);
  }
  expect(await page.evaluate(() => (window as unknown as {violations: string[]}).violations)).toEqual([]);
});

test("a field's label says where it goes and whether it is required, as words a screen reader reads", async ({
  page,
}) => {
  await gotoHydrated(page, '/rest#listTrades');
  const item = await open(page, 'rest:listTrades');
  // The label's accessible name: name, place and the "required" badge, apart ("from_datetime query required").
  await expect(item.getByLabel('from_datetime query required', {exact: true})).toBeVisible();
  await expect(field(item, 'from_datetime')).toHaveAccessibleName('from_datetime query required');
  // An optional field has no badge: its checkbox says whether it is sent.
  await expect(field(item, 'instrument')).toHaveAccessibleName('instrument query');
});

test('listTrades with several filters gives the right cURL', async ({page}) => {
  await gotoHydrated(page, '/rest#listTrades');
  const item = await open(page, 'rest:listTrades');
  await field(item, 'from_datetime').fill('2026-11-21T08:15:30.123456Z');
  await field(item, 'instrument').fill('BTC-EUR/SP');
  await field(item, 'side').selectOption('SELL');
  await field(item, 'leg_1_status').selectOption('PENDING');
  await field(item, 'price_from').fill('60000.5');
  await field(item, 'limit').fill('500');
  await item.getByLabel('Server').selectOption({label: 'Production — https://api.example.com'});
  await item.getByLabel('Language').selectOption('curl');
  await expect(status(item)).toHaveAttribute('data-state', 'ready');
  await expect
    .poll(() => output(item))
    .toBe(
      [
        'curl --request GET \\',
        "  --url 'https://api.example.com/api/trades?from_datetime=2026-11-21T08%3A15%3A30.123456Z&to_datetime=2026-11-20T23%3A59%3A59.999999Z&instrument=BTC-EUR%2FSP&side=SELL&leg_1_status=PENDING&price_from=60000.5&limit=500' \\",
        "  --header 'Authorization: Bearer <token>'",
      ].join('\n'),
    );
  // Unticking a filter takes it out again.
  await item.locator('[data-field="price_from"]').getByRole('checkbox').uncheck();
  await expect(item.locator('[data-builder-output] pre code')).not.toContainText('price_from');
});

test('an invalid limit is refused, naming the field and the rule 10–9999', async ({page}) => {
  await gotoHydrated(page, '/rest#listTrades');
  const item = await open(page, 'rest:listTrades');
  await output(item);
  const limit = field(item, 'limit');
  await limit.fill('5');
  await expect(status(item)).toHaveAttribute('data-state', 'invalid');
  await expect(status(item)).toContainText('limit');
  await expect(status(item)).toContainText('must be at least 10');
  await expect(status(item)).toContainText('10–9999');
  await expect(limit).toHaveAttribute('aria-invalid', 'true');
  // The field's own message is tied to it for screen readers.
  const described = (await limit.getAttribute('aria-describedby')) ?? '';
  const messages = await Promise.all(
    described.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  expect(messages.join(' ')).toContain('10–9999');
  await expect(item.locator('[data-builder-output]')).toHaveCount(0);
  // Not a number at all, then a date in the wrong format.
  await limit.fill('ten');
  await expect(status(item)).toContainText('must be an integer');
  await limit.fill('100');
  await field(item, 'from_datetime').fill('2026-11-21T08:15:30Z');
  await expect(status(item)).toContainText('from_datetime');
  await field(item, 'from_datetime').fill('2026-11-21T08:15:30.000001Z');
  await expect(status(item)).toHaveAttribute('data-state', 'ready');
  await output(item);
});

test('a bad instrument in new_order is refused, and a good one gives the script', async ({page}) => {
  await gotoHydrated(page, '/docs/ws#new_order');
  const item = await open(page, 'ws:new_order');
  const script = await output(item);
  expect(script).toContain('new WebSocket("wss://api.preprod.example.com/ws/orders"');
  expect(script).toContain('"subscribe_order_channel"');
  expect(script).toContain('"new_order"');
  const box = item.getByLabel('Message new_order (JSON)');
  const good = await box.inputValue();
  await box.fill(good.replace('"BTC-EUR"', '"BTCEUR"'));
  await expect(status(item)).toHaveAttribute('data-state', 'invalid');
  await expect(status(item)).toContainText('/new_order/instrument');
  await expect(status(item)).toContainText('must match');
  await expect(item.locator('[data-builder-output]')).toHaveCount(0);
  await box.fill(good.replace('"BTC-EUR"', '"ETH-USD"'));
  await expect(status(item)).toHaveAttribute('data-state', 'ready');
  expect(await output(item)).toContain('"instrument": "ETH-USD"');
  await item.getByLabel('Server').selectOption({index: 1});
  await expect(item.locator('[data-builder-output] pre code')).toContainText(
    'new WebSocket("wss://api.example.com/ws/orders"',
  );
});

test('the token is used in the code but never stored, put in the URL or in an attribute', async ({page}) => {
  const token = 'eyJ0eXAi.secret-token-3141';
  await gotoHydrated(page, '/rest#listTrades');
  const item = await open(page, 'rest:listTrades');
  expect(await output(item)).toContain('Bearer <token>');
  await item.getByLabel('Token (Authorization)').fill(token);
  await expect(item.locator('[data-builder-output] pre code')).toContainText(`Bearer ${token}`);
  for (const language of LANGUAGES) {
    await item.getByLabel('Language').selectOption(language.value);
    await expect(item.locator('[data-builder-output] pre code')).toContainText(token);
  }
  await gotoHydrated(page, '/docs/ws#new_order');
  const message = await open(page, 'ws:new_order');
  await message.getByLabel('Token (Authorization)').fill(token);
  await expect(message.locator('[data-builder-output] pre code')).toContainText(`Bearer ${token}`);
  const leaks = await page.evaluate((secret) => {
    const found: string[] = [];
    for (const storage of [localStorage, sessionStorage])
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i) ?? '';
        if (`${key}=${storage.getItem(key)}`.includes(secret)) found.push(`storage ${key}`);
      }
    if (location.href.includes(secret)) found.push('url');
    if (document.cookie.includes(secret)) found.push('cookie');
    for (const element of document.querySelectorAll('*'))
      for (const attribute of element.attributes)
        if (attribute.value.includes(secret)) found.push(`attribute ${attribute.name}`);
    return found;
  }, token);
  expect(leaks).toEqual([]);
});

test('at the examples, every language gives the build-time sample beside it, for each request shape', async ({
  page,
}) => {
  await gotoHydrated(page, '/rest');
  for (const operation of REST_OPERATIONS) {
    const item = await open(page, `rest:${operation}`);
    const samples = page
      .locator(`article[aria-labelledby="${operation}"]`)
      .getByRole('group', {name: /^Code samples for/});
    for (const language of LANGUAGES) {
      await item.getByLabel('Language').selectOption(language.value);
      // The language choice is site-wide: the samples' tab follows.
      await expect(samples.getByRole('tab', {name: language.label, exact: true})).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const sample = (await samples.getByRole('tabpanel').locator('pre code').textContent()) ?? '';
      expect(await output(item), `${operation} in ${language.label}`).toBe(sample);
    }
    await item.locator('summary').click();
  }
});

test('WebSocket: the script is the send sample, the channel subscription first where needed', async ({
  page,
}) => {
  // The send samples' JavaScript tab shows, as the builder's language is Node.js here.
  await page.addInitScript(() => localStorage.setItem('docusaurus.tab.code-language', 'javascript'));
  await gotoHydrated(page, '/docs/ws');
  for (const target of ['subscribe_order_channel', 'subscribe_price_channel', 'new_order']) {
    const item = await open(page, `ws:${target}`);
    const sample =
      (await page
        .locator(`article[aria-labelledby="${target}"]`)
        .getByRole('group', {name: /^Code samples for sending/})
        .getByRole('tabpanel')
        .locator('pre code')
        .textContent()) ?? '';
    const script = await output(item);
    expect(script).toBe(sample);
    if (!target.startsWith('subscribe_'))
      expect(script).toContain('// First subscribe the channel (subscribe_order_channel)');
  }
});

for (const width of [1280, 420]) {
  test(`zero axe violations with the builder open, keyboard use (${width} px)`, async ({page}) => {
    await page.setViewportSize({width, height: 900});
    await gotoHydrated(page, '/rest#listTrades');
    const summary = builder(page, 'rest:listTrades').locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    const item = builder(page, 'rest:listTrades');
    await output(item);
    await field(item, 'limit').fill('5');
    await expect(status(item)).toHaveAttribute('data-state', 'invalid');
    expect(await axeViolationsIn(page, '[data-request-builder="rest:listTrades"]')).toEqual([]);
    // Tab moves from the server through the token into the first parameter.
    await item.getByLabel('Server').focus();
    await page.keyboard.press('Tab');
    await expect(item.getByLabel('Token (Authorization)')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(field(item, 'from_datetime')).toBeFocused();
    // Usable at this width: nothing wider than the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await gotoHydrated(page, '/docs/ws#new_order');
    const message = await open(page, 'ws:new_order');
    await output(message);
    expect(await axeViolationsIn(page, '[data-request-builder="ws:new_order"]')).toEqual([]);
  });
}
