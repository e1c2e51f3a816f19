/**
 * Built HTML of one page → search records. Pure (string in, records out) so it
 * is tested on small fixtures. Works from the anchor scheme, not from the API
 * documents: whatever the references and guides put into static HTML with an
 * id is findable, and a result always points at an id that exists.
 *
 * - A heading with an id (and the page's h1) starts a section: its text runs to
 *   the next heading with an id. Headings without ids ("Parameters",
 *   "Responses") are just text of the section they sit in.
 * - Any other element with an id (a field, a parameter row, an error-code row,
 *   a response) is its own record: its label and the text inside it, minus
 *   elements with ids of their own (nested fields are their own records).
 */
import {parse, type DefaultTreeAdapterTypes} from 'parse5';
import type {RecordKind, SearchRecord} from './client/indexFile';
import {ANCHOR_PREFIXES} from '../api-reference/client/anchors';

type Element = DefaultTreeAdapterTypes.Element;
type Node = DefaultTreeAdapterTypes.Node;

export interface ExtractOptions {
  /** Characters of text kept per heading section (the rest is not searchable; guides stay small). */
  maxSectionText: number;
  /** Characters of text kept per element record (field descriptions are short). */
  maxElementText: number;
}

export const DEFAULT_EXTRACT_OPTIONS: ExtractOptions = {maxSectionText: 1500, maxElementText: 400};

export type PageRecord = Omit<SearchRecord, 'p'>;

export interface ExtractedPage {
  title: string;
  records: PageRecord[];
}

/** Never text: widgets, code blocks (examples would drown the fields they show), decorations. */
const SKIP_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'button',
  'input',
  'textarea',
  'select',
  'form',
  'dialog',
  'iframe',
  'canvas',
  'video',
  'audio',
  'object',
  'pre',
  'nav',
]);

/** Theme chrome inside <main> (Infima / ThemeClassNames), not content. */
const SKIP_CLASSES = [
  'hash-link',
  'theme-doc-toc-mobile',
  'theme-doc-toc-desktop',
  'table-of-contents',
  'theme-doc-breadcrumbs',
  'pagination-nav',
  'theme-doc-footer',
  'theme-doc-version-badge',
  'theme-doc-version-banner',
  'theme-edit-this-page',
  'theme-last-updated',
];

/**
 * Phrasing elements that may split a word (`<strong>A</strong>PI`): no space around them.
 * Every other element is a word boundary, `code` and `span` included, because generated
 * markup puts badges and code side by side without whitespace (`<span>POST</span><code>/api</code>`).
 */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'mark',
  'q',
  's',
  'small',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
]);

const HEADING = /^h([1-6])$/;
const METHOD_PATH = /^(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE|QUERY)\s+(\/\S*)/;
const PARAMETER_LOCATIONS = new Set(['query', 'path', 'header', 'cookie']);
const CONTAINER_SEGMENT = /^(request|response-.+)$/;

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

function hasClass(el: Element, name: string): boolean {
  return (attr(el, 'class') ?? '').split(/\s+/).includes(name);
}

function isSkipped(el: Element): boolean {
  if (SKIP_TAGS.has(el.tagName)) return true;
  if (attr(el, 'hidden') !== undefined || attr(el, 'aria-hidden') === 'true') return true;
  if (attr(el, 'role') === 'tablist') return true;
  return SKIP_CLASSES.some((c) => hasClass(el, c));
}

/**
 * Ids that are places a reader can be sent to; not React's generated ids
 * (`:r1:`, `«r1»`), not the theme's own (`__docusaurus…`).
 */
export function isContentId(id: string): boolean {
  return id !== '' && !id.startsWith('__') && !/[:«»\s]/.test(id);
}

