/**
 * The site shell as the specification describes it (sections 1, 2, 4, 9) and as
 * ../shared/SITE-BEHAVIOURS.md lists it, checked in a real browser.
 */
import {
  test,
  expect,
  gotoHydrated,
  ROUTES,
  siteIdentity,
  axePageViolations,
  watchCspViolations,
  cspViolations,
  untilSettled,
} from './fixtures';

const identity = siteIdentity();

test.describe('routes', () => {
  // One load of each route checks what every page owes the reader: its status and h1, the
  // Content-Security-Policy (a meta tag the browser enforces) with no violation, nothing requested
  // from another origin and no console error (the fixture, once every request has settled), and no
  // axe violation (WCAG 2.x A and AA) at the desktop width (1280 px) and, resized, at 800 px, in
  // Docusaurus's one-column layout below its 997 px breakpoint (a11y.spec.ts: the open mobile menu).
  test.use({viewport: {width: 1280, height: 900}});
  for (const route of ROUTES) {
    test(`${route.path} answers 200 with its h1 under a strict policy it never violates, and has no axe violations at 1280 and 800 px`, async ({
      page,
    }) => {
      await watchCspViolations(page);
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await expect(page.locator('h1').first()).toHaveText(route.h1);
      const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(policy).toMatch(/script-src 'self'/);
      expect(policy).not.toContain('unsafe-eval');
      await page.waitForLoadState('networkidle');
      expect(await cspViolations(page)).toEqual([]);
      expect(await axePageViolations(page), '1280 px').toEqual([]);
      await page.setViewportSize({width: 800, height: 900});
      // The one-column layout: the menu button shows, and React has rendered the mobile variants
      // (Docusaurus switches its table of contents and sidebar on the resize event) and settled.
      await expect(page.getByRole('button', {name: 'Toggle navigation bar'})).toBeVisible();
      await untilSettled(page);
      expect(await axePageViolations(page), '800 px').toEqual([]);
    });
  }

  test.describe('not found', () => {
    test.use({allowConsoleErrors: true}); // Chromium logs the 404 document load as an error.
    test('an unknown path gives the not-found page with status 404', async ({page}) => {
      const response = await page.goto('/no/such/page');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
    });
  });

  test('/docs lands on the intro', async ({page}) => {
    await page.goto('/docs');
    await page.waitForURL('**/docs/intro');
    await expect(page.locator('h1').first()).toBeVisible();
  });

  test('title comes from the OpenAPI document and the locale is English', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(new RegExp(identity.title));
    await expect(page.locator('.navbar__title')).toHaveText(identity.title);
  });
});

test.describe('navbar', () => {
  test('labels, targets and explicit sides', async ({page}) => {
    await gotoHydrated(page, '/');
    const nav = page.locator('nav.navbar');
    const expected: [string, string][] = [
      ['Guides', '/docs/intro'],
      ['REST', '/rest'],
      ['WebSocket', '/docs/ws'],
      ['Version history', '/version-history'],
    ];
    for (const [label, href] of expected) {
      await expect(
        nav.locator('.theme-layout-navbar-left').getByRole('link', {name: label, exact: true}),
      ).toHaveAttribute('href', href);
    }
    const status = nav.locator('.theme-layout-navbar-right').getByRole('link', {name: /Status/});
    expect(identity.statusUrl).not.toBeNull();
    await expect(status).toHaveAttribute('href', identity.statusUrl ?? '');
    await expect(status).toHaveAttribute('target', '_blank');
    await expect(status).toHaveAttribute('rel', /noopener/);
    await expect(status).toHaveAttribute('rel', /noreferrer/);
  });

  test('the first sidebar link goes to the intro', async ({page}) => {
    await gotoHydrated(page, '/docs/authentication');
    const first = page.locator('.theme-doc-sidebar-menu .menu__link').first();
    await expect(first).toHaveAttribute('href', '/docs/intro');
  });

  test('navigation is client-side', async ({page}) => {
    await gotoHydrated(page, '/');
    await page.evaluate(() => {
      (window as unknown as {marker: string}).marker = 'still here';
    });
    await page.locator('nav.navbar').getByRole('link', {name: 'Guides', exact: true}).click();
    await page.waitForURL('**/docs/intro');
    expect(await page.evaluate(() => (window as unknown as {marker?: string}).marker)).toBe('still here');
  });

  test('hides on scroll down and returns on scroll up', async ({page}) => {
    await gotoHydrated(page, '/rest');
    const navbar = page.locator('nav.navbar');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height, 'the page must be long enough to scroll').toBeGreaterThan(3000);
    await page.mouse.move(640, 400);
    // Several wheel steps, as a reader scrolls (the first scroll event only records a position).
    for (let step = 0; step < 5; step += 1) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(100);
    }
    await expect(navbar).toHaveClass(/navbarHidden/);
    await expect.poll(async () => (await navbar.boundingBox())?.y ?? 0).toBeLessThan(0);
    await page.mouse.wheel(0, -200);
    await page.waitForTimeout(100);
    await page.mouse.wheel(0, -200);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    await expect.poll(async () => (await navbar.boundingBox())?.y ?? -1).toBe(0);
  });
});

