/**
 * /docs/ws/session-check in the browser, at 1280 and 420 px (what depends on the width: the
 * page, the verdicts with axe, the keyboard; the findings alone at 1280 px): each fixture of
 * tests/fixtures/session, dropped, picked or pasted, gets its verdicts; no request leaves the
 * page (the fixtures' own check, plus: only same-origin GETs of the checker's code while it runs);
 * the token of a capture never reaches the DOM; axe finds nothing; the whole flow works by keyboard.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Page} from '@playwright/test';
import {axeViolationsIn, expect, gotoHydrated, ROOT, test} from './fixtures';

const FIXTURES = path.join(ROOT, 'tests/fixtures/session');
const PAGE = '/docs/ws/session-check';
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJpbnRlZ3JhdG9yLTQyIn0.c2VjcmV0LXNpZ25hdHVyZS1kby1ub3Qtc2hvdw';

async function pick(page: Page, name: string): Promise<void> {
  await page.getByLabel(/Choose a capture/).setInputFiles(path.join(FIXTURES, name));
}

/** Drops a file on the drop zone as a browser does: a drop event carrying a DataTransfer. */
async function drop(page: Page, name: string): Promise<void> {
  const bytes = [...readFileSync(path.join(FIXTURES, name))];
  await page.getByTestId('drop-zone').evaluate(
    (zone, {bytes, name}) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], name));
      zone.dispatchEvent(new DragEvent('drop', {dataTransfer: transfer, bubbles: true, cancelable: true}));
    },
    {bytes, name},
  );
}

const summary = (page: Page) => page.locator('p[role="status"]');

