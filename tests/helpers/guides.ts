/**
 * The guide pages, read from the sidebar (sidebars.ts): the one list the guide checks
 * (tests/unit/guides/mdx.ts `guideFiles`, and through it every test of the guides' examples), the
 * build tests (tests/build/pages.test.ts) and the browser tests' route list (tests/e2e/routes.ts)
 * take. A guide added to the sidebar is checked everywhere without another list to edit;
 * tests/unit/guides/coverage.test.ts fails when a page of docs/ escapes them.
 *
 * No Playwright or Vitest import: both runners load it.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import sidebars from '../../sidebars';
import {ROUTES} from '../../plugins/api-reference/client/routes';

const ROOT = path.resolve(__dirname, '../..');

export interface GuidePage {
  /** The doc id (its file name under docs/, without the extension). */
  id: string;
  /** The file, relative to the root (`docs/intro.mdx`). */
  file: string;
  /** The route Docusaurus gives it (`/docs/intro`; a front-matter `slug` is honoured). */
  route: string;
  /** Its h1: the first `# ` heading of the page, else its front-matter title. */
  h1: string;
}

/** Every doc id a sidebar item names, in sidebar order (strings, `doc` items, categories' items and links). */
export function sidebarDocIds(items: unknown): string[] {
  if (typeof items === 'string') return [items];
  if (Array.isArray(items)) return items.flatMap(sidebarDocIds);
  if (typeof items !== 'object' || items === null) return [];
  const item = items as {type?: unknown; id?: unknown; items?: unknown; link?: unknown};
  const own = (item.type === 'doc' || item.type === 'ref') && typeof item.id === 'string' ? [item.id] : [];
  const link = item.link as {type?: unknown; id?: unknown} | undefined;
  const linked = link?.type === 'doc' && typeof link.id === 'string' ? [link.id] : [];
  // A category written as `{Label: [...]}` (the shorthand) holds its items under its label.
  const shorthand = item.type === undefined ? Object.values(item).flatMap(sidebarDocIds) : [];
  return [...own, ...linked, ...sidebarDocIds(item.items), ...shorthand];
}

/** The file of a doc id under docs/ (`.mdx`, else `.md`), relative to the root; undefined when there is none. */
export function docFile(id: string): string | undefined {
  return [`docs/${id}.mdx`, `docs/${id}.md`].find((file) => existsSync(path.join(ROOT, file)));
}

function frontMatter(source: string): Record<string, unknown> {
  const match = /^---\n([\s\S]*?)\n---\n/.exec(source);
  const data: unknown = match?.[1] === undefined ? {} : parse(match[1]);
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/** A doc page as the site serves it: its route and h1, from its file. */
export function docPage(id: string): GuidePage {
  const file = docFile(id);
  if (file === undefined)
    throw new Error(`sidebars.ts names the doc "${id}", but docs/${id}.mdx does not exist`);
  const source = readFileSync(path.join(ROOT, file), 'utf8');
  const meta = frontMatter(source);
  const slug = typeof meta.slug === 'string' ? meta.slug : id;
  const route = slug.startsWith('/') ? `/docs${slug}` : `/docs/${slug}`;
  const heading = /^# (.+)$/m.exec(source.replace(/^```[\s\S]*?^```/gm, ''))?.[1]?.trim();
  const h1 = heading ?? (typeof meta.title === 'string' ? meta.title : id);
  return {id, file, route, h1};
}

/** Every doc of the sidebar. */
export const SIDEBAR_DOCS: readonly GuidePage[] = Object.values(sidebars).flatMap(sidebarDocIds).map(docPage);

/**
 * The guides: the sidebar's docs but the WebSocket reference (docs/ws.mdx renders the generated
 * reference at ROUTES.ws; the reference tests check it, not the guide tests).
 */
export const GUIDES: readonly GuidePage[] = SIDEBAR_DOCS.filter((doc) => doc.route !== ROUTES.ws);