test.describe('footer', () => {
  test('contact mailto, documentation links, Legal column and the 2025 copyright', async ({page}) => {
    await gotoHydrated(page, '/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', {name: 'Contact'})).toHaveAttribute(
      'href',
      `mailto:${identity.contactEmail}`,
    );
    const links: [string, string][] = [
      ['Guides', '/docs/intro'],
      ['REST', '/rest'],
      ['WebSocket', '/docs/ws'],
      ['Version history', '/version-history'],
    ];
    for (const [label, href] of links) {
      await expect(footer.getByRole('link', {name: label, exact: true})).toHaveAttribute('href', href);
    }
    const legal = footer.locator('.footer__col', {has: page.locator('.footer__title', {hasText: 'Legal'})});
    await expect(legal.getByRole('link', {name: 'Licenses'})).toHaveAttribute('href', '/legal/licenses');
    await expect(footer.locator('.footer__copyright')).toHaveText(
      `Copyright © 2025 ${identity.providerName}`,
    );
  });
});

test.describe('colour mode', () => {
  test.use({colorScheme: 'dark'});
  test('stays light under a dark preference, a stored theme and the query parameter; no toggle', async ({
    page,
  }) => {
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await gotoHydrated(page, '/docs/intro?docusaurus-theme=dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('.navbar').getByRole('button', {name: /dark|light|mode/i})).toHaveCount(0);
    await expect(page.locator('[class*="colorModeToggle"]')).toHaveCount(0);
  });
});

test.describe('keyboard and layout', () => {
  test('the first Tab focuses the skip link and Enter moves focus into main', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', {name: 'Skip to main content'});
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    // Docusaurus focuses <main> and then drops its temporary tabindex, so the focus
    // navigation starting point is main: the next Tab lands on main's first control.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test('desktop layout above 996 px, mobile at 996 px', async ({page}) => {
    const hamburger = page.getByRole('button', {name: 'Toggle navigation bar'});
    await page.setViewportSize({width: 997, height: 800});
    await gotoHydrated(page, '/docs/intro');
    await expect(hamburger).toBeHidden();
    await page.setViewportSize({width: 996, height: 800});
    await expect(hamburger).toBeVisible();
  });

  test('mobile sidebar: opens, locks body scroll, secondary menu and back to main menu', async ({page}) => {
    await page.setViewportSize({width: 800, height: 900});
    await gotoHydrated(page, '/docs/authentication');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    // On a docs page the secondary menu (the guides sidebar) shows first.
    const back = sidebar.getByRole('button', {name: /Back to main menu/});
    await expect(back).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Getting started'})).toBeVisible();
    await back.click();
    await expect(sidebar.locator('.navbar-sidebar__item.menu').first()).toBeVisible();
    await expect(sidebar.getByRole('link', {name: 'Version history'})).toBeVisible();
    await page.getByRole('button', {name: 'Close navigation bar'}).click();
    await expect(sidebar).toBeHidden();
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  });

  test('the table of contents lists h2 and h3 only', async ({page}) => {
    await gotoHydrated(page, '/docs/rest_overview');
    const toc = page.locator('.table-of-contents');
    await expect(toc).toBeVisible();
    const h2h3 = await page
      .locator('article h2[id], article h3[id]')
      .evaluateAll((els) => els.map((e) => e.id));
    const h4 = await page.locator('article h4[id]').evaluateAll((els) => els.map((e) => e.id));
    expect(h4.length, 'the page needs an h4 for this check').toBeGreaterThan(0);
    const hrefs = await toc.locator('a').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(hrefs).toEqual(h2h3.map((id) => `#${id}`));
  });

  test('one docs version, the current one (Next), with no version badge', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await expect(page.locator('html')).toHaveClass(/docs-version-current/);
    await expect(page.locator('.theme-doc-version-badge')).toHaveCount(0);
    await expect(page.locator('.theme-doc-version-banner')).toHaveCount(0);
  });
});

test.describe('progress bar', () => {
  test('appears on a slow client navigation, without a spinner', async ({page}) => {
    await gotoHydrated(page, '/');
    // Hold every script until the bar has been seen: no timing involved, however busy the machine.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/js/*.js', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    try {
      await page.locator('nav.navbar').getByRole('link', {name: 'Version history'}).click();
      await expect(page.locator('#nprogress .bar')).toBeAttached();
      await expect(page.locator('#nprogress .spinner')).toHaveCount(0);
    } finally {
      release();
    }
    await page.waitForURL('**/version-history');
    await expect(page.locator('h1')).toHaveText(/Version history/);
    await page.unrouteAll({behavior: 'wait'});
  });
});