for (const width of [1280, 420]) {
  test.describe(`session check at ${width} px`, () => {
    test.use({viewport: {width, height: 900}});

    test('says nothing is sent, publishes the formats and lists the rules from the rule table', async ({
      page,
    }) => {
      await gotoHydrated(page, PAGE);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Check a recorded session');
      await expect(page.getByText('nothing is sent', {exact: false}).first()).toBeVisible();
      await expect(page.locator('#rule-heartbeat-interval')).toContainText('checked');
      await expect(page.locator('#rule-second-subscription-answer')).toContainText(
        'not published; not checked',
      );
      // The site's policy, unloosened: the worker runs from the site itself, nothing is evaluated.
      const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(policy).toContain("worker-src 'self'");
      expect(policy).toContain("connect-src 'self'");
      expect(policy).not.toContain('unsafe-eval');
      expect(await axeViolationsIn(page, 'main')).toEqual([]);
    });

    test('a clean session holds; a wrong decimal fails at its field, with a link to it in the reference', async ({
      page,
    }) => {
      await gotoHydrated(page, PAGE);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(`${request.method()} ${request.url()}`));
      await drop(page, 'clean.jsonl');
      await expect(summary(page)).toHaveText(/clean\.jsonl: every frame, call and checked rule holds/);
      await expect(page.getByRole('table')).toContainText('wss://api.preprod.example.com/ws/prices');
      await pick(page, 'wrong-decimal.jsonl');
      await expect(summary(page)).toHaveText(/wrong-decimal\.jsonl: 1 failing frame, 0 broken rules/);
      const failing = page.locator('ol[aria-label="Frames"] > li', {
        hasText: '/price_update/update_list/0/levels/1/buy_price',
      });
      await expect(failing).toContainText('"61262,10"');
      await expect(failing.getByRole('link', {name: 'in the reference'})).toHaveAttribute(
        'href',
        '/docs/ws#price_update.price_update.update_list[].levels[].buy_price',
      );
      // Only the checker's own code was fetched, from the site, while it ran.
      for (const request of requests) expect(request).toMatch(/^GET http:\/\/127\.0\.0\.1:\d+\/.*\.js$/);
      expect(await axeViolationsIn(page, 'main')).toEqual([]);
    });

    test('a HAR’s REST calls are judged against their operations: query, response body, status and method', async ({
      page,
    }) => {
      await gotoHydrated(page, PAGE);
      await drop(page, 'rest.har');
      await expect(summary(page)).toHaveText(/rest\.har: 0 failing frames, 0 broken rules, 3 failing calls/);
      const calls = page.locator('section li', {has: page.locator('code', {hasText: /^https:/})});
      await expect(calls).toHaveCount(6);
      await expect(calls.nth(0)).toContainText('valid GET');
      await expect(calls.nth(0).getByRole('link', {name: 'listInstruments'})).toHaveAttribute(
        'href',
        '/rest#listInstruments',
      );
      await expect(calls.nth(1)).toContainText('from_datetime');
      await expect(calls.nth(2)).toContainText('response /exposure_in_eur');
      await expect(calls.nth(4)).toContainText('the documents have no');
      await expect(calls.nth(5)).toContainText('not an operation of the documents');
      expect(await axeViolationsIn(page, 'main')).toEqual([]);
    });

    // What the checker finds in a capture does not depend on the width: these run at 1280 px only.
    // The tests around them, whose checks include the layout (axe, the keyboard), run at both.
    if (width === 1280) {
      test('each broken rule is named, with where the documents state it', async ({page}) => {
        await gotoHydrated(page, PAGE);
        const cases: [string, RegExp][] = [
          [
            'order-before-subscription.jsonl',
            /new_order before the channel subscription \(subscribe_order_channel\) was made/,
          ],
          ['missing-reply.jsonl', /new_order got no reply .* order_ref my-order-0002/],
          ['sequence-gap.jsonl', /seq_number 1027 follows 1025; the next number is 1026/],
          ['late-heartbeat.jsonl', /this heartbeat came 45 s after the last heartbeat/],
        ];
        for (const [file, finding] of cases) {
          await pick(page, file);
          await expect(summary(page)).toHaveText(
            new RegExp(`${file.replace('.', '\\.')}: 0 failing frames, 1 broken rule(?!s)`),
          );
          await expect(page.locator('li', {hasText: finding}).first()).toBeVisible();
        }
        await pick(page, 'sequence-wrap.jsonl');
        await expect(summary(page)).toHaveText(/every frame, call and checked rule holds/);
      });

      test('a mitmproxy .zhar is decompressed in the browser and its binary frame reported as binary', async ({
        page,
      }) => {
        await gotoHydrated(page, PAGE);
        await pick(page, 'mitmproxy-binary.zhar');
        await expect(summary(page)).toHaveText(/every frame, call and checked rule holds/);
        await expect(page.locator('ol li', {hasText: 'binary frame of 5 bytes'})).toContainText('binary');
        await expect(page.getByRole('table')).toContainText('1 binary');
      });

      test('a HAR’s Authorization token appears nowhere on the page, nor in the downloads', async ({
        page,
      }) => {
        await gotoHydrated(page, PAGE);
        await pick(page, 'authorization.har');
        await expect(summary(page)).toHaveText(/authorization\.har: every frame/);
        await expect(page.getByRole('table')).toContainText('?token=[redacted]');
        expect(await page.content()).not.toContain(TOKEN.split('.')[2]);
        for (const name of ['JSON', 'Markdown']) {
          const [download] = await Promise.all([
            page.waitForEvent('download'),
            page.getByRole('button', {name}).click(),
          ]);
          const file = await download.path();
          const text = readFileSync(file, 'utf8');
          expect(text).not.toContain(TOKEN);
          expect(text).toContain(name === 'JSON' ? '"redacted"' : '# Session check of authorization.har');
        }
      });
    }

    test('malformed input of each kind is refused with the reason', async ({page}) => {
      await gotoHydrated(page, PAGE);
      const cases: [string, string][] = [
        ['malformed-line.jsonl', 'Line 2 of the transcript is not a JSON object'],
        ['malformed-field.jsonl', 'Line 2 of the transcript has a "dir"'],
        ['truncated.har', 'This looks like a HAR file, but it is not complete JSON'],
        ['broken.zhar', 'could not be decompressed'],
        ['bad-message.har', 'entry 1, message 1 has a type'],
        ['not-a-capture.json', 'neither a HAR file'],
      ];
      for (const [file, reason] of cases) {
        await pick(page, file);
        const alert = page.getByRole('alert');
        await expect(alert).toContainText(`${file} cannot be read.`);
        await expect(alert).toContainText(reason);
        await expect(alert).toContainText('Accepted: a HAR file');
      }
      expect(await axeViolationsIn(page, 'main')).toEqual([]);
    });

    test('the whole flow by keyboard: pick, paste, check, filter to failures', async ({page}) => {
      await gotoHydrated(page, PAGE);
      const fileInput = page.getByLabel(/Choose a capture/);
      // Tab reaches the file input, and the keyboard opens the picker.
      for (let i = 0; i < 60 && !(await fileInput.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      await expect(fileInput).toBeFocused();
      // The browser's own file dialog opens from the focused input (Enter or Space); headless Chromium
      // does not always open it for a synthetic key press, so the file is given to the focused input.
      await fileInput.setInputFiles(path.join(FIXTURES, 'late-heartbeat.jsonl'));
      await expect(summary(page)).toHaveText(/late-heartbeat\.jsonl/);
      // Paste a transcript: Tab to the text area, type, Tab to the button, Enter.
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(/Or paste a transcript/)).toBeFocused();
      await page.keyboard.insertText(readFileSync(path.join(FIXTURES, 'wrong-decimal.jsonl'), 'utf8'));
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', {name: 'Check the pasted transcript'})).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(summary(page)).toHaveText(/pasted transcript: 1 failing frame, /);
      const filter = page.getByLabel(/Show failing frames only/);
      for (let i = 0; i < 40 && !(await filter.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press('Tab');
      await expect(filter).toBeFocused();
      await expect(page.locator('ol[aria-label="Frames"] > li')).toHaveCount(8);
      await page.keyboard.press('Space');
      await expect(page.locator('ol[aria-label="Failing frames"] > li')).toHaveCount(1);
      await expect(page.locator('ol[aria-label="Failing frames"] > li')).toContainText('line 4');
    });
  });
}

test('the WebSocket reference and guide link to the session checker', async ({page}) => {
  for (const from of ['/docs/ws', '/docs/websockets']) {
    await gotoHydrated(page, from);
    await expect(page.locator('main a[href="/docs/ws/session-check"]').first()).toBeVisible();
  }
});

test('the checker loads only on its page: the pages that link to it run none of its code', async ({page}) => {
  // Text only the checker's page, checker and rule table hold (the page's own chunk, the worker).
  const markers = [
    'Choose a capture (HAR, mitmproxy .zhar or transcript)',
    'a binary frame: the documents describe JSON text messages only',
    'got no reply (',
  ];
  for (const from of ['/docs/intro', '/docs/ws', '/docs/websockets', '/rest']) {
    const scripts: Promise<string>[] = [];
    // Scripts the page runs; the chunks Docusaurus prefetches for linked pages are fetched, not run.
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    await gotoHydrated(page, from);
    const texts = await Promise.all(scripts);
    expect(texts.length, from).toBeGreaterThan(0);
    for (const marker of markers)
      expect(
        texts.some((text) => text.includes(marker)),
        `${from} runs code with “${marker}”`,
      ).toBe(false);
    page.removeAllListeners('response');
  }
  // The checker's page does run it (the markers are the right ones).
  const scripts: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
  });
  await gotoHydrated(page, PAGE);
  const texts = await Promise.all(scripts);
  expect(texts.some((text) => text.includes(markers[0] ?? ''))).toBe(true);
});
