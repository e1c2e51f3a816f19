/**
 * The references as a workspace: every word is in the accessibility tree and in
 * the page's text from the first frame (nothing skipped until scrolled to), each
 * operation and message has its pane of samples and examples beside its fields on
 * wide screens and after them on narrow ones, deep links land below the fixed
 * navbar, and the example picked beside the validator is the one it opens with.
 */
import type {Locator, Page} from '@playwright/test';
import {readDocument, resolveSpecPaths} from '../../plugins/api-reference/identity';
import {buildRestModel} from '../../plugins/api-reference/openapi/build';
import {buildWsModel} from '../../plugins/api-reference/asyncapi/build';
import type {SchemaNode} from '../../plugins/api-reference/types';
import {test, expect, gotoHydrated, ROOT, untilSettled} from './fixtures';

const paths = resolveSpecPaths(ROOT);
const openapi = readDocument(paths.openapi);
const rest = buildRestModel(openapi as never);
const operations = [...rest.tags.flatMap((t) => t.operations), ...rest.webhooks];
const ws = buildWsModel(readDocument(paths.asyncapi) as never);
const messages = ws.channels.flatMap((c) => c.messages);

/** Every key of every `properties` object anywhere in a document: the schema property names. */
function propertyNames(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) propertyNames(item, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'properties' && child !== null && typeof child === 'object' && !Array.isArray(child)) {
        for (const name of Object.keys(child)) into.add(name);
      }
      // Examples are values, not schemas.
      if (key !== 'example' && key !== 'examples') propertyNames(child, into);
    }
  }
  return into;
}

function fieldNames(node: SchemaNode | undefined, into = new Set<string>()): Set<string> {
  if (node === undefined) return into;
  if (node.name !== undefined && node.id !== undefined) into.add(node.name);
  for (const f of node.fields ?? []) fieldNames(f, into);
  for (const f of node.prefixItems ?? []) fieldNames(f, into);
  fieldNames(node.items, into);
  for (const g of node.groups ?? []) for (const b of g.branches) fieldNames(b.node, into);
  return into;
}

interface AxNode {
  ignored: boolean;
  name?: {value?: unknown};
  value?: {value?: unknown};
}

/** The names and values of every node of the accessibility tree that is not ignored. */
async function accessibilityText(page: Page): Promise<{nodes: number; text: string}> {
  const session = await page.context().newCDPSession(page);
  await session.send('Accessibility.enable');
  const {nodes} = (await session.send('Accessibility.getFullAXTree')) as {nodes: AxNode[]};
  await session.detach();
  const kept = nodes.filter((n) => !n.ignored);
  const text = kept
    .flatMap((n) => [n.name?.value, n.value?.value])
    .filter((v): v is string => typeof v === 'string' && v !== '')
    .join('\n');
  return {nodes: kept.length, text};
}