test.describe('crash fallback', () => {
  test.use({allowConsoleErrors: true}); // the crash is provoked on purpose
  test('a failing generated page shows "This page crashed." with Try again and the error', async ({page}) => {
    // Corrupt the /rest page's model (its data chunk, recognised by the model's
    // `securitySchemes` key): the JSON module becomes an object without the model's
    // fields. Set up before the first load: Docusaurus prefetches route chunks.
    let corrupted = 0;
    await page.route(/\/assets\/js\/(?!main\.|runtime~main\.)[^/]+\.js$/, async (route) => {
      // A fetch still under way when the test ends fails ("Test ended"): give that request up.
      const response = await route.fetch().catch(() => undefined);
      if (response === undefined) return route.abort().catch(() => undefined);
      // A prefetch the page gave up on (navigation) has no body any more: nothing to patch.
      const body = await response.text().catch(() => undefined);
      if (body === undefined) return route.abort().catch(() => undefined);
      if (!body.includes('securitySchemes')) return route.fulfill({response, body}).catch(() => undefined);
      const patched = body.replace(/JSON\.parse\('(?:[^'\\]|\\.)*'\)/g, (json) => {
        if (!json.includes('securitySchemes')) return json;
        corrupted += 1;
        return `JSON.parse('{"corrupted":true}')`;
      });
      return route.fulfill({response, body: patched}).catch(() => undefined);
    });
    await gotoHydrated(page, '/');
    await page.locator('nav.navbar').getByRole('link', {name: 'REST', exact: true}).click();
    await page.waitForURL('**/rest');
    await expect(page.getByText('This page crashed.', {exact: true})).toBeVisible();
    expect(corrupted).toBeGreaterThan(0);
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    // The error message is shown (reading a field of the missing model; V8 names the expression, as
    // the compiler left it: "e.tags is not iterable" after SWC, "undefined is not iterable" after Babel).
    await expect(page.getByText(/Cannot read properties of undefined|is not iterable/).first()).toBeVisible();
    // The navbar (outside the failing children) still works.
    await expect(page.locator('nav.navbar')).toBeVisible();
    // Wait for handlers still running (late prefetches) before the test ends.
    await page.unrouteAll({behavior: 'wait'});
  });
});

// No network calls of its own: that every route loads without a request to another origin or a
// console error is proven by csp.spec.ts's visit of every route (the same loads and waits, under
// the same fixture), which this file once repeated.

test.describe('link prefetching', () => {
  test('the code of linked pages is prefetched after load, in idle time, not inside the observer callbacks', async ({
    page,
  }) => {
    // Record, for every <link rel="prefetch"> the page adds, whether it was added while an
    // IntersectionObserver callback was running (Docusaurus's own behaviour, which blocks the
    // main thread at load) or later (src/clientModules/idlePrefetch.ts).
    await page.addInitScript(() => {
      const record = {inObserver: 0, later: 0};
      (window as unknown as {prefetchRecord: typeof record}).prefetchRecord = record;
      let depth = 0;
      const Native = window.IntersectionObserver;
      window.IntersectionObserver = class extends Native {
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          super((entries, observer) => {
            depth += 1;
            try {
              callback(entries, observer);
            } finally {
              depth -= 1;
            }
          }, options);
        }
      };
      // Docusaurus adds each prefetch hint with appendChild on <head>.
      const append = Node.prototype.appendChild;
      Node.prototype.appendChild = function <T extends Node>(this: Node, child: T): T {
        if (child instanceof HTMLLinkElement && child.rel === 'prefetch') {
          if (depth > 0) record.inObserver += 1;
          else record.later += 1;
        }
        return append.call(this, child) as T;
      };
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await gotoHydrated(page, '/docs/intro');
    const sidebarLinks = await page.locator('.theme-doc-sidebar-menu a.menu__link[href^="/docs/"]').count();
    expect(sidebarLinks).toBeGreaterThan(3);
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as {prefetchRecord: {later: number}}).prefetchRecord.later),
      )
      .toBeGreaterThan(sidebarLinks);
    const record = await page.evaluate(
      () => (window as unknown as {prefetchRecord: {inObserver: number; later: number}}).prefetchRecord,
    );
    expect(record.inObserver, 'no prefetch is started inside an IntersectionObserver callback').toBe(0);
    // And the files are really fetched: every hint's file is requested.
    await page.waitForLoadState('networkidle');
    const hinted = await page.evaluate(() => [
      ...new Set(
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.href),
      ),
    ]);
    expect(hinted.length).toBeGreaterThan(3);
    expect(hinted.filter((href) => !requested.includes(href))).toEqual([]);
  });
});
