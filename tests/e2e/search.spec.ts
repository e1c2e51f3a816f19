/**
 * Offline search, in the production build: identifiers from the API documents
 * land on the exact anchor that documents them (URL hash = an element id on the
 * target page, and that element is the operation, field, message or error-code
 * row); the box works with the keyboard alone and at 800 px; the index is
 * requested only once the box is used. Expected places come from the API
 * documents (specs/), not from the built pages, so a page that stops rendering
 * an anchor fails here.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import type {Locator, Page, Request} from '@playwright/test';
import {test, expect, gotoHydrated, ROOT, axeViolationsIn} from './fixtures';

const INDEX_PATH = '/search-index.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Json = Record<string, unknown>;

function readSpec(name: string): Json {
  return parse(readFileSync(path.join(ROOT, 'specs', name), 'utf8')) as Json;
}

function objectAt(value: unknown, key: string): Json {
  const child = (value as Json | undefined)?.[key];
  return typeof child === 'object' && child !== null ? (child as Json) : {};
}

const openapi = readSpec('openapi.yaml');
const asyncapi = readSpec('asyncapi.yaml');

/** operationId of `method path` in the OpenAPI document. */
function operationIdOf(method: string, apiPath: string): string {
  const id = objectAt(objectAt(objectAt(openapi, 'paths'), apiPath), method).operationId;
  if (typeof id !== 'string') throw new Error(`specs/openapi.yaml has no ${method.toUpperCase()} ${apiPath}`);
  return id;
}

/** Every operationId (the owners of REST field anchors). */
const operationIds = new Set(
  Object.values(objectAt(openapi, 'paths')).flatMap((item) =>
    HTTP_METHODS.map((m) => objectAt(item, m).operationId).filter(
      (id): id is string => typeof id === 'string',
    ),
  ),
);

/** Every message name (the owners of WebSocket field anchors). */
const messageNames = new Set(
  Object.entries(objectAt(objectAt(asyncapi, 'components'), 'messages')).map(([key, message]) => {
    const name = (message as Json).name;
    return typeof name === 'string' ? name : key;
  }),
);

const errorCodes = objectAt(objectAt(objectAt(openapi, 'components'), 'schemas'), 'ErrorCode')
  .enum as string[];

function trigger(page: Page): Locator {
  return page.locator('nav.navbar').getByRole('button', {name: 'Search', exact: true});
}

function combobox(page: Page): Locator {
  return page.getByRole('combobox', {name: 'Search the documentation'});
}

function options(page: Page): Locator {
  return page.getByRole('listbox', {name: 'Search results'}).getByRole('option');
}

function isIndexRequest(request: Request): boolean {
  return new URL(request.url()).pathname === INDEX_PATH;
}

/** Types a query, waits for results and opens the first with Enter; returns the target page and id. */
async function searchAndOpen(page: Page, query: string): Promise<{pathname: string; id: string}> {
  await trigger(page).click();
  const input = combobox(page);
  await expect(input).toBeFocused();
  await input.fill(query);
  await expect(options(page).first()).toBeVisible();
  await expect(input).toHaveAttribute('aria-activedescendant', /.+/);
  const expected = await options(page).first().getAttribute('data-target');
  await input.press('Enter');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.waitForURL((url) => `${url.pathname}${url.hash}` === expected);
  const url = new URL(page.url());
  return {pathname: url.pathname, id: decodeURIComponent(url.hash.slice(1))};
}

/** The element the URL hash names: it exists once, and the browser scrolled to it. */
async function landedOn(page: Page, id: string): Promise<Locator> {
  const target = page.locator(`[id="${id}"]`);
  await expect(target).toHaveCount(1);
  await expect(target).toBeInViewport();
  return target;
}

