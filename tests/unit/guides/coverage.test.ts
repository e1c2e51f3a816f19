/**
 * Every guide page is checked: a page of docs/ is in the sidebar, and every doc of the sidebar
 * but the WebSocket reference is taken by the guide checks (guideFiles(): the examples, links,
 * hosts and samples of every guide test) and opened by the browser tests (tests/e2e/routes.ts).
 * All three read the sidebar (tests/helpers/guides.ts), so this fails when one of them stops
 * doing so, or when a page is added to docs/ but not to sidebars.ts.
 */
import {readdirSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ROUTES as SITE_ROUTES} from '../../../plugins/api-reference/client/routes';
import {ROUTES as BROWSER_ROUTES} from '../../e2e/routes';
import {SIDEBAR_DOCS, type GuidePage} from '../../helpers/guides';
import {ROOT} from './documents';
import {guideFiles} from './mdx';

interface Coverage {
  /** Doc ids of the files in docs/. */
  files: readonly string[];
  sidebar: readonly Pick<GuidePage, 'id' | 'route'>[];
  /** Doc ids the guide checks take. */
  checked: readonly string[];
  /** Routes the browser tests open. */
  opened: readonly string[];
  /** The route of the generated WebSocket reference, which is a doc but not a guide. */
  reference: string;
}

/** What escapes: a page outside the sidebar, a guide the checks skip, a page no browser test opens. */
function uncovered({files, sidebar, checked, opened, reference}: Coverage): string[] {
  const inSidebar = new Set(sidebar.map((d) => d.id));
  return [
    ...files.filter((id) => !inSidebar.has(id)).map((id) => `docs/${id}: not in sidebars.ts`),
    ...sidebar
      .filter((d) => d.route !== reference && !checked.includes(d.id))
      .map((d) => `docs/${d.id}: in the sidebar, skipped by the guide checks`),
    ...sidebar
      .filter((d) => !opened.includes(d.route))
      .map((d) => `${d.route}: in the sidebar, opened by no browser test`),
  ];
}

describe('every guide page is checked', () => {
  it('finds a page the sidebar, the guide checks or the browser tests miss (so it can fail)', () => {
    const sidebar = [
      {id: 'intro', route: '/docs/intro'},
      {id: 'new_guide', route: '/docs/new_guide'},
      {id: 'ws', route: '/docs/ws'},
    ];
    const complete: Coverage = {
      files: ['intro', 'new_guide', 'ws'],
      sidebar,
      checked: ['intro', 'new_guide'],
      opened: ['/docs/intro', '/docs/new_guide', '/docs/ws'],
      reference: '/docs/ws',
    };
    expect(uncovered(complete)).toEqual([]);
    expect(uncovered({...complete, files: [...complete.files, 'orphan']})).toEqual([
      'docs/orphan: not in sidebars.ts',
    ]);
    expect(uncovered({...complete, checked: ['intro']})).toEqual([
      'docs/new_guide: in the sidebar, skipped by the guide checks',
    ]);
    expect(uncovered({...complete, opened: ['/docs/intro', '/docs/ws']})).toEqual([
      '/docs/new_guide: in the sidebar, opened by no browser test',
    ]);
  });

  it('the real docs/, sidebar, guide checks and browser routes leave nothing out', () => {
    const files = readdirSync(path.join(ROOT, 'docs'))
      .filter((f) => /\.mdx?$/.test(f))
      .map((f) => f.replace(/\.mdx?$/, ''));
    const coverage: Coverage = {
      files,
      sidebar: SIDEBAR_DOCS,
      checked: guideFiles().map((g) => g.id),
      opened: BROWSER_ROUTES.map((r) => r.path),
      reference: SITE_ROUTES.ws,
    };
    expect(files.length).toBeGreaterThan(5);
    expect(uncovered(coverage)).toEqual([]);
  });

  it('each guide is opened with the h1 its page starts with', () => {
    const intro = BROWSER_ROUTES.find((r) => r.path === '/docs/intro');
    expect(intro?.h1.test('Introduction')).toBe(true);
    expect(intro?.h1.test('Introduction to something else')).toBe(false);
  });
});
