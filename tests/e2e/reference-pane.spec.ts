/**
 * The pane shows first what the reader copies (issue 20): for every operation of /rest and
 * every message the reader sends on /docs/ws, the request in the reader's language is the
 * first code in the pane, starts in the upper half of the window with the heading at the top,
 * and shows at least its first ten lines without scrolling anything; the body is shown once
 * (its own tab); long code scrolls inside its block with a visible cue, long lines wrap, and
 * the response examples stay within reach. In one column the order is description, sample,
 * responses. Production build, Chromium.
 */
import type {Page} from '@playwright/test';
import {readDocument, resolveSpecPaths} from '../../plugins/api-reference/identity';
import {buildRestModel} from '../../plugins/api-reference/openapi/build';
import {buildWsModel} from '../../plugins/api-reference/asyncapi/build';
import {test, expect, gotoHydrated, ROOT} from './fixtures';

const paths = resolveSpecPaths(ROOT);
const rest = buildRestModel(readDocument(paths.openapi) as never);
const operations = [...rest.tags.flatMap((t) => t.operations), ...rest.webhooks].filter(
  (op) => op.samples.length > 0,
);
const ws = buildWsModel(readDocument(paths.asyncapi) as never);
const sent = ws.channels.flatMap((c) => c.messages).filter((m) => m.youSend && m.samples.length > 0);
const PAGES = [
  ['/rest', operations.map((op) => op.id)],
  ['/docs/ws', sent.map((m) => m.id)],
] as const;
const STORAGE_KEY = 'docusaurus.tab.code-language';

/** Scrolls the window so that the heading's top is at the top of the window, under the navbar. */
async function headingToTop(page: Page, id: string): Promise<void> {
  await page.evaluate((target) => {
    const heading = document.getElementById(target);
    const navbar = document.querySelector('nav.navbar');
    if (heading === null || navbar === null) throw new Error(`no heading ${target}`);
    const top = heading.getBoundingClientRect().top + window.scrollY - navbar.getBoundingClientRect().height;
    window.scrollTo({top, behavior: 'instant'});
  }, id);
}

interface SampleView {
  /** The language tab shown, and whether the first code shown in the pane is that sample. */
  language: string;
  first: boolean;
  top: number;
  /** Where the first ten lines (or all, when fewer) end, and how far the reader can see without scrolling. */
  wantedBottom: number;
  visibleBottom: number;
  scrolled: boolean;
  /** Horizontal overflow: a cut line. */
  cut: boolean;
  /** The top of the response status picker, when the pane has one, and the bottom of what is visible of the pane. */
  statusTop: number | null;
  paneBottom: number;
}

/** Where the request sample of an operation or message is, measured as the reader sees it. */
async function sampleView(page: Page, id: string): Promise<SampleView> {
  return page.evaluate((target) => {
    const article = document.querySelector(`article[aria-labelledby="${target}"]`);
    const pane = article?.querySelector(':scope > [role="group"]');
    const group = pane?.querySelector('[role="group"][aria-label^="Code samples for"]');
    const panel = group?.querySelector(':scope > [role="tabpanel"]:not([hidden])');
    const pre = panel?.querySelector('pre');
    const code = pre?.querySelector('code');
    if (!pane || !group || !panel || !pre || !code) throw new Error(`no sample in the pane of ${target}`);
    const shown = [...pane.querySelectorAll('pre')].filter((p) => p.getClientRects().length > 0);
    const style = getComputedStyle(code);
    const lineHeight = parseFloat(style.lineHeight);
    const padTop = parseFloat(style.paddingTop);
    const lines = Math.round((code.offsetHeight - padTop - parseFloat(style.paddingBottom)) / lineHeight);
    const box = pre.getBoundingClientRect();
    const paneBox = pane.getBoundingClientRect();
    const paneBottom = Math.min(window.innerHeight, paneBox.bottom);
    const status = pane.querySelector('[role="tablist"][aria-label="Response status"]');
    return {
      language: group.querySelector('[role="tab"][aria-selected="true"]')?.textContent ?? '',
      first: shown[0] === pre,
      top: box.top,
      wantedBottom: box.top + padTop + Math.min(10, lines) * lineHeight,
      visibleBottom: Math.min(box.top + pre.clientHeight, paneBottom),
      scrolled: pre.scrollTop !== 0 || pane.scrollTop !== 0,
      cut: pre.scrollWidth > pre.clientWidth + 1,
      statusTop: status === null ? null : status.getBoundingClientRect().top,
      paneBottom,
    };
  }, id);
}

