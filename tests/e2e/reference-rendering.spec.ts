/**
 * How the references render in the browser, beyond what they show: the page
 * keeps the server's markup when it hydrates (schemas, tables, highlighted code
 * and diagrams are not rebuilt), a client-side navigation renders everything
 * itself, and the code-sample controls (tabs, copy) work by keyboard and
 * without a clipboard.
 */
import type {Page} from '@playwright/test';
import {readDocument, resolveSpecPaths} from '../../plugins/api-reference/identity';
import {buildRestModel} from '../../plugins/api-reference/openapi/build';
import {buildWsModel} from '../../plugins/api-reference/asyncapi/build';
import type {SchemaNode} from '../../plugins/api-reference/types';
import {test, expect, gotoHydrated, ROOT} from './fixtures';

const paths = resolveSpecPaths(ROOT);
const rest = buildRestModel(readDocument(paths.openapi) as never);
const operations = rest.tags.flatMap((t) => t.operations);
const ws = buildWsModel(readDocument(paths.asyncapi) as never);
const messages = ws.channels.flatMap((c) => c.messages);

function fieldIds(node: SchemaNode | undefined, into: string[] = []): string[] {
  if (node === undefined) return into;
  if (node.id !== undefined) into.push(node.id);
  for (const f of node.fields ?? []) fieldIds(f, into);
  fieldIds(node.items, into);
  for (const g of node.groups ?? []) for (const b of g.branches) fieldIds(b.node, into);
  return into;
}

/** The last field of the last operation with a response body: far down the page. */
const lastField = operations
  .flatMap((op) => op.responses.flatMap((r) => r.contents.flatMap((c) => fieldIds(c.schema))))
  .at(-1);

/** Marks elements as the server sent them, before any script runs; checked after hydration. */
async function markServerElements(page: Page, selectors: string[]): Promise<void> {
  await page.addInitScript((list: string[]) => {
    document.addEventListener('DOMContentLoaded', () => {
      const marks: Element[] = [];
      for (const selector of list) {
        const element = document.querySelector(selector);
        if (element !== null) marks.push(element);
      }
      (window as unknown as {serverElements: Element[]}).serverElements = marks;
    });
  }, selectors);
}

/**
 * Elements the server sent that are still in place and that React never took
 * over: React tags every element it hydrates with a `__reactFiber…` property, so
 * an element without one was adopted as static markup, not walked.
 */
async function serverElementsKept(page: Page): Promise<{marked: number; kept: number}> {
  return page.evaluate((selectors) => {
    const marks = (window as unknown as {serverElements: Element[]}).serverElements;
    const unmanaged = (element: Element): boolean =>
      !Object.keys(element).some((key) => key.startsWith('__reactFiber'));
    return {
      marked: marks.length,
      kept: marks.filter(
        (element, i) =>
          element.isConnected && document.querySelector(selectors[i] ?? '') === element && unmanaged(element),
      ).length,
    };
  }, SELECTORS);
}

const SELECTORS = [
  `[id="${lastField ?? ''}"]`,
  'main pre.prism-code code span.token',
  'main table',
  'main [role="group"][aria-label^="Response"] > *',
];

test.describe('hydration', () => {
  test('/rest keeps the server’s schema, table and code markup, and stays interactive', async ({page}) => {
    expect(lastField).toBeDefined();
    await markServerElements(page, SELECTORS);
    await gotoHydrated(page, '/rest');
    expect(await serverElementsKept(page)).toEqual({marked: SELECTORS.length, kept: SELECTORS.length});
    // Field links inside the kept markup still work.
    const field = page.locator(`[id="${lastField ?? ''}"]`);
    await field.locator('a').first().click();
    await expect(page).toHaveURL(new RegExp(`#${(lastField ?? '').replace(/[.[\]]/g, '\\$&')}$`));
    await expect(field).toBeInViewport();
    // Controls outside it are live.
    await page.getByRole('tablist', {name: 'Language'}).first().getByRole('tab', {name: 'Go'}).click();
    await expect(page.getByRole('tabpanel').first()).toContainText('package main');
  });

  test('/docs/ws keeps the server’s diagrams', async ({page}) => {
    const selectors = ['main figure svg', 'main figure svg text'];
    await page.addInitScript((list: string[]) => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as {serverElements: Element[]}).serverElements = list.map(
          (s) => document.querySelector(s) as Element,
        );
      });
    }, selectors);
    await gotoHydrated(page, '/docs/ws');
    const kept = await page.evaluate(
      (list) =>
        (window as unknown as {serverElements: Element[]}).serverElements.every(
          (element, i) =>
            element.isConnected &&
            document.querySelector(list[i] ?? '') === element &&
            !Object.keys(element).some((key) => key.startsWith('__reactFiber')),
        ),
      selectors,
    );
    expect(kept).toBe(true);
  });
});

