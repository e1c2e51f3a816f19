/**
 * Every route of the specification, with the h1 a reader sees there. The guides come from the
 * sidebar (tests/helpers/guides.ts), so a guide added there is opened by every browser test that
 * walks this list. No Playwright import: tests/unit/guides/coverage.test.ts reads it too.
 */
import {GUIDES} from '../helpers/guides';

/** A text as a pattern that matches it whole. */
function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

export const ROUTES: readonly {path: string; h1: RegExp}[] = [
  {path: '/', h1: /API/},
  ...GUIDES.map((guide) => ({path: guide.route, h1: exactly(guide.h1)})),
  {path: '/docs/ws', h1: /WebSocket API reference/},
  {path: '/rest', h1: /REST API reference/},
  {path: '/version-history', h1: /Version history/},
  {path: '/legal/licenses', h1: /Licen[sc]es/},
];