for (const [height, stored] of [
  [800, 'python'],
  [900, null],
] as const) {
  test.describe(`at 1280×${height}, ${stored === null ? 'no language chosen yet' : `the reader's language ${stored}`}`, () => {
    test.use({viewport: {width: 1280, height}});
    if (stored !== null) {
      test.beforeEach(async ({page}) => {
        await page.addInitScript(({key, value}) => window.localStorage.setItem(key, value), {
          key: STORAGE_KEY,
          value: stored,
        });
      });
    }

    for (const [path, ids] of PAGES) {
      test(`${path}: with the heading at the top, the request sample comes first in the pane, in the upper half, ten lines in view`, async ({
        page,
      }) => {
        expect(ids.length).toBeGreaterThan(0);
        await gotoHydrated(page, path);
        for (const id of ids) {
          await headingToTop(page, id);
          const view = await sampleView(page, id);
          if (stored !== null) expect(view.language.toLowerCase(), id).toBe(stored);
          expect(view.first, `${id}: the first code in the pane is the request sample`).toBe(true);
          expect(view.top, id).toBeGreaterThanOrEqual(0);
          expect(view.top, `${id}: starts in the upper half`).toBeLessThan(height / 2);
          expect(view.scrolled, id).toBe(false);
          expect(view.wantedBottom, `${id}: first ten lines visible`).toBeLessThanOrEqual(
            view.visibleBottom + 0.5,
          );
          expect(view.cut, `${id}: long lines wrap`).toBe(false);
          // The response examples are within reach: their status picker shows in the window too.
          if (view.statusTop !== null)
            expect(view.statusTop, `${id}: response status picker`).toBeLessThan(view.paneBottom - 20);
        }
      });
    }
  });
}

test.describe('the sample stays in view', () => {
  test.use({viewport: {width: 1280, height: 800}});

  test('/rest: scrolled to 60 % of a tall operation, its request sample is still in view', async ({page}) => {
    await gotoHydrated(page, '/rest');
    let tall = 0;
    for (const op of operations) {
      const article = page.locator(`article[aria-labelledby="${op.id}"]`);
      const box = await article.boundingBox();
      if (box === null || box.height < 2.5 * 800) continue;
      tall += 1;
      await page.evaluate(
        ([id, fraction]) => {
          const element = document.querySelector(`article[aria-labelledby="${id}"]`);
          if (element === null) return;
          const top = element.getBoundingClientRect().top + window.scrollY;
          window.scrollTo({
            top: top + element.getBoundingClientRect().height * fraction,
            behavior: 'instant',
          });
        },
        [op.id, 0.6] as const,
      );
      const view = await sampleView(page, op.id);
      expect(view.top, op.id).toBeGreaterThanOrEqual(0);
      expect(view.wantedBottom, op.id).toBeLessThanOrEqual(view.visibleBottom + 0.5);
    }
    // createSettlementRequest and createBulkOrder are the tall ones in the product's document.
    expect(tall).toBeGreaterThan(0);
  });
});