test.describe('client-side navigation', () => {
  test('reaching /rest from a guide renders every operation, field and highlighted sample', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/docs/intro');
    await page.evaluate(() => {
      (window as unknown as {sameDocument: boolean}).sameDocument = true;
    });
    await page.locator('nav.navbar').getByRole('link', {name: 'REST', exact: true}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText('REST API reference');
    // No reload happened: this is the client-side render.
    expect(await page.evaluate(() => (window as unknown as {sameDocument?: boolean}).sameDocument)).toBe(
      true,
    );
    await expect(page.locator('main article[aria-labelledby]')).toHaveCount(operations.length);
    await expect(page.locator(`[id="${lastField ?? ''}"]`)).toHaveCount(1);
    const first = page.getByRole('tabpanel').first();
    await expect(first.locator('span.token').first()).toBeAttached();
    await first.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await expect(first.getByRole('status')).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(operations[0]?.samples[0]?.code);
  });

  test('reaching /docs/ws from a guide renders every message and diagram', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.locator('nav.navbar').getByRole('link', {name: 'WebSocket', exact: true}).click();
    await expect(page.getByRole('heading', {level: 1})).toHaveText(/WebSocket API reference/);
    for (const m of messages) await expect(page.locator(`h3[id="${m.id}"]`)).toHaveCount(1);
    expect(await page.locator('main figure svg[role="img"]').count()).toBeGreaterThan(0);
    await expect(page.locator('main pre.prism-code span.token').first()).toBeAttached();
  });
});

