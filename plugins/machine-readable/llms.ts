/**
 * llms.txt and llms-full.txt, following the llms.txt convention: an H1 with
 * the site's name, a blockquote summary, plain paragraphs, then H2 sections
 * of `- [name](url): notes` lists; a section titled "Optional" may be skipped
 * by a reader short of context. Pure string building.
 */
import {markdownPathFor} from '../api-reference/client/downloads';
import {
  derefAt,
  escapePointerToken as token,
  isObject,
  pathItemOperations,
  type JsonObject,
} from '../api-reference/document';

export interface LlmsPage {
  /** URL path of the HTML page (`/docs/intro`). */
  path: string;
  title: string;
  description: string;
  markdown: string;
}

export interface LlmsLink {
  title: string;
  /** URL path on the site (`/downloads/openapi.yaml`). */
  path: string;
  description: string;
}

export interface LlmsInput {
  title: string;
  summary: string;
  /** Paragraphs between the summary and the first section. */
  details: string[];
  /** In reading order; the one titled OPTIONAL_SECTION (if any) last. */
  sections: {title: string; pages: LlmsPage[]}[];
  /** Files worth fetching besides the pages (API documents, schemas, collection). */
  downloads: LlmsLink[];
  /** Absolute URL of a site path (`/docs/intro` → `https://docs.example.com/docs/intro`). */
  url: (path: string) => string;
}

export const OPTIONAL_SECTION = 'Optional';

export interface ApiVersions {
  title: string;
  /** `info.version` of the OpenAPI document ('' when none). */
  rest: string;
  /** `info.version` of the AsyncAPI document ('' when none). */
  ws: string;
  /** The AsyncAPI `info` carries a reading (x-reading): its version is not one the provider states. */
  wsVersionIsReading?: boolean;
  /**
   * How each part is authenticated, in words (authenticationOf), '' where its document declares no
   * security: the sentence says only what the documents say.
   */
  auth?: {rest: string; ws: string};
}

/** A security scheme in words: "a bearer token (JWT)", "an API key in the header X-Key", … */
function schemeWords(scheme: JsonObject): string {
  const type = typeof scheme.type === 'string' ? scheme.type : '';
  const where = (): string =>
    typeof scheme.in === 'string' && typeof scheme.name === 'string'
      ? ` in the ${scheme.in} ${scheme.name}`
      : typeof scheme.in === 'string'
        ? ` in the ${scheme.in}`
        : '';
  if (type === 'http' && typeof scheme.scheme === 'string' && scheme.scheme.toLowerCase() === 'bearer')
    return `a bearer token${typeof scheme.bearerFormat === 'string' ? ` (${scheme.bearerFormat})` : ''}`;
  if (type === 'http' && typeof scheme.scheme === 'string') return `HTTP ${scheme.scheme} authentication`;
  if (type === 'apiKey' || type === 'httpApiKey') return `an API key${where()}`;
  if (type === 'oauth2') return 'OAuth 2.0';
  if (type === 'openIdConnect') return 'OpenID Connect';
  return type !== '' ? `the ${type} security scheme` : 'a security scheme';
}

/**
 * How a document says its API is authenticated, in words: the schemes its security requirements
 * name, each once, joined by "or"; '' when no part of it asks for any.
 * - OpenAPI: each operation's own `security`, else the document's (OpenAPI 3.1, 4.8.10.1). An empty
 *   list, no list, or an empty requirement `{}` among the alternatives lets an operation be called
 *   without authentication: when that is so of some operations but not all, the words say so.
 * - AsyncAPI: its servers' and operations' `security` (3: schemes or `$ref`s to them; 2: requirement
 *   objects naming components/securitySchemes).
 */
