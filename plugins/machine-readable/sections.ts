/**
 * How the pages are grouped in llms.txt: as the docs sidebar groups them (its
 * top-level docs under one "Guides" heading, each category under its own
 * label, in sidebar order), then every other page under "Optional", the
 * llms.txt section a reader may skip when context is short.
 */
import {isObject, type Json} from '../api-reference/document';

export interface Section {
  title: string;
  /** URL paths of the pages, in reading order. */
  paths: string[];
}

/** What the sidebar needs from the docs plugin's loaded content (kept structural on purpose). */
interface DocsVersion {
  docs: {id: string; permalink: string}[];
  sidebars: Record<string, Json>;
}

function docsVersion(content: unknown): DocsVersion | undefined {
  if (!isObject(content) || !Array.isArray(content.loadedVersions)) return undefined;
  const version = content.loadedVersions[0];
  if (!isObject(version) || !Array.isArray(version.docs) || !isObject(version.sidebars)) return undefined;
  const docs = version.docs.flatMap((d) =>
    isObject(d) && typeof d.id === 'string' && typeof d.permalink === 'string'
      ? [{id: d.id, permalink: d.permalink}]
      : [],
  );
  return {docs, sidebars: version.sidebars};
}

/**
 * Sections from the docs plugin's content (the current version's sidebars).
 * Links to other pages of the site (`/rest`) count as pages; external links and
 * html items do not.
 */
export function sidebarSections(docsContent: unknown, guidesTitle = 'Guides'): Section[] {
  const version = docsVersion(docsContent);
  if (version === undefined) return [];
  const permalinks = new Map(version.docs.map((d) => [d.id, d.permalink]));
  const sections: Section[] = [];
  const sectionFor = (title: string): Section => {
    let section = sections.find((s) => s.title === title);
    if (section === undefined) {
      section = {title, paths: []};
      sections.push(section);
    }
    return section;
  };
  const add = (section: Section, path: string | undefined): void => {
    if (path !== undefined && path.startsWith('/') && !path.startsWith('//') && !section.paths.includes(path))
      section.paths.push(path);
  };
  const walk = (items: Json, section: Section | undefined): void => {
    for (const item of Array.isArray(items) ? items : []) {
      if (!isObject(item)) continue;
      if (item.type === 'category') {
        const label = typeof item.label === 'string' ? item.label : 'More';
        const target = section ?? sectionFor(label);
        const link = isObject(item.link) ? item.link : undefined;
        if (link?.type === 'doc' && typeof link.id === 'string') add(target, permalinks.get(link.id));
        if (link?.type === 'generated-index' && typeof link.permalink === 'string')
          add(target, link.permalink);
        walk(item.items ?? [], target);
      } else if ((item.type === 'doc' || item.type === 'ref') && typeof item.id === 'string') {
        add(section ?? sectionFor(guidesTitle), permalinks.get(item.id));
      } else if (item.type === 'link' && typeof item.href === 'string') {
        add(section ?? sectionFor(guidesTitle), item.href.split('#', 1)[0]);
      }
    }
  };
  for (const items of Object.values(version.sidebars)) walk(items, undefined);
  return sections;
}

/**
 * Every page in exactly one section: the sidebar's sections keep the pages
 * that exist, the rest go to "Optional" (the home page first).
 */
export function assignSections(
  sidebar: Section[],
  pagePaths: string[],
  optionalTitle = 'Optional',
): Section[] {
  const existing = new Set(pagePaths);
  const placed = new Set<string>();
  const sections: Section[] = [];
  // Pages under a sidebar page's path (a multi-page reference's /rest/<tag>) follow it in its section.
  const below = (parent: string): string[] =>
    parent === '/' ? [] : pagePaths.filter((p) => p.startsWith(`${parent}/`) && !placed.has(p)).sort();
  for (const section of sidebar) {
    const paths = section.paths
      .filter((p) => existing.has(p) && !placed.has(p))
      .flatMap((p) => {
        placed.add(p);
        const children = below(p);
        for (const child of children) placed.add(child);
        return [p, ...children];
      });
    for (const p of paths) placed.add(p);
    if (paths.length > 0) sections.push({title: section.title, paths});
  }
  const rest = pagePaths
    .filter((p) => !placed.has(p))
    .sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
  return rest.length > 0 ? [...sections, {title: optionalTitle, paths: rest}] : sections;
}
