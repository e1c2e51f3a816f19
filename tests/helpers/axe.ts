/**
 * axe-core (WCAG 2.x A and AA) in a page, for the browser tests (tests/e2e) and the build tests
 * that open a built site in Chromium (tests/build): "rule: target" for each violation.
 */
import {readFileSync} from 'node:fs';
import type {Page} from '@playwright/test';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The violations inside one element (the whole page with `body`). */
export async function axeViolationsIn(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (context) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: object,
            opts: object,
          ) => Promise<{violations: Array<{id: string; nodes: Array<{target: string[]}>}>}>;
        };
      }
    ).axe;
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
    const result = await axe.run(
      {include: [context]},
      {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']},
    );
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, selector);
}