export function authenticationOf(doc: Readonly<Record<string, unknown>>): string {
  const words = new Set<string>();
  /** Adds the words of the requirement list at `pointer`; whether it lets a call go without. */
  const requirement = (pointer: string): {none: boolean} => {
    const list = derefAt(doc, pointer).node;
    if (!Array.isArray(list) || list.length === 0) return {none: true};
    let none = false;
    list.forEach((entry, index) => {
      if (typeof doc.asyncapi === 'string' && !doc.asyncapi.startsWith('2.')) {
        // AsyncAPI 3: a Security Scheme object, or a $ref to one.
        const scheme = derefAt(doc, `${pointer}/${index}`).node;
        if (isObject(scheme)) words.add(schemeWords(scheme));
        return;
      }
      if (!isObject(entry)) return;
      if (Object.keys(entry).length === 0) none = true;
      for (const name of Object.keys(entry)) {
        // OpenAPI and AsyncAPI 2: a requirement names schemes of components/securitySchemes (each may be a $ref).
        const scheme = derefAt(doc, `/components/securitySchemes/${token(name)}`).node;
        if (isObject(scheme)) words.add(schemeWords(scheme));
      }
    });
    return {none};
  };
  if (typeof doc.openapi === 'string') {
    const paths = isObject(doc.paths) ? doc.paths : {};
    let open = 0;
    let operations = 0;
    for (const key of Object.keys(paths)) {
      const item = derefAt(doc, `/paths/${token(key)}`);
      if (!isObject(item.node)) continue;
      for (const {at, operation} of pathItemOperations(item.node)) {
        operations++;
        const own = Object.hasOwn(operation, 'security') ? `${item.pointer}${at}/security` : '/security';
        if (requirement(own).none) open++;
      }
    }
    if (operations === 0) requirement('/security');
    const schemes = [...words].join(' or ');
    if (schemes === '' || open === 0) return schemes;
    if (open === operations) return `${schemes}, which no operation requires`;
    return `${schemes}, which ${open === 1 ? 'one operation does' : `${open} of its ${operations} operations do`} not require`;
  }
  requirement('/security');
  for (const holder of ['servers', 'operations'] as const) {
    const items = doc[holder];
    if (!isObject(items) && !Array.isArray(items)) continue;
    for (const key of Object.keys(items)) requirement(`/${holder}/${token(key)}/security`);
  }
  return [...words].join(' or ');
}

/**
 * The sentence that introduces the API and its versions. Each part gets its own document's version;
 * where the documents mark a version as a reading (the provider publishes none for the WebSocket
 * API), the sentence says so instead of giving the whole API one version.
 */
export function apiSentence(v: ApiVersions): string {
  const rest = v.rest !== '' ? ` (version ${v.rest})` : '';
  const ws = v.wsVersionIsReading
    ? `, for which the provider publishes no version${v.ws !== '' ? ` (its document's ${v.ws} is a reading, not a version the provider states)` : ''}`
    : v.ws !== '' && v.ws !== v.rest
      ? ` (version ${v.ws})`
      : v.ws !== ''
        ? ` (version ${v.ws} too)`
        : '';
  const auth = v.auth ?? {rest: '', ws: ''};
  const parts = [
    auth.rest !== '' ? `the REST part is authenticated with ${auth.rest}` : '',
    auth.ws !== ''
      ? `the WebSocket part ${auth.rest !== '' ? 'with' : 'is authenticated with'} ${auth.ws}`
      : '',
  ].filter((part) => part !== '');
  const authenticated =
    auth.rest !== '' && auth.rest === auth.ws
      ? `, both authenticated with ${auth.rest}`
      : parts.map((part) => `; ${part}`).join('');
  return `The ${v.title} has a REST part${rest} and a WebSocket part${ws}${authenticated}.`;
}

function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function linkText(value: string): string {
  return oneLine(value).replace(/([\\[\]])/g, '\\$1');
}

function entry(title: string, url: string, description: string): string {
  const notes = oneLine(description);
  return `- [${linkText(title)}](${url})${notes !== '' ? `: ${notes}` : ''}`;
}

function header(input: LlmsInput): string[] {
  return [
    `# ${oneLine(input.title)}`,
    '',
    `> ${oneLine(input.summary)}`,
    '',
    ...input.details.flatMap((p) => [oneLine(p), '']),
  ];
}

/** The index: every page (linked to its Markdown copy) with its one-line summary. */
export function renderLlmsTxt(input: LlmsInput): string {
  const lines = header(input);
  const optional = input.sections.filter((s) => s.title === OPTIONAL_SECTION);
  const main = input.sections.filter((s) => s.title !== OPTIONAL_SECTION);
  const section = (title: string, entries: string[]): void => {
    if (entries.length > 0) lines.push(`## ${oneLine(title)}`, '', ...entries, '');
  };
  for (const s of main)
    section(
      s.title,
      s.pages.map((p) => entry(p.title, input.url(markdownPathFor(p.path)), p.description)),
    );
  section(
    'Downloads',
    input.downloads.map((d) => entry(d.title, input.url(d.path), d.description)),
  );
  for (const s of optional)
    section(
      s.title,
      s.pages.map((p) => entry(p.title, input.url(markdownPathFor(p.path)), p.description)),
    );
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The guides and references in full: every page but the optional ones, in reading order. */
export function renderLlmsFull(input: LlmsInput): string {
  const parts = [header(input).join('\n').trimEnd()];
  for (const section of input.sections) {
    if (section.title === OPTIONAL_SECTION) continue;
    for (const page of section.pages)
      parts.push(`Source: ${input.url(page.path)}\n\n${page.markdown.trim()}`);
  }
  return `${parts.join('\n\n---\n\n')}\n`;
}
