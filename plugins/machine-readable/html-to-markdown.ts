/**
 * Built HTML page → Markdown, at build time. Reading the static HTML (rather
 * than the MDX sources or the API view models) means every page, generated or
 * written, gets the same treatment and the Markdown says exactly what a reader
 * sees. The page's own content is taken (its `<article>`, else `<main>`), the
 * site chrome inside it (breadcrumbs, table of contents, pager, copy buttons)
 * is dropped, Docusaurus markup that has no direct Markdown form (Prism code
 * blocks, tabs, admonitions, element anchors) is first rewritten into plain
 * HTML, and the unified utilities (hast → mdast → GFM) do the conversion.
 */
import type {Element, ElementContent, Nodes, Root} from 'hast';
import type {Code, Nodes as MdastNodes, PhrasingContent, Root as MdastRoot, TableCell} from 'mdast';
import {fromParse5} from 'hast-util-from-parse5';
import {parse} from 'parse5';
import {select, selectAll} from 'hast-util-select';
import {toText} from 'hast-util-to-text';
import {defaultHandlers, toMdast, type Handle, type State} from 'hast-util-to-mdast';
import {toMarkdown} from 'mdast-util-to-markdown';
import {gfmToMarkdown} from 'mdast-util-gfm';

export interface PageMarkdown {
  /** The page's h1, else its `<title>` without the site title. */
  title: string;
  /** `<meta name="description">`, empty when the page has none. */
  description: string;
  markdown: string;
}

export interface ConvertOptions {
  /** URL path of the page (`/docs/intro`): relative links and `#fragments` are resolved against it. */
  pagePath: string;
  /** Removed from the end of `<title>` (" | Site title") when the page has no h1. */
  siteTitle?: string;
}

/**
 * Site chrome and interactive controls: nothing a reader of a Markdown copy can
 * use. `data-markdown="skip"` lets any component opt out of the copy. Said as
 * the CSS selectors `script, …, [hidden], [data-markdown="skip"],
 * [data-validator-target], .hash-link, …, [class*="tocCollapsible"]`, matched
 * here by hand (isRemoved): hast-util-select looked each attribute selector up
 * in the HTML schema again for every element, 3.9 s of a five-reference build's
 * 4.3 s of preparation (2026-11-29).
 */
const REMOVED_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'button',
  'input',
  'textarea',
  'select',
  'iframe',
]);
const REMOVED_CLASSES = new Set([
  'hash-link',
  'theme-doc-breadcrumbs',
  'theme-doc-version-badge',
  'theme-doc-version-banner',
  'theme-doc-toc-mobile',
  'theme-doc-toc-desktop',
  'theme-doc-footer',
  'table-of-contents',
  'pagination-nav',
]);
/** Part of a class name: a CSS module's class carries a hash after it (`tocCollapsible_x1y2`). */
const REMOVED_CLASS_PART = 'tocCollapsible';

/** Whether an attribute is present: hast keeps an absent boolean attribute as false, null or nothing. */
function present(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}

function isRemoved(node: Element): boolean {
  if (REMOVED_TAGS.has(node.tagName)) return true;
  const {hidden, dataMarkdown, dataValidatorTarget} = node.properties;
  // The payload validator (data-validator-target): a form, nothing to read.
  if (present(hidden) || dataMarkdown === 'skip' || present(dataValidatorTarget)) return true;
  return classList(node).some((name) => REMOVED_CLASSES.has(name) || name.includes(REMOVED_CLASS_PART));
}