test.describe('code sample controls', () => {
  test('tabs follow the arrow keys, Home and End, and keep the clicked tab in place', async ({page}) => {
    await gotoHydrated(page, '/rest');
    // Below, every sample above changes height and the tab the reader used must not move: as in
    // a browser without scroll anchoring (Safari).
    await page.addStyleTag({content: '* { overflow-anchor: none !important; }'});
    const lists = page.getByRole('tablist', {name: 'Language'});
    const list = lists.nth(Math.floor((await lists.count()) / 2));
    await list.scrollIntoViewIfNeeded();
    const curl = list.getByRole('tab', {name: 'curl'});
    await curl.focus();
    await page.keyboard.press('ArrowRight');
    await expect(list.getByRole('tab', {name: 'Python'})).toBeFocused();
    await expect(list.getByRole('tab', {selected: true})).toHaveText('Python');
    // The last tab: C#, or the request's body where it has one.
    const last = (await list.getByRole('tab').last().innerText()).trim();
    expect(['C#', 'Body']).toContain(last);
    await page.keyboard.press('End');
    await expect(list.getByRole('tab', {selected: true})).toHaveText(last);
    await page.keyboard.press('ArrowRight');
    await expect(list.getByRole('tab', {selected: true})).toHaveText('curl');
    await page.keyboard.press('ArrowLeft');
    await expect(list.getByRole('tab', {selected: true})).toHaveText(last);
    await page.keyboard.press('Home');
    await expect(curl).toBeFocused();
    const java = list.getByRole('tab', {name: 'Java', exact: true});
    const before = (await java.boundingBox())?.y ?? NaN;
    await java.click();
    await expect(list.getByRole('tab', {selected: true})).toHaveText('Java');
    const after = (await java.boundingBox())?.y ?? NaN;
    expect(Math.abs(after - before)).toBeLessThan(2);
    // Only the selected panel is shown.
    const group = list.locator('xpath=..');
    await expect(group.getByRole('tabpanel')).toHaveCount(1);
  });

  test('every sample language gets its colours when its tab is first shown: grammars set up on demand', async ({
    page,
  }) => {
    await gotoHydrated(page, '/rest');
    const op = operations[0];
    const group = page.getByRole('group', {name: `Code samples for ${op?.summary ?? ''}`});
    // Without its grammar a block is plain text, with no token spans at all (bash, Java and C#
    // are set up on first use; the others come with Prism).
    for (const sample of op?.samples ?? []) {
      await group.getByRole('tab', {name: sample.label, exact: true}).click();
      const panel = group.getByRole('tabpanel');
      await expect(panel.locator('code')).toHaveText(sample.code.replace(/\n$/, ''));
      await expect(panel.locator('span.token').first(), sample.label).toBeAttached();
    }
    // A guide's bash block (Docusaurus's code block) is highlighted on the server and hydrates
    // with the same grammar: the fixture fails on the console error a mismatch would log.
    await gotoHydrated(page, '/docs/getting_started');
    await expect(page.locator('main pre.language-bash .token.function').first()).toBeAttached();
  });

  test('code in a panel not yet shown is plain text, highlighted the first time it is shown', async ({
    page,
  }) => {
    await gotoHydrated(page, '/rest');
    const op = operations[0];
    const sample = op?.samples[1];
    expect(sample).toBeDefined();
    const group = page.getByRole('group', {name: `Code samples for ${op?.summary ?? ''}`});
    const panel = group.locator('[role="tabpanel"]').nth(1);
    await expect(panel).toBeHidden();
    // The same text either way (search, the Markdown copy and print read it), without colours.
    await expect(panel.locator('code')).toHaveText(sample?.code.replace(/\n$/, '') ?? '');
    await expect(panel.locator('span.token')).toHaveCount(0);
    await group.getByRole('tab', {name: sample?.label}).click();
    await expect(panel).toBeVisible();
    await expect(panel.locator('span.token').first()).toBeAttached();
    await expect(panel.locator('code')).toHaveText(sample?.code.replace(/\n$/, '') ?? '');
    // The same for a response status picked in the pane: an error example gets its colours.
    const tabId = await page.evaluate(() => {
      const tabs = document.querySelectorAll(
        '[role="tablist"][aria-label="Response status"] [role="tab"][aria-selected="false"]',
      );
      for (const tab of tabs) {
        const controlled = document.getElementById(tab.getAttribute('aria-controls') ?? '');
        if (controlled?.querySelector('pre.language-json') != null) return tab.id;
      }
      return '';
    });
    expect(tabId).not.toBe('');
    const error = page.locator(`[id="${tabId}"]`);
    const errorPanel = page.locator(`[id="${(await error.getAttribute('aria-controls')) ?? ''}"]`);
    await expect(errorPanel.locator('span.token')).toHaveCount(0);
    await error.click();
    await expect(errorPanel).toBeVisible();
    await expect(errorPanel.locator('span.token').first()).toBeAttached();
  });

  test('without a clipboard the copy button selects the code and says to press Ctrl+C', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', {configurable: true, get: () => undefined});
    });
    await gotoHydrated(page, '/rest');
    const panel = page.getByRole('tabpanel').first();
    await panel.getByRole('button', {name: 'Copy code to clipboard'}).click();
    await expect(panel.getByRole('button', {name: /Clipboard unavailable/})).toHaveText('Press Ctrl+C');
    await expect(panel.getByRole('status')).toHaveText(/the code is selected, press Ctrl\+C/);
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(
      operations[0]?.samples[0]?.code,
    );
  });
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('code is shown but the copy button is not, since it could not work', async ({page}) => {
    await page.goto('/rest');
    await expect(page.locator('main pre.prism-code').first()).toBeVisible();
    await expect(page.getByRole('button', {name: 'Copy code to clipboard'}).first()).toBeHidden();
  });
});

