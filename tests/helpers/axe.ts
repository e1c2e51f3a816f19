/**
 * axe-core (WCAG 2.x A and AA) in a page, for the browser tests (tests/e2e) and the build tests
 * that open a built site in Chromium (tests/sites): "rule: target" for each violation inside an
 * element (axeViolationsIn), or rule, impact, help and targets over the whole page (axePageViolations).
 */
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{target: string[]}>;
}

/** axe's violations in `page`, within the elements `selector` matches or over the whole document. */
async function runAxe(page: Page, selector: string | null): Promise<AxeViolation[]> {
  // Once per document: a page checked at two widths, or in two places, keeps the axe it was given.
  // (`window.axe` could also be an element with id="axe": only axe itself has a `run` function.)
  const injected = await page.evaluate(
    () => typeof (window as unknown as {axe?: {run?: unknown}}).axe?.run === 'function',
  );
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ([include, tags]) => {
      const axe = (
        window as unknown as {
          axe: {run: (ctx: object, opts: object) => Promise<{violations: AxeViolation[]}>};
        }
      ).axe;
      const result = await axe.run(include === null ? document : {include: [include]}, {
        runOnly: {type: 'tag', values: tags},
        resultTypes: ['violations'],
      });
      return result.violations;
    },
    [selector, TAGS] as const,
  );
}

/** The violations inside one element (the whole page with `body`), each as "rule: targets". */
export async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  return (await runAxe(page, selector)).map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/**
 * The whole page's violations, each as "rule (impact): help — the first five targets", for a
 * browser test that checks a page at a width (tests/e2e/a11y.spec.ts, shell.spec.ts).
 */
export async function axePageViolations(page: Page): Promise<string[]> {
  return (await runAxe(page, null)).map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help} — ${v.nodes
        .slice(0, 5)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 5 ? ` and ${v.nodes.length - 5} more` : ''}`,
  );
}
