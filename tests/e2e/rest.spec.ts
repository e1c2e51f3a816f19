/**
 * /rest in a real browser: every operation reachable by its anchor, code
 * samples copied and switched (the language choice survives a reload), and
 * the static HTML (no JavaScript) listing every operation.
 */
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {readDocument, resolveSpecPaths} from '../../plugins/api-reference/identity';
import {buildRestModel} from '../../plugins/api-reference/openapi/build';
import type {OperationView, SchemaNode} from '../../plugins/api-reference/types';
import {test, expect, gotoHydrated, ROOT} from './fixtures';

const model = buildRestModel(readDocument(resolveSpecPaths(ROOT).openapi) as never);
const operations: OperationView[] = model.tags.flatMap((t) => t.operations);

/** The deepest field of the first request body: a link other pages may use. */
function deepField(): string | undefined {
  let best: {id: string; depth: number} | undefined;
  const visit = (node: SchemaNode | undefined, depth: number): void => {
    if (node === undefined) return;
    if (node.id !== undefined && (best === undefined || depth > best.depth)) best = {id: node.id, depth};
    for (const f of node.fields ?? []) visit(f, depth + 1);
    visit(node.items, depth + 1);
  };
  for (const op of operations) visit(op.requestBody?.contents[0]?.schema, 0);
  return best?.id;
}

async function selectedTab(page: Page, index: number): Promise<string | null> {
  return page
    .getByRole('tablist', {name: 'Language'})
    .nth(index)
    .getByRole('tab', {selected: true})
    .textContent();
}

// Every operation's anchor lands on its heading, below the navbar, at 1280 and 420 px: the
// deep-link test of reference-layout.spec.ts. Here, what each heading says.
test("every operation's heading is its anchor, reading its summary", async ({page}) => {
  expect(operations.length).toBeGreaterThan(0);
  await gotoHydrated(page, '/rest');
  for (const op of operations)
    await expect(page.locator(`h3[id="${op.id}"]`)).toHaveText(op.summary ?? `${op.method} ${op.path}`);
});

test('a field anchor lands on the field', async ({page}) => {
  const id = deepField();
  test.skip(id === undefined, 'no request body field in this document');
  await page.goto(`/rest#${id ?? ''}`);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await expect(page.locator(`[id="${id ?? ''}"]`)).toBeInViewport();
});

test('the TOC lists tags and operations', async ({page}) => {
  await gotoHydrated(page, '/rest');
  const toc = page.locator('.table-of-contents').first();
  for (const op of operations.slice(0, 5)) await expect(toc.locator(`a[href="#${op.id}"]`)).toHaveCount(1);
  for (const tag of model.tags) await expect(toc.locator(`a[href="#${tag.id}"]`)).toHaveCount(1);
});

test('a code sample is copied with its button', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, '/rest');
  const first = operations.find((op) => op.samples.length > 0);
  test.skip(first === undefined, 'no samples');
  const section = page.locator(`article[aria-labelledby="${first?.id ?? ''}"]`);
  const panel = section.getByRole('tabpanel').first();
  await panel.hover();
  await panel.getByRole('button', {name: /copy/i}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(first?.samples[0]?.code);
  expect(copied).toContain(model.servers[0]?.url ?? '');
});

test('switching a language switches every sample and survives a reload', async ({page}) => {
  await gotoHydrated(page, '/rest');
  expect(await selectedTab(page, 0)).toBe('curl');
  await page.getByRole('tablist', {name: 'Language'}).first().getByRole('tab', {name: 'Python'}).click();
  await expect.poll(() => selectedTab(page, 0)).toBe('Python');
  await expect.poll(() => selectedTab(page, operations.length - 1)).toBe('Python');
  await expect(page.getByRole('tabpanel').first()).toContainText('import requests');
  await page.reload();
  await page.waitForSelector('html[data-has-hydrated="true"]');
  expect(await selectedTab(page, 0)).toBe('Python');
  await page.getByRole('tablist', {name: 'Language'}).nth(1).getByRole('tab', {name: 'Go'}).click();
  await page.reload();
  await page.waitForSelector('html[data-has-hydrated="true"]');
  expect(await selectedTab(page, 2)).toBe('Go');
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the static HTML lists every operation with method, path, parameters and responses', async ({
    page,
  }) => {
    const response = await page.goto('/rest');
    expect(response?.status()).toBe(200);
    for (const op of operations) {
      const section = page.locator(`article[aria-labelledby="${op.id}"]`);
      await expect(section).toHaveCount(1);
      await expect(section.locator('p').first()).toContainText(`${op.method}${op.path}`);
      for (const p of op.parameters) await expect(page.locator(`[id="${p.id}"]`)).toHaveCount(1);
      for (const r of op.responses) await expect(page.locator(`[id="${r.id}"]`)).toHaveCount(1);
    }
    await expect(page.locator('a[href="/downloads/openapi.yaml"]')).toHaveCount(1);
  });
});

test.describe('typed models to take away', () => {
  for (const [route, name, label, marker] of [
    ['/rest', 'rest.d.ts', 'TypeScript types', 'export interface operations {'],
    ['/docs/ws', 'ws-messages.d.ts', 'TypeScript types of every message', 'export type ClientMessage ='],
  ] as const) {
    test(`${route}: the download line saves ${name}, the types generated from the document`, async ({
      page,
    }) => {
      await gotoHydrated(page, route);
      const link = page
        .getByRole('navigation', {name: /^Download the/})
        .getByRole('link', {name: label, exact: true});
      await expect(link).toHaveAttribute('download', name);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toBe(name);
      const file = await download.path();
      const text = readFileSync(file, 'utf8');
      expect(text).toContain('Generated at build time from');
      expect(text).toContain(marker);
    });
  }
});