/** Containers an anchor may be pushed into so it lands in the first line of text. */
const DESCEND_FOR_ANCHOR = new Set([
  'div',
  'section',
  'header',
  'footer',
  'article',
  'aside',
  'figure',
  'figcaption',
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);

/** Inline elements that components place side by side, relying on CSS for the gap. */
const INLINE = new Set([
  'span',
  'code',
  'a',
  'strong',
  'em',
  'b',
  'i',
  'small',
  'kbd',
  'abbr',
  'time',
  'mark',
  'var',
  'samp',
]);

/**
 * Ids React makes with useId (`«r1»`, `:r1:`, `_r_1_`, `_R_lubmqh_`), alone or with a
 * suffix (`_R_lubmqh_-panel-0`): not stable, not worth an anchor.
 */
const GENERATED_ID = /[«»:]|^_r_?[0-9a-z]+_(?:$|-)/i;

const PLACEHOLDER_ORIGIN = 'https://site.invalid';

function element(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return {type: 'element', tagName, properties, children};
}

function text(value: string): ElementContent {
  return {type: 'text', value};
}

function classList(node: Element): string[] {
  const value: unknown = node.properties.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
}

function hasClass(node: Element, name: string): boolean {
  return classList(node).includes(name);
}

/** textContent: every text node, whitespace as written (for code). */
function textContent(node: Nodes): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(textContent).join('');
  return '';
}

