/**
 * Machine-readable copies in a real browser: the "Copy page as Markdown"
 * control (clipboard, fallback, failure), the "View as Markdown" link and
 * /llms.txt, against the production build.
 */
import type {Locator, Page} from '@playwright/test';
import {test, expect, gotoHydrated} from './fixtures';

const GUIDE = '/docs/intro';

/** The control of the page (it marks itself out of the Markdown copy). */
function control(page: Page): {button: Locator; view: Locator; status: Locator} {
  const root = page
    .locator('[data-markdown="skip"]')
    .filter({has: page.getByRole('button', {name: 'Copy page as Markdown'})});
  return {
    button: root.getByRole('button', {name: 'Copy page as Markdown'}),
    view: root.getByRole('link', {name: 'View as Markdown'}),
    status: root.getByRole('status'),
  };
}

async function markdownOf(page: Page, path: string): Promise<string> {
  const response = await page.request.get(`${path}.md`);
  expect(response.status()).toBe(200);
  return response.text();
}

test.describe('Copy page as Markdown', () => {
  test.beforeEach(async ({context, baseURL}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: baseURL});
  });

  test('copies the guide’s Markdown to the clipboard and says so', async ({page}) => {
    await gotoHydrated(page, GUIDE);
    const expected = await markdownOf(page, GUIDE);
    const {button, status} = control(page);
    await expect(status).toHaveText('');
    await button.click();
    await expect(status).toHaveText(/^Copied the Markdown of this page \([\d,]+ characters\)\.$/);
    await expect(status).toHaveAttribute('aria-live', 'polite');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(expected);
    expect(copied).toMatch(/^# Introduction\n/);
  });

  test('the REST reference has the control too and copies its Markdown', async ({page}) => {
    await gotoHydrated(page, '/rest');
    const {button, status} = control(page);
    await button.click();
    await expect(status).toHaveText(/^Copied the Markdown of this page/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await markdownOf(page, '/rest'));
    expect(copied).toMatch(/^# REST API reference\n/);
  });

  test('after client-side navigation it copies the new page', async ({page}) => {
    await gotoHydrated(page, GUIDE);
    await control(page).button.click();
    await expect(control(page).status).toHaveText(/^Copied/);
    await page.evaluate(() => ((window as unknown as {stayed: boolean}).stayed = true));
    await page.locator('.theme-doc-sidebar-menu').getByRole('link', {name: 'Getting started'}).click();
    await page.waitForURL('**/docs/getting_started');
    expect(await page.evaluate(() => (window as unknown as {stayed?: boolean}).stayed)).toBe(true);
    await expect(control(page).status).toHaveText('');
    await control(page).button.click();
    await expect(control(page).status).toHaveText(/^Copied/);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await markdownOf(page, '/docs/getting_started'),
    );
  });

  test('the WebSocket reference (an MDX doc) has the control too', async ({page}) => {
    await gotoHydrated(page, '/docs/ws');
    await control(page).button.click();
    await expect(control(page).status).toHaveText(/^Copied/);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^# WebSocket API reference\n/);
    expect(copied).toContain('new_order');
  });

  test('without a clipboard the Markdown is shown selected, to copy by hand', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', {configurable: true, get: () => undefined});
    });
    await gotoHydrated(page, GUIDE);
    const expected = await markdownOf(page, GUIDE);
    await control(page).button.click();
    await expect(control(page).status).toHaveText(/does not allow copying here/);
    const box = page.getByRole('textbox', {name: 'Markdown of this page'});
    await expect(box).toHaveValue(expected);
    await expect(box).toBeFocused();
    expect(await box.evaluate((el: HTMLTextAreaElement) => [el.selectionStart, el.selectionEnd])).toEqual([
      0,
      expected.length,
    ]);
  });

  test.describe('when the Markdown copy cannot be loaded', () => {
    test.use({allowConsoleErrors: true}); // Chromium logs the failed request as an error.
    test('the status names the failure and points to the link', async ({page}) => {
      await page.route(`**${GUIDE}.md`, (route) => route.fulfill({status: 503, body: 'unavailable'}));
      await gotoHydrated(page, GUIDE);
      await control(page).button.click();
      await expect(control(page).status).toHaveText(
        /^Could not load the Markdown of this page \(the server answered 503 for \/docs\/intro\.md\)/,
      );
    });
  });
});

test.describe('Markdown copies and llms.txt are served', () => {
  test('"View as Markdown" opens the page’s .md copy, which the browser shows as text', async ({
    page,
    context,
  }) => {
    await gotoHydrated(page, GUIDE);
    await expect(control(page).view).toHaveAttribute('href', `${GUIDE}.md`);
    const response = await page.request.get(`${GUIDE}.md`);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/(markdown|plain)/);
    const [opened] = await Promise.all([context.waitForEvent('page'), control(page).view.click()]);
    await opened.waitForLoadState();
    expect(new URL(opened.url()).pathname).toBe(`${GUIDE}.md`);
    expect(await opened.locator('body').innerText()).toMatch(/^# Introduction\n/);
  });

  test('/llms.txt and /llms-full.txt answer 200 with text', async ({page}) => {
    for (const file of ['/llms.txt', '/llms-full.txt']) {
      const response = await page.request.get(file);
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-type'], file).toMatch(/^text\/plain/);
      expect(await response.text(), file).toMatch(/^# \S.*\n\n> \S/);
    }
  });

  test('the REST reference has a Markdown copy listing its operations', async ({page}) => {
    const rest = await markdownOf(page, '/rest');
    expect(rest).toMatch(/^# REST API reference\n/);
    expect(rest).toContain('<a id="listInstruments"></a>');
  });
});