test.describe('identifiers land on their anchor', () => {
  test('an operation path opens the operation', async ({page}) => {
    const operationId = operationIdOf('post', '/api/orders/bulk');
    await gotoHydrated(page, '/');
    const {pathname, id} = await searchAndOpen(page, '/api/orders/bulk');
    expect(pathname).toBe('/rest');
    expect(id).toBe(operationId);
    const heading = await landedOn(page, id);
    expect(await heading.evaluate((el) => /^H[1-6]$/.test(el.tagName))).toBe(true);
    // The operation's section (up to the next heading of its level) shows its method and path.
    const section = await heading.evaluate((h) => {
      const level = Number(h.tagName.slice(1));
      const headings = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'));
      const next = headings.slice(headings.indexOf(h) + 1).find((x) => Number(x.tagName.slice(1)) <= level);
      const range = document.createRange();
      range.setStartAfter(h);
      if (next !== undefined) range.setEndBefore(next);
      else range.setEndAfter(document.body);
      return range.toString();
    });
    expect(section).toMatch(/POST\s*\/api\/orders\/bulk(?!\/)/);
  });

  test('a field name opens the field of an operation or message', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const {pathname, id} = await searchAndOpen(page, 'counter_leg_precision');
    expect(['/rest', '/docs/ws']).toContain(pathname);
    const segments = id.split('.');
    expect(segments.length).toBeGreaterThan(1);
    expect(segments[segments.length - 1]?.replace(/~\d+$/, '')).toBe('counter_leg_precision');
    expect(pathname === '/rest' ? operationIds : messageNames).toContain(segments[0]);
    const field = await landedOn(page, id);
    await expect(field.locator('a').first()).toHaveText('counter_leg_precision');
  });

  test('a message name opens the message', async ({page}) => {
    expect(messageNames).toContain('price_subscription_error');
    await gotoHydrated(page, '/rest');
    const {pathname, id} = await searchAndOpen(page, 'price_subscription_error');
    expect(pathname).toBe('/docs/ws');
    expect(id).toBe('price_subscription_error');
    const heading = await landedOn(page, id);
    await expect(heading).toHaveText(/price_subscription_error/);
  });

  test('an error code opens its row in the error catalogue', async ({page}) => {
    expect(errorCodes).toContain('AmountTooAccurate');
    await gotoHydrated(page, '/');
    const {id} = await searchAndOpen(page, 'AmountTooAccurate');
    expect(id).toBe('error-AmountTooAccurate');
    const row = await landedOn(page, id);
    // The catalogue row names the code first (as code), then what it means.
    await expect(row.locator('code').first()).toHaveText('AmountTooAccurate');
  });
});

test('keyboard only: shortcut, arrows, Escape, Enter, with combobox and listbox roles', async ({page}) => {
  await gotoHydrated(page, '/docs/intro');
  await page.keyboard.press('/');
  const input = combobox(page);
  await expect(input).toBeFocused();
  await expect(page.getByRole('dialog', {name: 'Search the documentation'})).toBeVisible();
  await page.keyboard.type('price_subscription_error');
  await expect(input).toHaveValue('price_subscription_error');
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await expect(input).toHaveAttribute('aria-autocomplete', 'list');
  const listId = await input.getAttribute('aria-controls');
  expect(await page.locator(`[id="${listId}"]`).getAttribute('role')).toBe('listbox');
  // The count is announced through a status region the input is described by.
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/\d+ results?/);
  await expect(input).toHaveAccessibleDescription(/\d+ results?/);
  // What it searches is text in the dialog, read with the input (the site has no older release here).
  await expect(page.getByRole('dialog')).toContainText('Searching the current reference and the guides.');
  await expect(input).toHaveAccessibleDescription(
    /^Searching the current reference and the guides\. \d+ results?/,
  );

  const count = await options(page).count();
  expect(count).toBeGreaterThan(1);
  const activeId = async (): Promise<string | null> => input.getAttribute('aria-activedescendant');
  await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'true');
  const first = await options(page).nth(0).getAttribute('id');
  await expect.poll(activeId).toBe(first);
  await page.keyboard.press('ArrowDown');
  await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options(page).nth(0)).toHaveAttribute('aria-selected', 'false');
  const second = await options(page).nth(1).getAttribute('id');
  await expect.poll(activeId).toBe(second);
  await page.keyboard.press('ArrowUp');
  await expect.poll(activeId).toBe(first);
  await page.keyboard.press('ArrowUp');
  const last = await options(page)
    .nth(count - 1)
    .getAttribute('id');
  await expect.poll(activeId).toBe(last);
  await page.keyboard.press('ArrowDown');
  await expect.poll(activeId).toBe(first);

  // Escape closes and gives focus back to the search button.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(trigger(page)).toBeFocused();

  // Ctrl+K opens it again; the first result opens with Enter.
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await page.keyboard.type('AmountTooAccurate');
  await expect(options(page).first()).toContainText('AmountTooAccurate');
  await page.keyboard.press('Enter');
  await page.waitForURL(/#error-AmountTooAccurate$/);
  await landedOn(page, 'error-AmountTooAccurate');
});