test.describe('everything is there before any scrolling', () => {
  test('/rest: the accessibility tree holds every schema property name of the OpenAPI document', async ({
    page,
  }) => {
    await gotoHydrated(page, '/rest');
    const {nodes, text} = await accessibilityText(page);
    const missing = [...propertyNames(openapi)].filter((name) => !text.includes(name));
    expect(missing).toEqual([]);
    test.info().annotations.push({type: 'accessibility tree nodes', description: String(nodes)});
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("/rest: innerText holds every operation's method and path", async ({page}) => {
    await gotoHydrated(page, '/rest');
    const text = await page.evaluate(() => document.body.innerText);
    test.info().annotations.push({type: 'innerText length', description: String(text.length)});
    for (const op of operations) {
      expect(text, op.id).toContain(op.method);
      expect(text, op.id).toContain(op.path);
    }
  });

  test('/docs/ws: the accessibility tree holds every message name and payload property', async ({page}) => {
    await gotoHydrated(page, '/docs/ws');
    const {nodes, text} = await accessibilityText(page);
    const wanted = new Set<string>();
    for (const m of messages) {
      wanted.add(m.name);
      fieldNames(m.payload, wanted);
    }
    expect([...wanted].filter((name) => !text.includes(name))).toEqual([]);
    test.info().annotations.push({type: 'accessibility tree nodes', description: String(nodes)});
    const innerText = await page.evaluate(() => document.body.innerText);
    for (const m of messages) expect(innerText).toContain(m.name);
  });
});

/** The content column and the pane of an operation or message, by its heading id. */
function parts(page: Page, id: string): {article: Locator; content: Locator; pane: Locator} {
  const article = page.locator(`article[aria-labelledby="${id}"]`);
  return {
    article,
    content: article.locator(':scope > div').first(),
    pane: article.locator(':scope > [role="group"]'),
  };
}

async function box(locator: Locator): Promise<{x: number; y: number; width: number; height: number}> {
  const b = await locator.boundingBox();
  if (b === null) throw new Error('not rendered');
  return b;
}

test.describe('at 1280 px: two panes', () => {
  test.use({viewport: {width: 1280, height: 800}});

  for (const [page_, ids] of [
    ['/rest', operations.map((op) => op.id)],
    ['/docs/ws', messages.map((m) => m.id)],
  ] as const) {
    test(`${page_}: each pane is beside its fields and stays in view while its section is scrolled`, async ({
      page,
    }) => {
      await gotoHydrated(page, page_);
      const navbar = await box(page.locator('nav.navbar'));
      let checked = 0;
      for (const id of ids) {
        const {article, content, pane} = parts(page, id);
        if ((await pane.count()) === 0) continue;
        const c = await box(content);
        const p = await box(pane);
        // Beside: the pane starts right of the content and level with its top.
        expect(p.x, id).toBeGreaterThanOrEqual(c.x + c.width);
        expect(Math.abs(p.y - c.y), id).toBeLessThan(40);
        const a = await box(article);
        const scrollTop = await page.evaluate(() => window.scrollY);
        const articleTop = a.y + scrollTop;
        // While the section still fills the screen below (scrolled a third and two thirds of that
        // way), its pane stays at the top of the viewport, under the navbar's place.
        const range = a.height - 800;
        for (const fraction of range > 50 ? [1 / 3, 2 / 3] : []) {
          await page.evaluate(
            (y) => window.scrollTo({top: y, behavior: 'instant'}),
            articleTop + range * fraction,
          );
          const seen = await box(pane);
          const where = `${id} at ${fraction.toFixed(2)}`;
          expect(seen.y, where).toBeGreaterThanOrEqual(navbar.height - 1);
          expect(seen.y, where).toBeLessThan(navbar.height + 40);
          expect(seen.y + seen.height, where).toBeLessThanOrEqual(800);
        }
        await page.evaluate(() => window.scrollTo({top: 0, behavior: 'instant'}));
        checked += 1;
      }
      expect(checked).toBeGreaterThan(0);
    });
  }
});

for (const width of [800, 420]) {
  test.describe(`at ${width} px: one column`, () => {
    test.use({viewport: {width, height: 800}});
    for (const [page_, ids] of [
      ['/rest', operations.map((op) => op.id)],
      ['/docs/ws', messages.map((m) => m.id)],
    ] as const) {
      test(`${page_}: each pane follows its content, no horizontal scrolling`, async ({page}) => {
        await gotoHydrated(page, page_);
        for (const id of ids) {
          const {content, pane} = parts(page, id);
          if ((await pane.count()) === 0) continue;
          const c = await box(content);
          const p = await box(pane);
          expect(p.y, id).toBeGreaterThanOrEqual(c.y + c.height - 1);
          expect(p.x + p.width, id).toBeLessThanOrEqual(width);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  });
}

/**
 * In the page: goes to `#id` (unless it is already there), then, polled for up to 5 s while the
 * navbar's hide-on-scroll settles, whether the heading is fully in the
 * viewport and, where the navbar shows, under it rather than behind it. The problem, or null.
 */
async function landingOf(id: string): Promise<{problem: string | null}> {
  if (window.location.hash !== `#${id}`) window.location.hash = id;
  const frame = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const deadline = performance.now() + 5_000;
  let problem: string | null = `no element with id ${id}`;
  for (;;) {
    await frame();
    await frame();
    const nav = document.querySelector('nav.navbar');
    // The navbar's own slide (a highlighted target's fade is not waited for: it moves nothing).
    // Settled, not all: a slide cancelled by the next scroll rejects `finished` with an AbortError.
    await Promise.allSettled((nav?.getAnimations() ?? []).map((a) => a.finished));
    const heading = document.getElementById(id);
    const navbar = nav?.getBoundingClientRect();
    if (heading !== null) {
      const h = heading.getBoundingClientRect();
      const inView =
        h.top >= 0 && h.left >= 0 && h.bottom <= window.innerHeight && h.right <= window.innerWidth;
      problem = !inView
        ? `heading at ${h.top}..${h.bottom} (x ${h.left}..${h.right}), viewport ${window.innerWidth}×${window.innerHeight}`
        : navbar !== undefined && h.top < navbar.bottom - 1
          ? `heading top ${h.top} behind the navbar (bottom ${navbar.bottom})`
          : null;
    }
    if (problem === null || performance.now() > deadline) return {problem};
  }
}

test.describe('deep links land below the fixed navbar', () => {
  for (const width of [1280, 420]) {
    test(`at ${width} px, every operation, error body, data type, channel and message heading is fully visible`, async ({
      page,
    }) => {
      await page.setViewportSize({width, height: 800});
      for (const [page_, ids] of [
        // Operations, and the error bodies and data types their responses and fields link to.
        [
          '/rest',
          [
            ...operations.map((op) => op.id),
            ...(rest.errorBodies ?? []).map((b) => b.id),
            ...(rest.dataTypes ?? []).map((type) => type.id),
          ],
        ],
        [
          '/docs/ws',
          [
            ...ws.channels.map((c) => c.id),
            ...messages.map((m) => m.id),
            ...(ws.dataTypes ?? []).map((type) => type.id),
          ],
        ],
      ] as const) {
        // The first id is a deep link into a fresh load; the others are in-page jumps (a link or
        // the address bar's fragment), each measured in the page once it has settled.
        await gotoHydrated(page, `${page_}#${ids[0]}`);
        for (const id of ids) {
          const landing = await page.evaluate(landingOf, id);
          expect(landing.problem, `${page_}#${id} at ${width} px`).toBeNull();
        }
      }
    });
  }

  test('/docs/ws#new_order shows its "You send" badge below the navbar', async ({page}) => {
    const message = messages.find((m) => m.id === 'new_order');
    test.skip(message === undefined, 'no new_order message in this document');
    await page.goto('/docs/ws#new_order');
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const badge = page.locator('article[aria-labelledby="new_order"] > div').first().getByText('You send');
    // The landing settles first (the scroll to the anchor and the navbar's slide, as landingOf
    // waits for them); read at once, a busy machine caught the badge mid-scroll, 11 px behind.
    expect((await page.evaluate(landingOf, 'new_order')).problem).toBeNull();
    await expect
      .poll(async () => {
        const navbar = await box(page.locator('nav.navbar'));
        const b = await box(badge.first());
        return b.y - (navbar.y + navbar.height);
      })
      .toBeGreaterThanOrEqual(0);
  });
});

test.describe('example pickers', () => {
  /** Operations and messages whose validator sits under a picker of several examples. */
  const picked = [
    ...operations
      .filter((op) => op.requestBody?.contents.some((m) => m.examples.length > 1) && op.hasJsonBody)
      .map((op) => ({page: '/rest', id: op.id, target: `rest:${op.id}`})),
    ...messages
      .filter((m) => m.examples.length > 1 && m.youSend && m.primaryRef === undefined)
      .map((m) => ({page: '/docs/ws', id: m.id, target: `ws:${m.name}`})),
  ];

  test('there is at least one picker beside a validator', () => {
    expect(picked.length).toBeGreaterThan(0);
  });

  // One load per page: each item is reached by its anchor on the page already open, and works in
  // its own pane (the Body tab clicked in one is not remembered as a language for the next).
  for (const pagePath of [...new Set(picked.map((item) => item.page))]) {
    const items = picked.filter((item) => item.page === pagePath);
    test(`${pagePath}: each validator beside a picker opens with the example picked (${items.map((i) => i.id).join(', ')})`, async ({
      page,
    }) => {
      for (const [index, item] of items.entries()) {
        await test.step(`${item.page}#${item.id}`, async () => {
          if (index === 0) await gotoHydrated(page, `${item.page}#${item.id}`);
          else await page.goto(`${item.page}#${item.id}`);
          await checkPicker(page, item);
        });
      }
    });
  }
});

/** One validator beside a picker of examples: it opens with the example picked, and follows the picker until the reader types. */
async function checkPicker(page: Page, item: {id: string; target: string}): Promise<void> {
  const {pane} = parts(page, item.id);
  // The body's examples are in the last tab of the request, beside the languages.
  const bodyTab = pane.getByRole('tablist', {name: 'Language'}).getByRole('tab', {name: /^(Body|Message)$/});
  if ((await bodyTab.count()) > 0) await bodyTab.click();
  const picker = pane.getByRole('tablist', {name: 'Example'}).first();
  const tabs = picker.getByRole('tab');
  expect(await tabs.count()).toBeGreaterThan(1);
  const validator = pane.locator(`[data-validator-target="${item.target}"]`);
  const box_ = validator.getByLabel('JSON payload');
  // The example shown in the picker's visible panel, normalised.
  const shown = async (): Promise<string> =>
    JSON.stringify(
      JSON.parse(await picker.locator('xpath=..').locator('[role="tabpanel"]:not([hidden]) pre').innerText()),
    );

  // The box's text, normalised when it is JSON (polled: a new pick reaches the box in an effect,
  // after the picker has rendered).
  const inBox = async (): Promise<string> => {
    const text = await box_.inputValue();
    try {
      return JSON.stringify(JSON.parse(text));
    } catch {
      return text;
    }
  };

  // Opens or closes the panel. Under load a click can land while the page is still laid out and
  // leave the panel as it was; a reader would click again, and so does the test.
  const setOpen = async (open: boolean): Promise<void> => {
    await expect(async () => {
      const now = await validator.evaluate((details) => (details as HTMLDetailsElement).open);
      if (now !== open) await validator.locator('summary').click();
      expect(await validator.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(open);
    }).toPass({timeout: 15_000});
  };

  // The first example: opening the validator fills the box with it, in the task of the click that
  // opens it, before the browser can paint the open panel (not in the toggle event, a task later).
  const first = await shown();
  const atOpen = await validator.evaluate((details) => {
    details.querySelector('summary')?.click();
    return {open: (details as HTMLDetailsElement).open, text: details.querySelector('textarea')?.value ?? ''};
  });
  expect(atOpen.open).toBe(true);
  expect(atOpen.text, 'the box as the panel opens').not.toBe('');
  expect(JSON.stringify(JSON.parse(atOpen.text))).toBe(first);
  await expect(box_).toBeVisible();
  await expect.poll(inBox).toBe(first);

  // Another example picked: the box follows (the reader has not edited it).
  await tabs.nth(1).click();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  const second = await shown();
  expect(second).not.toBe(first);
  await expect.poll(inBox).toBe(second);

  // Closed and opened again, it still opens with the one picked.
  await setOpen(false);
  await setOpen(true);
  await expect(box_).toBeVisible();
  await expect.poll(inBox).toBe(second);

  // What the reader typed is theirs: picking again does not overwrite it (read once the pick has
  // rendered and its effects have run, so that a late overwrite would be seen).
  await box_.fill('{"mine": true}');
  await tabs.nth(0).click();
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await untilSettled(page);
  await expect(box_).toHaveValue('{"mine": true}');
}

test.describe('status picker', () => {
  test('each response status shows its own example', async ({page}) => {
    const op = operations.find(
      (o) => o.responses.filter((r) => r.contents.some((m) => m.examples.length > 0)).length > 1,
    );
    test.skip(op === undefined, 'no operation with several response examples');
    if (op === undefined) return;
    await gotoHydrated(page, `/rest#${op.id}`);
    const picker = parts(page, op.id).pane.getByRole('tablist', {name: 'Response status'});
    const tabs = picker.getByRole('tab');
    await expect(tabs).toHaveText(op.responses.map((r) => r.code));
    const panels = picker.locator('xpath=..').locator(':scope > [role="tabpanel"]');
    await expect(panels.locator('visible=true')).toHaveCount(1);
    const before = await panels.locator('visible=true').innerText();
    await tabs.nth(1).click();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(panels.locator('visible=true')).toHaveCount(1);
    expect(await panels.locator('visible=true').innerText()).not.toBe(before);
  });
});
