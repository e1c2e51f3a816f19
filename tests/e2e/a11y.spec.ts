/**
 * Accessibility: axe-core with the WCAG 2.0/2.1/2.2 A and AA rules reports no
 * violation of any impact on any route, at desktop (1280 px) and mobile (800 px)
 * widths. axe is injected through the DevTools protocol (page.evaluate), which
 * the page's Content-Security-Policy does not govern.
 */
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';
import {test, expect, gotoHydrated, ROUTES} from './fixtures';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeNode {
  target: string[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {axe: {run: (ctx: Document, opts: object) => Promise<{violations: unknown[]}>}}
    ).axe;
    const result = await axe.run(document, {
      runOnly: {type: 'tag', values: tags},
      resultTypes: ['violations'],
    });
    return result.violations;
  }, TAGS);
  return (violations as AxeViolation[]).map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`,
  );
}

for (const width of [1280, 800]) {
  test.describe(`at ${width} px`, () => {
    test.use({viewport: {width, height: 900}});
    for (const route of ROUTES) {
      test(`${route.path} has no axe violations`, async ({page}) => {
        await gotoHydrated(page, route.path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe('mobile menu open', () => {
  test.use({viewport: {width: 800, height: 900}});
  test('the open mobile sidebar has no axe violations', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    await expect(page.locator('.navbar-sidebar')).toBeVisible();
    // The sidebar slides in: checked mid-transition, its half-faded links fail colour contrast.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    expect(await axeViolations(page)).toEqual([]);
  });
});