test('"/" typed into a text field does not open the search', async ({page}) => {
  await gotoHydrated(page, '/');
  await page.keyboard.press('/');
  await expect(combobox(page)).toBeFocused();
  await page.keyboard.type('/api/orders/bulk');
  // The query keeps its slashes: typing in the box never re-triggers the shortcut.
  await expect(combobox(page)).toHaveValue('/api/orders/bulk');
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('no index request before the search box is used', async ({page}) => {
  const indexRequests: string[] = [];
  const scriptsBefore: string[] = [];
  let used = false;
  page.on('request', (request) => {
    if (isIndexRequest(request)) indexRequests.push(`${used ? 'after' : 'before'} use`);
    else if (!used && request.resourceType() === 'script') scriptsBefore.push(request.url());
  });
  await gotoHydrated(page, '/');
  // Client-side navigation and hovering or focusing the button do not load it either.
  await page.locator('nav.navbar').getByRole('link', {name: 'REST', exact: true}).click();
  await page.waitForURL('**/rest');
  await trigger(page).hover();
  await trigger(page).focus();
  await page.waitForLoadState('networkidle');
  expect(indexRequests).toEqual([]);
  // Neither is the matcher: no script loaded so far contains MiniSearch.
  for (const url of scriptsBefore) {
    const body = await (await page.request.get(url)).text();
    expect(body.includes('MiniSearch: '), url).toBe(false);
  }

  used = true;
  await trigger(page).click();
  await combobox(page).fill('listTrades');
  await expect(options(page).first()).toContainText(/List trades/);
  expect(indexRequests).toEqual(['after use']);
  // Reopening reuses what was loaded.
  await page.keyboard.press('Escape');
  await trigger(page).click();
  await combobox(page).fill('listOrders');
  await expect(options(page).first()).toBeVisible();
  expect(indexRequests).toEqual(['after use']);
});

for (const width of [1280, 800]) {
  test(`at ${width} px the closed button and the open dialog have no axe violations (contrast included)`, async ({
    page,
  }) => {
    await page.setViewportSize({width, height: 900});
    await gotoHydrated(page, '/docs/intro');
    await expect(trigger(page)).toBeVisible();
    expect(await axeViolationsIn(page, '.navbar__items--right')).toEqual([]);
    await trigger(page).click();
    await combobox(page).fill('order');
    await expect(options(page).first()).toBeVisible();
    // One result active (white on the primary colour), the others plain, marks in both.
    await combobox(page).press('ArrowDown');
    await expect(options(page).nth(1)).toHaveAttribute('aria-selected', 'true');
    expect(await axeViolationsIn(page, 'dialog')).toEqual([]);
  });
}

test.describe('at 800 px', () => {
  test.use({viewport: {width: 800, height: 900}});

  test('an icon button in the navbar opens the search, which lands on the anchor', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
    const button = trigger(page);
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(48);
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box !== null && box.x + box.width <= 800).toBe(true);
    const {pathname, id} = await searchAndOpen(page, '/api/orders/bulk');
    expect(pathname).toBe('/rest');
    expect(id).toBe(operationIdOf('post', '/api/orders/bulk'));
    await landedOn(page, id);
  });

  test('the dialog fits the viewport', async ({page}) => {
    await gotoHydrated(page, '/');
    await trigger(page).click();
    await combobox(page).fill('settlement');
    await expect(options(page).first()).toBeVisible();
    const dialog = await page.getByRole('dialog').boundingBox();
    expect(dialog !== null && dialog.x >= 0 && dialog.x + dialog.width <= 800).toBe(true);
  });
});

test.describe('when the index cannot be loaded', () => {
  // The refused request logs a console error on purpose.
  test.use({allowConsoleErrors: true});

  test('the box says so and offers to try again', async ({page}) => {
    let refuse = true;
    await page.route(`**${INDEX_PATH}`, (route) =>
      refuse ? route.fulfill({status: 503, body: 'unavailable'}) : route.continue(),
    );
    await gotoHydrated(page, '/');
    await trigger(page).click();
    await expect(page.getByRole('dialog').getByRole('status')).toContainText('Search is unavailable');
    refuse = false;
    await page.getByRole('button', {name: 'Try again'}).click();
    await combobox(page).fill('listTrades');
    await expect(options(page).first()).toContainText('List trades');
  });
});
