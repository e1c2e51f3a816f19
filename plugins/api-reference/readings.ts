/**
 * Readings: where the API documents choose among readings of the provider's specification, they
 * say so with a vendor extension on the node where the choice shows,
 *
 *   x-reading:
 *     id: decimal-fraction        # stable: the list's anchor is `reading-<id>`
 *     text: The specification gives "…"; both documents read …
 *
 * The references render each mark in one form, after the node's description ("Reading: …", linked
 * to the list), and the list "What the specification leaves open" (docs/intro.mdx) is generated at
 * build time from the marks as the references placed them: each entry links to the anchor of the
 * element that shows it. A mark cannot be missing from the list, nor the list name a reading no
 * document marks. The same id on several nodes (one reading shown in both documents) is one entry
 * with several places.
 *
 * Which choices must carry a mark, and at which places: tests/specs/documented-choices.ts lists
 * every documented choice with the words of the specification it reads, the reference anchors that
 * show it (exactly) and the guide paragraphs that state it; tests/specs/readings.test.ts fails when
 * one of those places lacks the mark.
 */
import {escapePointerToken, isObject, text as jsonText, type Json, type JsonObject} from './document';
import {escapeHtml, markdown} from './markdown';
import type {Html} from './types';

export const READING_KEY = 'x-reading';
/** The page and section that list every reading. */
export const READINGS_PAGE = '/docs/intro';
export const READINGS_SECTION = 'what-the-specification-leaves-open';
/** The class of a reading's paragraph in the references (and the marker the collector looks for). */
export const READING_CLASS = 'api-reading';

export interface ReadingMark {
  id: string;
  /** Markdown, one or two sentences. */
  text: string;
}

export interface ReadingPlace {
  /** The reference the reading shows in. */
  api: 'rest' | 'ws';
  /** Route plus anchor of the element that shows it, e.g. `/rest#mapTransaction`. */
  href: string;
  /** What a reader sees there (operation, field path, message). */
  label: string;
}

export interface ReadingEntry extends ReadingMark {
  /** Rendered text (inline HTML). */
  html: Html;
  places: ReadingPlace[];
}

/** The mark on a node, when it has a well-formed one. */
export function readingOf(node: unknown): ReadingMark | undefined {
  if (!isObject(node)) return undefined;
  const mark = node[READING_KEY];
  if (!isObject(mark)) return undefined;
  const id = jsonText(mark.id);
  const text = jsonText(mark.text);
  if (id === undefined || text === undefined || !/^[a-z0-9-]+$/.test(id)) return undefined;
  return {id, text};
}

/** Inline HTML of a reading's text (its one paragraph, without the `<p>`). */
export function readingTextHtml(text: string): Html {
  return (markdown(text) ?? '').replace(/^<p>/, '').replace(/<\/p>$/, '');
}

/** The paragraph a reference shows for a mark: one form everywhere. */
export function readingHtml(mark: ReadingMark): Html {
  return (
    `<p class="${READING_CLASS}" data-reading="${escapeHtml(mark.id)}"><strong>Reading:</strong> ` +
    `${readingTextHtml(mark.text)} <a href="${READINGS_PAGE}#reading-${escapeHtml(mark.id)}">` +
    `All readings</a></p>`
  );
}

/**
 * A node's description as the references render it: its Markdown, then its reading. `node` is the
 * object that carries both (an operation, a parameter, a schema, a message…); `fallback` is used
 * when the node has no `description` (an operation's summary, say).
 */
export function describe(node: unknown, baseLevel: number, fallback?: unknown): Html | undefined {
  const object = isObject(node) ? node : {};
  const description = markdown(object.description ?? fallback, baseLevel);
  const mark = readingOf(object);
  if (mark === undefined) return description;
  return `${description ?? ''}${readingHtml(mark)}`;
}

/** Every mark of a document, with the JSON pointer of its node (document order). */
export function documentReadings(doc: Json): {mark: ReadingMark; pointer: string}[] {
  const found: {mark: ReadingMark; pointer: string}[] = [];
  const walk = (node: Json, pointer: string): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`));
      return;
    }
    if (!isObject(node)) return;
    const mark = readingOf(node);
    if (mark !== undefined) found.push({mark, pointer});
    for (const [key, value] of Object.entries(node)) {
      if (key === READING_KEY) continue;
      walk(value, `${pointer}/${escapePointerToken(key)}`);
    }
  };
  walk(doc, '');
  return found;
}

const MARKER = new RegExp(`class="${READING_CLASS}" data-reading="([a-z0-9-]+)"`, 'g');

/**
 * Where a reference model shows readings: each marker in a rendered description, with the id of
 * the nearest element around it that has one (the view models give anchored elements an `id`),
 * and that element's name. `top` is the anchor for what sits outside any (the overview; an empty
 * id links to the page itself).
 */
export function placedReadings(
  model: unknown,
  api: 'rest' | 'ws',
  route: string,
  top: {id: string; label: string},
): Map<string, ReadingPlace[]> {
  const href = (id: string): string => (id === '' ? route : `${route}#${id}`);
  const places = new Map<string, ReadingPlace[]>();
  const add = (id: string, place: ReadingPlace): void => {
    const list = places.get(id) ?? [];
    if (!list.some((p) => p.href === place.href)) list.push(place);
    places.set(id, list);
  };
  const walk = (node: unknown, anchor: {id: string; label: string}): void => {
    if (typeof node === 'string') {
      for (const match of node.matchAll(MARKER))
        add(match[1] ?? '', {api, href: href(anchor.id), label: anchor.label});
      return;
    }
    if (Array.isArray(node)) {
      for (const item of node) walk(item, anchor);
      return;
    }
    if (!isObject(node)) return;
    const object = node as JsonObject;
    const id = typeof object.id === 'string' && object.id !== '' ? object.id : undefined;
    // Fields are anchored by their path (`<operation>.<where>.<field path>`), which names them best;
    // operations, messages and data types by a key: their title reads better.
    const label = id?.includes('.') === true ? id : (jsonText(object.title) ?? jsonText(object.name) ?? id);
    const here = id !== undefined ? {id, label: label ?? id} : anchor;
    for (const value of Object.values(object)) walk(value, here);
  };
  walk(model, top);
  return places;
}

/**
 * The list: every mark of the documents, once per id, in document order (OpenAPI first), with the
 * places the references show it. A mark no reference shows has no places (a test refuses that).
 */
export function readingList(
  documents: {openapi: Json; asyncapi: Json},
  placed: Map<string, ReadingPlace[]>[],
): ReadingEntry[] {
  const entries = new Map<string, ReadingEntry>();
  for (const {mark} of [...documentReadings(documents.openapi), ...documentReadings(documents.asyncapi)]) {
    if (entries.has(mark.id)) continue;
    // A type described once under "Data types" first: there its reading is stated in general.
    const places = placed
      .flatMap((map) => map.get(mark.id) ?? [])
      .sort((a, b) => Number(b.href.includes('#data-type-')) - Number(a.href.includes('#data-type-')));
    entries.set(mark.id, {...mark, html: readingTextHtml(mark.text), places});
  }
  return [...entries.values()];
}