function stringProperty(node: Element, name: string): string | undefined {
  const value = node.properties[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? value.join(' ') : undefined;
}

/**
 * Replaces (a returned element) or removes (null) elements, top-down. The
 * children of what is kept or returned are visited; a returned element itself
 * is not offered again, so a rewrite cannot loop.
 */
function transform(parent: Element, fn: (node: Element) => Element | null | undefined): void {
  const next: ElementContent[] = [];
  for (const child of parent.children) {
    if (child.type !== 'element') {
      next.push(child);
      continue;
    }
    const result = fn(child);
    if (result === null) continue;
    const kept = result ?? child;
    transform(kept, fn);
    next.push(kept);
  }
  parent.children = next;
}

/** GitHub's heading slug (what a Markdown renderer gives a heading by itself). */
export function githubSlug(value: string): string {
  return value
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Links are made absolute site paths, so they still work in llms-full.txt or pasted elsewhere. */
export function absoluteHref(href: string, pagePath: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith(PLACEHOLDER_ORIGIN)) return href; // https:, mailto:, …
  if (href.startsWith('//')) return href;
  const url = new URL(href, PLACEHOLDER_ORIGIN + pagePath);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The page's own content: its article, else main; never navbar, sidebar or footer. */
function mainContent(tree: Root): Element | undefined {
  return (
    select('main article', tree) ??
    select('article', tree) ??
    select('main', tree) ??
    select('#__docusaurus_skipToContent_fallback', tree)
  );
}

/** Docusaurus Tabs → each panel in turn, under its label (hidden panels included). */
function expandTabs(node: Element): Element | undefined {
  if (!hasClass(node, 'tabs-container')) return undefined;
  const tablist = node.children.find(
    (c): c is Element => c.type === 'element' && c.properties.role === 'tablist',
  );
  const labels =
    tablist === undefined
      ? []
      : tablist.children.filter((c): c is Element => c.type === 'element').map((tab) => toText(tab).trim());
  const panels: Element[] = [];
  for (const child of node.children) {
    if (child.type !== 'element' || child === tablist) continue;
    if (child.properties.role === 'tabpanel') panels.push(child);
    else
      panels.push(
        ...child.children.filter(
          (c): c is Element => c.type === 'element' && c.properties.role === 'tabpanel',
        ),
      );
  }
  const children: ElementContent[] = panels.flatMap((panel, i) => {
    const label = labels[i];
    const heading =
      label !== undefined && label !== '' ? [element('p', {}, [element('strong', {}, [text(label)])])] : [];
    return [...heading, element('div', {}, panel.children)];
  });
  return element('div', {}, children);
}

/** Prism code block (title, language, one element per line) → `<pre data-lang data-title>` with the raw text. */
function normalizeCodeBlock(node: Element): Element | undefined {
  if (!hasClass(node, 'theme-code-block')) return undefined;
  const pre = select('pre', node);
  if (pre === undefined) return undefined;
  const lines = selectAll('.token-line', pre);
  const value = (lines.length > 0 ? lines.map(textContent).join('\n') : textContent(pre)).replace(/\n+$/, '');
  const language = [...classList(node), ...classList(pre)]
    .find((c) => c.startsWith('language-'))
    ?.slice('language-'.length);
  const titleNode = select('[class*="codeBlockTitle"]', node);
  const title = titleNode === undefined ? '' : toText(titleNode).trim();
  return element('pre', {dataLang: language ?? '', dataTitle: title}, [text(value)]);
}

/** Admonition (note, tip, warning, …) → a blockquote led by its bold heading. */
function admonition(node: Element): Element | undefined {
  if (!hasClass(node, 'theme-admonition')) return undefined;
  const headingNode = select('[class*="admonitionHeading"]', node);
  const heading = headingNode === undefined ? '' : toText(headingNode).trim();
  const content = select('[class*="admonitionContent"]', node);
  const label =
    heading === ''
      ? []
      : [
          element('p', {}, [
            element('strong', {}, [text(heading.charAt(0).toUpperCase() + heading.slice(1))]),
          ]),
        ];
  return element('blockquote', {}, [...label, ...(content?.children ?? [])]);
}

/**
 * Anchors become `<a id="…"></a>`. mdast has no inline raw HTML that stays in
 * its paragraph, so the conversion carries a private-use marker holding the
 * anchor's number, and serialize() puts the HTML in afterwards.
 */
const MARKER = /\uE000(\d+)\uE001/g;

class Anchors {
  private readonly ids: string[] = [];

  marker(id: string): ElementContent {
    this.ids.push(id);
    return text(`\uE000${this.ids.length - 1}\uE001`);
  }

  restore(markdown: string): string {
    return markdown.replace(MARKER, (_, index: string) => {
      const id = this.ids[Number(index)] ?? '';
      return `<a id="${id.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)}"></a>`;
    });
  }
}

/** Puts the anchor at the start of the element's first line of text. */
function insertAnchor(node: Element, marker: ElementContent): void {
  let target = node;
  for (;;) {
    const first = target.children.find((c) => !(c.type === 'text' && c.value.trim() === ''));
    if (first?.type === 'element' && DESCEND_FOR_ANCHOR.has(first.tagName)) target = first;
    else break;
  }
  target.children.unshift(marker);
}

const NO_SPACE_AFTER = /[\s([{/"'“‘-]$/;
const NO_SPACE_BEFORE = /^[\s)\]},.;:!?"'”’-]/;

function isInline(node: ElementContent | undefined): node is Element {
  return node?.type === 'element' && INLINE.has(node.tagName);
}

/**
 * Whether two siblings are words that only CSS kept apart: two inline elements
 * (`<code>a</code><span>string</span>`), or text and a span (`2.0.0<span>Current</span>`).
 * Text against other inline elements is left alone (`<code>x</code>s` is meant).
 */
function gluedByCss(previous: ElementContent | undefined, child: ElementContent): boolean {
  if (isInline(previous) && isInline(child)) return true;
  if (previous?.type === 'text' && child.type === 'element' && child.tagName === 'span') return true;
  return isInline(previous) && previous.tagName === 'span' && child.type === 'text';
}

/** A space between siblings that only CSS kept apart. */
function spaceInlineSiblings(node: Element): void {
  if (node.tagName === 'pre' || node.tagName === 'code') return;
  const next: ElementContent[] = [];
  for (const child of node.children) {
    const previous = next[next.length - 1];
    if (previous !== undefined && gluedByCss(previous, child)) {
      const before = textContent(previous);
      const after = textContent(child);
      if (before !== '' && after !== '' && !NO_SPACE_AFTER.test(before) && !NO_SPACE_BEFORE.test(after))
        next.push(text(' '));
    }
    next.push(child);
  }
  node.children = next;
}

/** Emphasis that Markdown cannot open or close on a space. */
const FORMATTING = new Set(['em', 'i', 'strong', 'b', 'del', 's']);

/**
 * `<em>If x: </em>Server` would come out as `_If x:&#x20;_&#x53;erver`: spaces
 * at the edges of emphasis are moved just outside it.
 */
function hoistEdgeSpaces(node: Element): ElementContent[] {
  const first = node.children[0];
  const last = node.children[node.children.length - 1];
  let before = false;
  let after = false;
  if (first?.type === 'text' && /^\s/.test(first.value)) {
    first.value = first.value.trimStart();
    before = true;
  }
  if (last?.type === 'text' && /\s$/.test(last.value)) {
    last.value = last.value.trimEnd();
    after = true;
  }
  return [...(before ? [text(' ')] : []), node, ...(after ? [text(' ')] : [])];
}

/** Anchors for elements with ids, absolute links, unwrapped self-links, spacing. */
function finish(node: Element, pagePath: string, anchors: Anchors, nearestId: string | undefined): void {
  const next: ElementContent[] = [];
  for (const child of node.children) {
    if (child.type === 'comment') continue; // React's `<!-- -->` text separators
    if (child.type !== 'element') {
      next.push(child);
      continue;
    }
    const id = stringProperty(child, 'id');
    const href = stringProperty(child, 'href');
    if (child.tagName === 'a' && href === undefined && id !== undefined) {
      next.push(anchors.marker(id)); // an author's own <a id="…"></a>
      continue;
    }
    const ownId = id !== undefined && !GENERATED_ID.test(id) ? id : undefined;
    const scopeId = ownId ?? nearestId;
    if (child.tagName === 'a' && href !== undefined) {
      if (scopeId !== undefined && href === `#${scopeId}`) {
        // A permalink to the element it sits in: the anchor already says it.
        const wrapper = element('span', {}, child.children);
        finish(wrapper, pagePath, anchors, scopeId);
        next.push(...wrapper.children);
        continue;
      }
      child.properties.href = absoluteHref(href, pagePath);
    }
    if (ownId !== undefined) {
      delete child.properties.id;
      if (/^h[1-6]$/.test(child.tagName)) {
        if (githubSlug(toText(child)) !== ownId) child.children.push(text(' '), anchors.marker(ownId));
      } else {
        insertAnchor(child, anchors.marker(ownId));
      }
    }
    finish(child, pagePath, anchors, scopeId);
    if (FORMATTING.has(child.tagName)) next.push(...hoistEdgeSpaces(child));
    else next.push(child);
  }
  node.children = next;
  spaceInlineSiblings(node);
}

/**
 * Prepares the content element for the hast → mdast conversion, in place: the tree is the caller's
 * own parse of the page, read afterwards only in its head (a copy of a reference page's body cost
 * more than the rest of the preparation).
 */
function prepare(content: Element, pagePath: string, anchors: Anchors): Element {
  const root = element('div', {}, [content]);
  transform(root, expandTabs);
  transform(root, (node) => normalizeCodeBlock(node) ?? admonition(node));
  transform(root, (node) => (isRemoved(node) ? null : undefined));
  finish(root, pagePath, anchors, undefined);
  return root;
}

const codeHandler: Handle = (state: State, node: Element): Code => {
  const lang = stringProperty(node, 'dataLang');
  const title = stringProperty(node, 'dataTitle');
  let language = lang !== undefined && lang !== '' ? lang : undefined;
  if (lang === undefined) {
    const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
    language =
      code === undefined
        ? undefined
        : classList(code)
            .find((c) => c.startsWith('language-'))
            ?.slice('language-'.length);
  }
  const result: Code = {
    type: 'code',
    lang: language ?? null,
    meta: title !== undefined && title !== '' ? `title=${JSON.stringify(title)}` : null,
    value: textContent(node).replace(/\n+$/, ''),
  };
  state.patch(node, result);
  return result;
};

/** A table cell's content as lines of inline content (a GFM cell holds one line). */
function cellLines(nodes: MdastNodes[]): PhrasingContent[][] {
  const lines: PhrasingContent[][] = [];
  let run: PhrasingContent[] = [];
  const flush = (): void => {
    if (run.length > 0) lines.push(run);
    run = [];
  };
  for (const child of nodes) {
    switch (child.type) {
      case 'paragraph':
      case 'heading':
        flush();
        lines.push(child.children);
        break;
      case 'list':
        flush();
        for (const item of child.children) {
          for (const [i, line] of cellLines(item.children).entries())
            lines.push(i === 0 ? [{type: 'text', value: '• '}, ...line] : line);
        }
        break;
      case 'code':
        flush();
        lines.push([{type: 'inlineCode', value: child.value.replace(/\s*\n\s*/g, ' ')}]);
        break;
      case 'blockquote':
        flush();
        lines.push(...cellLines(child.children));
        break;
      case 'table':
      case 'thematicBreak':
      case 'definition':
      case 'footnoteDefinition':
        flush();
        break;
      default:
        run.push(child as PhrasingContent);
    }
  }
  flush();
  return lines;
}

/** Paragraphs, lists or code blocks inside a cell are joined with `<br>`, which GFM renderers honour. */
const cellHandler: Handle = (state, node) => {
  const cell = defaultHandlers.td(state, node) as TableCell;
  cell.children = cellLines(cell.children as MdastNodes[]).flatMap((line, i): PhrasingContent[] =>
    i === 0 ? line : [{type: 'html', value: '<br>'}, ...line],
  );
  return cell;
};

/** Converts the prepared content to GFM. */
function serialize(content: Element, anchors: Anchors): string {
  const mdast = toMdast(
    {type: 'root', children: [content]},
    {
      handlers: {pre: codeHandler, td: cellHandler, th: cellHandler},
    },
  ) as MdastRoot;
  const markdown = toMarkdown(mdast, {
    extensions: [gfmToMarkdown({tablePipeAlign: false})],
    bullet: '-',
    emphasis: '_',
    fences: true,
    listItemIndent: 'one',
    rule: '-',
  });
  return `${anchors
    .restore(markdown)
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

function metaDescription(tree: Root): string {
  const meta = select('meta[name="description"]', tree);
  return meta === undefined ? '' : (stringProperty(meta, 'content') ?? '').replace(/\s+/g, ' ').trim();
}

function headTitle(tree: Root, siteTitle: string | undefined): string | undefined {
  const title = select('head title', tree);
  if (title === undefined) return undefined;
  let value = toText(title).trim();
  if (siteTitle !== undefined && value.endsWith(` | ${siteTitle}`))
    value = value.slice(0, -` | ${siteTitle}`.length);
  return value === '' ? undefined : value;
}

/**
 * A built page as a hast tree, parsed as a browser without scripts parses it (`<noscript>` content is
 * markup). Without source positions, which nothing here reads: hast-util-from-html always records
 * them, and that was half of its parse time (about 1 s of each build, 2026-11-29).
 */
function parseHtml(html: string): Root {
  return fromParse5(parse(html, {scriptingEnabled: false})) as Root;
}

/** One built page → its title, summary and Markdown. */
export function pageToMarkdown(html: string, options: ConvertOptions): PageMarkdown {
  const tree = parseHtml(html);
  const content = mainContent(tree);
  if (content === undefined)
    throw new Error(`${options.pagePath}: the page has no <article> or <main> to convert to Markdown`);
  const anchors = new Anchors();
  const prepared = prepare(content, options.pagePath, anchors);
  const h1 = select('h1', prepared);
  const title =
    (h1 === undefined ? undefined : toText(h1).replace(MARKER, '').trim()) ||
    headTitle(tree, options.siteTitle) ||
    options.pagePath;
  return {title, description: metaDescription(tree), markdown: serialize(prepared, anchors)};
}

/** Whether a built HTML file is a redirect stub (client-redirects) rather than a page. */
export function isRedirectPage(html: string): boolean {
  return /<meta[^>]+http-equiv=["']?refresh/i.test(html);
}