test.describe('shared error bodies', () => {
  const bodies = rest.errorBodies ?? [];

  test('an error response links to its body, described once, which links back to every response', async ({
    page,
  }) => {
    expect(bodies.length).toBeGreaterThan(0);
    await gotoHydrated(page, '/rest');
    for (const body of bodies) {
      const section = page.locator(`section[aria-labelledby="${body.id}"]`);
      await expect(section.getByRole('heading', {level: 3})).toHaveText(body.title);
      await expect(section.locator('li[id]')).not.toHaveCount(0);
      for (const use of body.usedBy)
        await expect(section.locator(`a[href="#${use.id}"]`)).toHaveText(use.label);
    }
    const [body] = bodies;
    const use = body?.usedBy[0];
    await page
      .locator(`[id="${use?.id ?? ''}"]`)
      .getByRole('link', {name: body?.title, exact: true})
      .click();
    await expect(page).toHaveURL(new RegExp(`#${body?.id ?? ''}$`));
    await expect(page.locator(`[id="${body?.id ?? ''}"]`)).toBeInViewport({ratio: 1});
    await page.locator(`section[aria-labelledby="${body?.id ?? ''}"] a[href="#${use?.id ?? ''}"]`).click();
    await expect(page.locator(`[id="${use?.id ?? ''}"]`)).toBeInViewport();
  });
});

test.describe('shared data types', () => {
  for (const [pagePath, model] of [
    ['/rest', rest],
    ['/docs/ws', ws],
  ] as const) {
    test(`${pagePath}: a field's type links to its one description, with the type's rules and examples`, async ({
      page,
    }) => {
      const types = model.dataTypes ?? [];
      expect(types.length).toBeGreaterThan(0);
      await gotoHydrated(page, pagePath);
      const section = page.locator('section[aria-labelledby="data-types"]');
      await expect(section.getByRole('heading', {level: 2})).toHaveText('Data types');
      await expect(section.getByRole('heading', {level: 3})).toHaveText(types.map((type) => type.title));
      // Every field of a shared type links to it by the type's title; the rules are not repeated there.
      for (const type of types) {
        const links = page.locator(`main li[id] > a[href="#${type.id}"]`);
        await expect(links).toHaveCount(type.uses);
        await expect(links.first()).toHaveText(type.title);
        const examples = type.schema.examples ?? [];
        if (examples.length > 0)
          await expect(page.locator(`section[aria-labelledby="${type.id}"]`)).toContainText(
            examples[0] ?? '',
          );
      }
      const [type] = types;
      const field = page.locator(`main li[id]:has(> a[href="#${type?.id ?? ''}"])`).first();
      const fieldId = (await field.getAttribute('id')) ?? '';
      await field.locator(`> a[href="#${type?.id ?? ''}"]`).click();
      await expect(page).toHaveURL(new RegExp(`#${type?.id ?? ''}$`));
      await expect(page.locator(`[id="${type?.id ?? ''}"]`)).toBeInViewport({ratio: 1});
      // Back returns the reader to the field they came from.
      await page.goBack();
      await expect(page.locator(`[id="${fieldId}"]`)).toBeInViewport();
    });
  }
});

test.describe("the page's text", () => {
  for (const pagePath of ['/rest', '/docs/ws'] as const) {
    test(`${pagePath}: each field's first line reads as words: name, type, title and badges apart`, async ({
      page,
    }) => {
      await gotoHydrated(page, pagePath);
      // innerText is what a reader copies and what text tools read; inline boxes with margins
      // only would run together ("idstring", "requiredread-only").
      const lines = await page.locator('main li[id][class*="field"]').evaluateAll((items) =>
        items.map((li) => {
          const [name, type] = [...li.children].slice(0, 2).map((c) => (c as HTMLElement).innerText);
          return {name, type, line: (li as HTMLElement).innerText.split('\n')[0] ?? ''};
        }),
      );
      expect(lines.length).toBeGreaterThan(20);
      const joined = lines.filter(
        ({name, type, line}) =>
          name === undefined ||
          type === undefined ||
          !line.startsWith(`${name} ${type}`) ||
          /\S(required|optional|deprecated|read-only|write-only)\b/.test(line.slice(name.length)),
      );
      expect(joined).toEqual([]);
    });
  }
});