test.describe('the body is shown once, in its own tab', () => {
  const withBody = operations.filter((op) => op.validatorExample !== undefined);

  test('/rest: one view shows the body either inside the sample or alone, never both', async ({page}) => {
    expect(withBody.length).toBeGreaterThan(0);
    await gotoHydrated(page, '/rest');
    for (const op of withBody) {
      const pane = page.locator(`article[aria-labelledby="${op.id}"] > [role="group"]`);
      const group = pane.getByRole('group', {name: /^Code samples for/});
      // The body's first key, as written in every sample and in the body itself.
      const key = Object.keys(JSON.parse(op.validatorExample ?? '{}') as object)[0] ?? '';
      const request = group.locator('pre').filter({hasText: key}).locator('visible=true');
      await expect(request, op.id).toHaveCount(1);
      await expect(request, op.id).toContainText('curl');
      await group.getByRole('tab', {name: 'Body', exact: true}).click();
      await expect(request, op.id).toHaveCount(1);
      await expect(request, op.id).not.toContainText('curl');
      expect(JSON.parse(await request.innerText()), op.id).toEqual(JSON.parse(op.validatorExample ?? ''));
      // Nothing else in the pane repeats it outside the response examples (validator and builder closed).
      const repeats = await pane.evaluate((element, text) => {
        const responses = element.querySelector(
          '[role="tablist"][aria-label="Response status"]',
        )?.parentElement;
        return [...element.querySelectorAll('pre')].filter(
          (p) => p.getClientRects().length > 0 && p.textContent?.includes(text) && !responses?.contains(p),
        ).length;
      }, key);
      expect(repeats, op.id).toBe(1);
      // Picking a language again leaves the body tab: the choice is the reader's language, remembered.
      await group.getByRole('tab', {name: 'curl', exact: true}).click();
      await expect(request, op.id).toContainText('curl');
    }
  });

  test('the body tab is not remembered as a language: another operation still shows the language', async ({
    page,
  }) => {
    const [first, second] = withBody;
    test.skip(first === undefined || second === undefined, 'needs two operations with a body');
    await gotoHydrated(page, `/rest#${first?.id ?? ''}`);
    const groups = page.getByRole('group', {name: /^Code samples for/});
    const one = page
      .locator(`article[aria-labelledby="${first?.id ?? ''}"]`)
      .getByRole('group', {name: /^Code samples for/});
    await one.getByRole('tab', {name: 'Java', exact: true}).click();
    await one.getByRole('tab', {name: 'Body', exact: true}).click();
    await expect(one.getByRole('tab', {selected: true})).toHaveText('Body');
    const two = page
      .locator(`article[aria-labelledby="${second?.id ?? ''}"]`)
      .getByRole('group', {name: /^Code samples for/});
    await expect(two.getByRole('tab', {selected: true})).toHaveText('Java');
    expect(await groups.count()).toBeGreaterThan(1);
    expect(await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY)).toBe('java');
  });
});

test.describe('long code', () => {
  test.use({viewport: {width: 1280, height: 800}});

  test('a sample longer than its room scrolls inside itself, with a shadow at the edge where more code is', async ({
    page,
  }) => {
    await gotoHydrated(page, '/rest');
    const op = operations.find(
      (o) => o.samples[0] !== undefined && o.samples[0].code.split('\n').length > 30,
    );
    test.skip(op === undefined, 'no long sample');
    await headingToTop(page, op?.id ?? '');
    const pre = page
      .locator(`article[aria-labelledby="${op?.id ?? ''}"] > [role="group"]`)
      .locator('[role="tabpanel"]:not([hidden]) pre')
      .first();
    const geometry = await pre.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {
        x: box.left,
        y: box.top,
        height: box.height,
        overflow: element.scrollHeight - element.clientHeight,
      };
    });
    expect(geometry.overflow).toBeGreaterThan(0);
    // Strips of the left padding, where no code is drawn: at the bottom edge and in the middle.
    const strip = (y: number): {x: number; y: number; width: number; height: number} => ({
      x: Math.round(geometry.x + 8),
      y: Math.round(y),
      width: 6,
      height: 4,
    });
    const bottom = strip(geometry.y + geometry.height - 6);
    const middle = strip(geometry.y + geometry.height / 2);
    const plain = await page.screenshot({clip: middle});
    const before = await page.screenshot({clip: bottom});
    expect(before.equals(plain), 'a shadow at the bottom while code lies below').toBe(false);
    await pre.evaluate((element) => element.scrollTo({top: element.scrollHeight, behavior: 'instant'}));
    const after = await page.screenshot({clip: bottom});
    expect(after.equals(plain), 'no shadow once scrolled to the end').toBe(true);
  });

  test('Copy gives the exact sample, whatever its lines wrap to', async ({page, context, baseURL}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL});
    const op = operations.find((o) => o.validatorExample !== undefined);
    test.skip(op === undefined, 'no operation with a body');
    await gotoHydrated(page, `/rest#${op?.id ?? ''}`);
    const group = page
      .locator(`article[aria-labelledby="${op?.id ?? ''}"]`)
      .getByRole('group', {name: /^Code samples for/});
    const panel = group.getByRole('tabpanel');
    await panel.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await expect(panel.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(op?.samples[0]?.code);
  });
});

