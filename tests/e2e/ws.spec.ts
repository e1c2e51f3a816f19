/**
 * /docs/ws in a real browser: channels and messages by anchor, the reader's
 * side labels, flow diagrams as static SVG, code samples (copy, language shared
 * with /rest) and the static HTML without JavaScript.
 */
import {readDocument, resolveSpecPaths} from '../../plugins/api-reference/identity';
import {buildWsModel} from '../../plugins/api-reference/asyncapi/build';
import {test, expect, gotoHydrated, ROOT} from './fixtures';

const model = buildWsModel(readDocument(resolveSpecPaths(ROOT).asyncapi) as never);
const messages = model.channels.flatMap((c) => c.messages);
const sent = messages.filter((m) => m.youSend && m.samples.length > 0);

// Every channel's and message's anchor lands on its heading, below the navbar, at 1280 and 420 px:
// the deep-link test of reference-layout.spec.ts. Here, each heading and its reader-side label.
test('every channel and message heading is its anchor, each message labelled from the reader side', async ({
  page,
}) => {
  await gotoHydrated(page, '/docs/ws');
  for (const channel of model.channels) await expect(page.locator(`h2[id="${channel.id}"]`)).toHaveCount(1);
  for (const message of messages) {
    await expect(page.locator(`h3[id="${message.id}"]`)).toHaveCount(1);
    const section = page.locator(`article[aria-labelledby="${message.id}"]`);
    if (message.youSend) await expect(section.getByText('You send', {exact: true})).toHaveCount(1);
    if (message.youReceive) await expect(section.getByText('You receive', {exact: true})).toHaveCount(1);
  }
});

test('the TOC lists channels and messages', async ({page}) => {
  await gotoHydrated(page, '/docs/ws');
  const toc = page.locator('.table-of-contents').first();
  for (const channel of model.channels) await expect(toc.locator(`a[href="#${channel.id}"]`)).toHaveCount(1);
  for (const message of messages.slice(0, 8))
    await expect(toc.locator(`a[href="#${message.id}"]`)).toHaveCount(1);
});

test('each flow is a static SVG diagram with a text version', async ({page}) => {
  await gotoHydrated(page, '/docs/ws');
  const flows = model.channels.reduce((n, c) => n + c.flows.length, 0);
  await expect(page.locator('figure svg[role="img"]')).toHaveCount(flows);
  const first = model.channels.find((c) => c.flows.length > 0)?.flows[0];
  await expect(page.locator('figure').first()).toContainText(first?.title ?? '');
});

test('a send sample is copied, and the language choice is shared with /rest across reloads', async ({
  page,
  context,
}) => {
  test.skip(sent.length === 0, 'no message to send');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoHydrated(page, `/docs/ws#${sent[0]?.id ?? ''}`);
  const section = page.locator(`article[aria-labelledby="${sent[0]?.id ?? ''}"]`);
  await section.getByRole('tab', {name: 'Python'}).click();
  const panel = section.getByRole('tabpanel').filter({hasText: 'import websocket'});
  await panel.hover();
  await panel.getByRole('button', {name: /copy/i}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(sent[0]?.samples.find((s) => s.language === 'python')?.code);
  expect(copied).toContain(model.servers[0]?.url ?? 'wss://');

  await page.reload();
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await expect(
    page.getByRole('tablist', {name: 'Language'}).first().getByRole('tab', {selected: true}),
  ).toHaveText('Python');
  await gotoHydrated(page, '/rest');
  await expect(
    page.getByRole('tablist', {name: 'Language'}).first().getByRole('tab', {selected: true}),
  ).toHaveText('Python');
});

test.describe('without JavaScript', () => {
  test.use({javaScriptEnabled: false});

  test('the static HTML lists every channel, message and field', async ({page}) => {
    const response = await page.goto('/docs/ws');
    expect(response?.status()).toBe(200);
    for (const channel of model.channels) await expect(page.locator(`h2[id="${channel.id}"]`)).toHaveCount(1);
    for (const message of messages)
      await expect(page.locator(`h3[id="${message.id}"]`)).toHaveText(message.name);
    for (const message of messages.filter((m) => m.primary)) {
      for (const field of message.payload?.fields ?? [])
        await expect(page.locator(`[id="${field.id ?? ''}"]`)).toHaveCount(1);
    }
    await expect(page.locator('a[href="/downloads/asyncapi.json"]')).toHaveCount(1);
  });
});