function squash(text: string): string {
  return text
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.8 ? cut.slice(0, space) : cut}…`;
}

/** Visible text of a subtree, skipping what the index skips. */
function textOf(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node): void => {
    if (n.nodeName === '#text' && 'value' in n) parts.push(n.value);
    else if (isElement(n)) {
      if (isSkipped(n)) return;
      const block = !INLINE.has(n.tagName);
      if (block) parts.push(' ');
      for (const child of n.childNodes) walk(child);
      if (block) parts.push(' ');
    }
  };
  walk(node);
  return squash(parts.join(''));
}

function find(node: Node, test: (el: Element) => boolean): Element | undefined {
  if (isElement(node) && test(node)) return node;
  if ('childNodes' in node) {
    for (const child of node.childNodes) {
      const hit = find(child, test);
      if (hit !== undefined) return hit;
    }
  }
  return undefined;
}

function findAll(node: Node, test: (el: Element) => boolean, out: Element[] = []): Element[] {
  if (isElement(node) && test(node)) out.push(node);
  if ('childNodes' in node) for (const child of node.childNodes) findAll(child, test, out);
  return out;
}

interface Draft {
  id: string;
  /** Heading level, 0 for an element record. */
  level: number;
  title: string;
  /** Ancestor headings' titles (sections) or the enclosing section (elements). */
  trail: string[];
  text: string[];
  /** First inline code inside an element record: its label (field name, error code). */
  firstCode?: string;
}

/** Field path segments after the owner: `op.request.a.b[]` → owner `op`, middle `request`, `a`, name `b[]`. */
function splitPath(id: string): {owner: string; middle: string[]; last: string} {
  const segments = id.split('.');
  return {owner: segments[0] ?? id, middle: segments.slice(1, -1), last: segments[segments.length - 1] ?? id};
}

/**
 * Kind from the anchor scheme: `error-<code>`, `error-body-<title>`, `data-type-<title>`, `channel-<key>`, `tag-<slug>`,
 * dotted paths (`<op>.<request|response-NNN>`, `<op>.<in>.<name>`, field paths),
 * operation headings (followed by `METHOD /path`), message headings (with fields below).
 */
export function classify(input: {
  id: string;
  level: number;
  signature: boolean;
  hasFields: boolean;
}): RecordKind {
  const {id, level} = input;
  // A shared error body on /rest (`error-body-<title>`, its fields `error-body-<title>.<path>`).
  if (id.startsWith(ANCHOR_PREFIXES.errorBody)) return id.includes('.') ? 'field' : 'section';
  // A field type described once (`data-type-<title>`), on either reference.
  if (id.startsWith(ANCHOR_PREFIXES.dataType)) return 'section';
  // `error-<code>` only on elements (catalogue rows): a guide heading "Error bodies" has the slug `error-bodies`.
  if (id.startsWith(ANCHOR_PREFIXES.error)) return level === 0 ? 'error' : 'section';
  if (id.startsWith(ANCHOR_PREFIXES.channel)) return id.includes('.') ? 'message' : 'channel';
  if (id.startsWith(ANCHOR_PREFIXES.tag)) return 'section';
  if (id.includes('.')) {
    const {middle, last} = splitPath(id);
    if (middle.length === 0 && CONTAINER_SEGMENT.test(last)) return 'response';
    if (middle.length === 1 && PARAMETER_LOCATIONS.has(middle[0] ?? '')) return 'parameter';
    return 'field';
  }
  if (level > 0 && input.signature) return 'operation';
  if (level >= 3 && input.hasFields) return 'message';
  return 'section';
}

class PageWalker {
  readonly drafts: Draft[] = [];
  private section: Draft;
  private readonly stack: Draft[] = [];
  private readonly headings: {level: number; title: string}[] = [];
  private seenH1 = false;

  constructor(readonly page: Draft) {
    this.section = page;
    this.drafts.push(page);
  }

  private sink(): Draft {
    return this.stack[this.stack.length - 1] ?? this.section;
  }

  walk(node: Node): void {
    if (node.nodeName === '#text' && 'value' in node) {
      this.sink().text.push(node.value);
      return;
    }
    if (!isElement(node)) return;
    if (isSkipped(node)) return;
    const heading = HEADING.exec(node.tagName);
    const id = attr(node, 'id');
    if (heading !== null) {
      this.heading(node, Number(heading[1]), id);
      return;
    }
    const own = id !== undefined && isContentId(id) ? id : undefined;
    if (own !== undefined) {
      const draft: Draft = {id: own, level: 0, title: '', trail: this.trail(), text: []};
      if (node.tagName === 'details') {
        const summary = node.childNodes.find((c): c is Element => isElement(c) && c.tagName === 'summary');
        if (summary !== undefined) draft.title = textOf(summary);
      }
      this.drafts.push(draft);
      this.stack.push(draft);
      this.children(node);
      this.stack.pop();
      return;
    }
    if (node.tagName === 'code') {
      const top = this.stack[this.stack.length - 1];
      if (top !== undefined && top.firstCode === undefined) top.firstCode = textOf(node);
    }
    this.children(node);
  }

  private children(el: Element): void {
    const block = !INLINE.has(el.tagName);
    if (block) this.sink().text.push(' ');
    for (const child of el.childNodes) this.walk(child);
    if (block) this.sink().text.push(' ');
  }

  private trail(): string[] {
    return this.headings.map((h) => h.title).filter((t) => t !== '');
  }

  private heading(el: Element, level: number, id: string | undefined): void {
    const title = textOf(el);
    if (level === 1 && !this.seenH1) {
      this.seenH1 = true;
      if (title !== '') this.page.title = title;
      this.headings.length = 0;
      return;
    }
    if (id === undefined || !isContentId(id)) {
      this.sink().text.push(` ${title} `);
      return;
    }
    while ((this.headings[this.headings.length - 1]?.level ?? 0) >= level) this.headings.pop();
    const draft: Draft = {id, level, title, trail: this.trail(), text: []};
    this.headings.push({level, title});
    this.drafts.push(draft);
    this.section = draft;
  }
}

function contentRoots(doc: Node): Node[] {
  const mains = findAll(doc, (el) => el.tagName === 'main');
  if (mains.length > 0) return mains;
  const body = find(doc, (el) => el.tagName === 'body');
  return body !== undefined ? [body] : [doc];
}

/** A redirect stub (plugin-client-redirects) or a page that asks not to be indexed. */
export function isIndexablePage(doc: Node, noindexToo = false): boolean {
  const metas = findAll(doc, (el) => el.tagName === 'meta');
  if (metas.some((m) => (attr(m, 'http-equiv') ?? '').toLowerCase() === 'refresh')) return false;
  return (
    noindexToo ||
    !metas.some(
      (m) => (attr(m, 'name') ?? '').toLowerCase() === 'robots' && /noindex/i.test(attr(m, 'content') ?? ''),
    )
  );
}

function documentTitle(doc: Node): string {
  const title = find(doc, (el) => el.tagName === 'title');
  return title !== undefined ? (textOf(title).split(' | ')[0] ?? '') : '';
}

/**
 * Records of one built page; `undefined` for redirect stubs and noindex pages, unless
 * `noindexToo` (a release's reference: noindex for web search, found by the site's own search).
 */
export function extractPage(
  html: string,
  options: ExtractOptions = DEFAULT_EXTRACT_OPTIONS,
  {noindexToo = false}: {noindexToo?: boolean} = {},
): ExtractedPage | undefined {
  const doc = parse(html);
  if (!isIndexablePage(doc, noindexToo)) return undefined;
  const page: Draft = {id: '', level: 1, title: '', trail: [], text: []};
  const walker = new PageWalker(page);
  for (const root of contentRoots(doc)) walker.walk(root);
  if (page.title === '') page.title = documentTitle(doc);

  const ids = new Set(walker.drafts.map((d) => d.id).filter((id) => id !== ''));
  const owners = new Set([...ids].filter((id) => id.includes('.')).map((id) => splitPath(id).owner));
  const titles = new Map(walker.drafts.filter((d) => d.level > 0).map((d) => [d.id, d.title]));
  const records: PageRecord[] = [];
  for (const draft of walker.drafts) {
    const record = finish(draft, {ids, owners, titles, options, pageTitle: page.title});
    if (record !== undefined) records.push(record);
  }
  return {title: page.title, records};
}

interface FinishContext {
  ids: Set<string>;
  /** First segments of dotted ids: the operations and messages that have fields. */
  owners: Set<string>;
  titles: Map<string, string>;
  options: ExtractOptions;
  pageTitle: string;
}

function finish(draft: Draft, ctx: FinishContext): PageRecord | undefined {
  const text = squash(draft.text.join(''));
  if (draft.id === '') {
    return {k: 'page', a: '', t: draft.title, c: '', n: [], x: cap(text, ctx.options.maxSectionText)};
  }
  // A message repeated under a second channel (`channel-<key>.<name>`) when the page has it on its own.
  if (draft.id.startsWith(ANCHOR_PREFIXES.channel) && draft.id.includes('.')) {
    const name = draft.id.slice(draft.id.indexOf('.') + 1);
    if (ctx.ids.has(name)) return undefined;
  }
  const signature = draft.level > 0 ? METHOD_PATH.exec(text) : null;
  const hasFields = ctx.owners.has(draft.id);
  const kind = classify({id: draft.id, level: draft.level, signature: signature !== null, hasFields});
  const max = draft.level > 0 ? ctx.options.maxSectionText : ctx.options.maxElementText;

  if (draft.level > 0) {
    const names: string[] = [];
    let context = draft.trail.join(' › ');
    if (kind === 'operation' && signature !== null) {
      const [, method = '', path = ''] = signature;
      names.push(draft.id, path, `${method} ${path}`);
      context = `${method} ${path}`;
    } else if (kind === 'message') {
      names.push(draft.id.includes('.') ? splitPath(draft.id).last : draft.id);
    } else if (kind === 'channel') {
      names.push(draft.id.slice(ANCHOR_PREFIXES.channel.length), draft.title);
    }
    return {k: kind, a: draft.id, t: draft.title || draft.id, c: context, n: names, x: cap(text, max)};
  }

  const {owner, middle, last} = splitPath(draft.id);
  const title = draft.title || draft.firstCode || (draft.id.includes('.') ? last : cap(text, 80));
  if (title === '' && text === '') return undefined;
  let context: string;
  if (draft.id.includes('.')) {
    const ownerTitle = ctx.titles.get(owner) ?? owner;
    context = [ownerTitle, ...middle.map(readableSegment)].join(' › ');
  } else {
    context = draft.trail.length > 0 ? draft.trail.join(' › ') : ctx.pageTitle;
  }
  const names = kind === 'field' || kind === 'parameter' || kind === 'error' ? [title] : [];
  // The label opens the element's text (`<code>name</code> integer …`): keep it once, in the title.
  const body = text.startsWith(title) ? text.slice(title.length).trim() : text;
  return {k: kind, a: draft.id, t: title, c: context, n: names, x: cap(body, max)};
}

/** Anchor path segments as a reader says them: `response-422` → `422 response`, `request` → `request body`. */
export function readableSegment(segment: string): string {
  if (segment === 'request') return 'request body';
  const response = /^response-(.+)$/.exec(segment);
  if (response !== null) return `${response[1]} response`;
  if (PARAMETER_LOCATIONS.has(segment)) return `${segment} parameters`;
  return segment;
}