test.describe('no layout shift while the page starts', () => {
  test.use({viewport: {width: 1280, height: 800}});

  for (const [path, id] of [
    ['/rest', operations.find((op) => op.validatorExample !== undefined)?.id],
    ['/docs/ws', sent[0]?.id],
  ] as const) {
    test(`${path}: the reader's stored language replaces the first one without moving anything (CLS ≤ 0.02)`, async ({
      page,
    }) => {
      test.skip(id === undefined, 'no sample');
      await page.addInitScript((key) => window.localStorage.setItem(key, 'python'), STORAGE_KEY);
      await gotoHydrated(page, `${path}#${id ?? ''}`);
      const group = page
        .locator(`article[aria-labelledby="${id ?? ''}"]`)
        .getByRole('group', {name: /^Code samples for/});
      await expect(group.getByRole('tab', {selected: true})).toHaveText('Python');
      const cls = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            // Two frames after the stored language is shown, every shift it caused has been recorded.
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const entries = performance.getEntriesByType('layout-shift') as unknown as {
                  value: number;
                  hadRecentInput: boolean;
                }[];
                resolve(entries.filter((e) => !e.hadRecentInput).reduce((sum, e) => sum + e.value, 0));
              }),
            );
          }),
      );
      test.info().annotations.push({type: 'CLS', description: cls.toFixed(4)});
      expect(cls).toBeLessThanOrEqual(0.02);
    });
  }

  test("/rest: switching languages does not move the pane's response examples", async ({page}) => {
    const op = operations.find((o) => o.responses.some((r) => r.contents.some((m) => m.examples.length > 0)));
    test.skip(op === undefined, 'no response examples');
    await gotoHydrated(page, `/rest#${op?.id ?? ''}`);
    const article = page.locator(`article[aria-labelledby="${op?.id ?? ''}"]`);
    const group = article.getByRole('group', {name: /^Code samples for/});
    const status = article.getByRole('tablist', {name: 'Response status'});
    const before = (await status.boundingBox())?.y;
    for (const sample of op?.samples ?? []) {
      await group.getByRole('tab', {name: sample.label, exact: true}).click();
      await expect(group.getByRole('tab', {selected: true})).toHaveText(sample.label);
      expect((await status.boundingBox())?.y, sample.label).toBe(before);
    }
  });
});

test.describe('at 420 px: one column', () => {
  test.use({viewport: {width: 420, height: 800}});

  for (const [path, ids] of PAGES) {
    test(`${path}: description, then the request sample, then the responses`, async ({page}) => {
      await gotoHydrated(page, path);
      for (const id of ids) {
        const order = await page.evaluate((target) => {
          const article = document.querySelector(`article[aria-labelledby="${target}"]`);
          const top = (element: Element | null | undefined): number | null =>
            element === null || element === undefined ? null : element.getBoundingClientRect().top;
          const heading = document.getElementById(target);
          return {
            description: top(heading?.nextElementSibling),
            sample: top(article?.querySelector('[role="group"][aria-label^="Code samples for"]')),
            responses: top(
              [...(article?.querySelectorAll('h4') ?? [])].find((h) => h.textContent === 'Responses'),
            ),
            examples: top(article?.querySelector('[role="tablist"][aria-label="Response status"]')),
          };
        }, id);
        expect(order.description, id).not.toBeNull();
        expect(order.sample, id).not.toBeNull();
        expect(order.sample ?? 0, id).toBeGreaterThan(order.description ?? 0);
        if (path === '/rest') {
          expect(order.responses, id).not.toBeNull();
          expect(order.responses ?? 0, id).toBeGreaterThan(order.sample ?? 0);
        }
        if (order.examples !== null) expect(order.examples, id).toBeGreaterThan(order.sample ?? 0);
      }
    });
  }
});
