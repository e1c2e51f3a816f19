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
  const html = micromark(source, {extensions: [gfm()], htmlExtensions: [gfmHtml()]});
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
