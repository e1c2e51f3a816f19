/**
 * Descriptions in API documents are CommonMark (GFM tables are common). They are
 * rendered to HTML here, at build time, so the browser gets markup and no
 * Markdown parser. micromark escapes raw HTML and unsafe URL protocols by
 * default, which matters for documents we did not write (the corpus).
 */
import {micromark} from 'micromark';
import {gfm, gfmHtml} from 'micromark-extension-gfm';
import type {Html} from './types';

/**
 * `baseLevel` is the heading level of the section the description sits in: a
 * description's own headings are pushed below it, so a "## Connecting" inside
 * an API description cannot pose as one of the page's channel or tag headings.
 */
export function markdown(source: unknown, baseLevel = 2): Html | undefined {
  if (typeof source !== 'string' || source.trim() === '') return undefined;
  const key = `${baseLevel}\u0000${source}`;
  const known = rendered.get(key);
  if (known !== undefined) return known;
  if (rendered.size >= RENDERED_MAX) rendered.clear();
  const html = render(source, baseLevel);
  rendered.set(key, html);
  return html;
}

/** micromark's options, made once: building the GFM extensions on every call cost as much as parsing. */
const OPTIONS = {extensions: [gfm()], htmlExtensions: [gfmHtml()]};

/**
 * Descriptions already rendered, by heading level and source. A schema shared by many operations
 * has its fields' descriptions rendered once per use; on a document whose shared schemas are used
 * 60 times (tests/unit/reference/describedOnce.test.tsx) the model took 4.6 s, 4.0 of them in
 * micromark. Bounded, so that a long `npm start` session editing documents does not grow it.
 */
const rendered = new Map<string, Html>();
const RENDERED_MAX = 20_000;

function render(source: string, baseLevel: number): Html {
  const html = micromark(source, OPTIONS);
  const levels = [...html.matchAll(/<h([1-6])>/g)].map((m) => Number(m[1]));
  if (levels.length === 0) return html.trim();
  const shift = Math.max(0, baseLevel + 1 - Math.min(...levels));
  return html
    .replace(
      /<(\/?)h([1-6])>/g,
      (_m, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + shift)}>`,
    )
    .trim();
}

/** One-line plain text of a description, for labels and diagram captions. */
export function plainText(source: unknown, max = 160): string | undefined {
  if (typeof source !== 'string' || source.trim() === '') return undefined;
  const flat = source
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_#>]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** For the TOC: Docusaurus renders TOC values as HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
