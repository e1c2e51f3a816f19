/**
 * What a part of a reference page weighs, in boxes the browser lays out when the page loads: its
 * elements and its runs of text, the pane's unselected tab panels apart (they are hidden). A
 * reference page's longest main-thread task is its first style and layout, which grows with those
 * boxes; page planning (pages.ts) adds them up to keep every page near the product's own /rest.
 *
 * Counted, not estimated, wherever the markup follows from the model: `schemaBoxes` follows the
 * Schema component element by element and text by text, and so do the parameter table, the
 * response list and an operation's heading. tests/unit/reference/weight.test.tsx renders every
 * schema of the test documents (and of the corpus, when it is there) and fails on any difference.
 * Only the pane beside an operation is fitted (PANE): its content depends on the code samples and
 * the highlighting.
 */
import type {
  DeprecationMark,
  ExampleView,
  MediaView,
  OperationView,
  ParameterView,
  ResponseView,
  RestModel,
  Html,
  SchemaNode,
  SecurityRequirementView,
} from '../types';
import {hasChildren} from '../client/schemaNodes';
import {constInDescription, rulesNotInDescription} from '../client/rules';
import {responseHeadline} from '../client/responseHeadline';

/** Opening tags in a piece of HTML. */
function tags(html: string): number {
  return html.match(/<[a-zA-Z]/g)?.length ?? 0;
}

/** Runs of text (other than white space) in a piece of HTML: each is a text box of its own. */
function textRuns(html: string): number {
  return html.split(/<[^>]*>/).filter((text) => text.trim() !== '').length;
}

/** The Markdown component: a one-paragraph description is that paragraph, else a div around it. */
function markdownBoxes(html: string | undefined): number {
  if (html === undefined) return 0;
  const single = /^<p>((?:(?!<\/?p[\s>])[\s\S])*)<\/p>\s*$/.test(html);
  return (single ? 0 : 1) + tags(html) + textRuns(html);
}

/**
 * Inline content as a sequence: `text` (a run of words; runs side by side are one text box) and
 * elements with their text (`code`, links). Counts the boxes the sequence lays out.
 */
class Inline {
  private boxes = 0;
  private inText = false;

  text(words: string): this {
    if (words.trim() !== '' && !this.inText) {
      this.boxes += 1;
      this.inText = true;
    }
    return this;
  }

  element(content: string): this {
    this.boxes += content.trim() !== '' ? 2 : 1;
    this.inText = false;
    return this;
  }

  /** A rule in words: text between backticks is code (the Text component). */
  rule(value: string): this {
    for (const [i, part] of value.split('`').entries())
      if (i % 2 === 1) this.element(part);
      else this.text(part);
    return this;
  }

  get count(): number {
    return this.boxes;
  }
}

/** A value literal followed by its "New in X" link when one of the newest releases added it. */
function literalList(inline: Inline, values: readonly string[], node: SchemaNode): void {
  for (const [i, value] of values.entries()) {
    if (i > 0) inline.text(', ');
    inline.element(value);
    if (node.valueReleases?.[value] !== undefined) inline.element('New');
  }
}

/** The Facts component: the description, then one paragraph of rules and values. */
function factsBoxes(node: SchemaNode): number {
  const p = new Inline();
  let rows = 0;
  const row = (): Inline => (rows++ > 0 ? p.text(' ') : p);
  if (node.const !== undefined && !constInDescription(node.const, node.description))
    row().text('Always ').element(node.const).text('.');
  if (node.enum !== undefined) {
    row().text('One of: ');
    literalList(p, node.enum, node);
    p.text('.');
  }
  for (const rule of rulesNotInDescription(node.constraints, node.description)) row().rule(rule).text('.');
  if (node.default !== undefined) row().text('Default: ').element(node.default).text('.');
  if (node.examples !== undefined && node.examples.length > 0 && node.fields === undefined) {
    row().text('Example: ');
    for (const [i, value] of node.examples.entries()) (i > 0 ? p.text(', ') : p).element(value);
    p.text('.');
  }
  if (node.discriminator !== undefined) {
    row().text('The field ').element(node.discriminator.property).text(' tells which shape applies');
    for (const [i, m] of node.discriminator.mapping.entries())
      (i > 0 ? p.text('; ') : p.text(': ')).element(m.value).text(` → ${m.target}`);
    p.text('.');
  }
  return markdownBoxes(node.description) + (rows > 0 ? 1 + p.count : 0);
}

/** The DescribedAt paragraph: its sentence and the link to the description. */
function describedAtBoxes(node: SchemaNode): number {
  if (node.describedAt === undefined) return 0;
  return (
    1 +
    new Inline()
      .text('Its structure is described once on this page, under ')
      .element(node.describedAt.title)
      .text('.').count
  );
}

/** An element and its text. */
const labelled = (text: string | undefined): number => (text === undefined ? 0 : text.trim() !== '' ? 2 : 1);

/** The Children component: fields, tuple items, items, branches, or where they are. */
function childrenBoxes(node: SchemaNode): number {
  if (node.describedAt !== undefined) return describedAtBoxes(node);
  if (node.recursive !== undefined) {
    const p = new Inline().text('Recursive: the same structure as ');
    if (node.recursive.id !== undefined) p.element(node.recursive.name);
    else p.text(node.recursive.name);
    return 1 + p.text(', nested again.').count;
  }
  let n = 0;
  if (node.fields !== undefined) n += 1 + node.fields.reduce((sum, field) => sum + fieldBoxes(field), 0);
  // a div, its label (a paragraph and its text) and the list
  if (node.prefixItems !== undefined)
    n += 4 + node.prefixItems.reduce((sum, item) => sum + fieldBoxes(item), 0);
  if (node.items !== undefined) n += 4 + fieldBoxes(node.items);
  for (const group of node.groups ?? []) {
    // a div, its label (a paragraph, the words in bold and the count) and the list
    n += 6;
    for (const branch of group.branches) {
      const typed =
        branch.node.type !== '' && branch.node.type !== 'any' && !branch.title.includes(branch.node.type);
      n +=
        2 + labelled(branch.title) + (typed ? 2 : 0) + factsBoxes(branch.node) + childrenBoxes(branch.node);
    }
  }
  return n;
}

/** What a "deprecated" mark adds to the word (Deprecated component): " in " and the release's link, ", sunset " and the date. */
function markBoxes(mark: DeprecationMark | undefined): number {
  return (mark?.since !== undefined ? 3 : 0) + (mark?.sunset !== undefined ? 3 : 0);
}

/** The Field component: one list item with its first line, facts and what is nested under it. */
function fieldBoxes(node: SchemaNode): number {
  const titled = node.dataType !== undefined || node.describedAt !== undefined || node.title !== undefined;
  return (
    1 +
    labelled(node.name ?? '') +
    (node.type !== '' ? 2 : 0) +
    (titled ? labelled(node.title ?? '') : 0) +
    (node.required === true ? 2 : 0) +
    2 * (node.badges?.length ?? 0) +
    (node.badges?.includes('deprecated') === true ? markBoxes(node.deprecation) : 0) +
    (node.release !== undefined ? 2 : 0) +
    factsBoxes(node) +
    describedAtBoxes(node) +
    // an open <details>, its summary and the summary's words
    (hasChildren(node) ? 3 + childrenBoxes(node) : 0)
  );
}

/** The Schema component: a whole schema as a page shows it, `node` as given (described parts as links). */
export function schemaBoxes(node: SchemaNode): number {
  return (
    2 +
    (node.type !== '' ? 2 : 0) +
    labelled(node.title) +
    2 * (node.badges?.length ?? 0) +
    (node.badges?.includes('deprecated') === true ? markBoxes(node.deprecation) : 0) +
    (node.closed === true ? 2 : 0) +
    factsBoxes(node) +
    childrenBoxes(node)
  );
}

/** A use of a schema described once: its own line, its children replaced by a link (describedOnce's `stub`). */
export function describedUse(node: SchemaNode): SchemaNode {
  const {fields: _f, items: _i, prefixItems: _p, groups: _g, discriminator: _d, closed: _c, ...line} = node;
  return {...line, describedAt: {id: '', title: node.title ?? ''}};
}

/** One entry under "Schemas": its section, heading and lead line, then the schema with its own description. */
export function describedSchemaBoxes(node: SchemaNode, description: Html | undefined): number {
  const schema: SchemaNode = {type: node.type, title: ''};
  if (description !== undefined) schema.description = description;
  for (const key of ['fields', 'items', 'prefixItems', 'groups', 'discriminator', 'closed'] as const)
    if (node[key] !== undefined) Object.assign(schema, {[key]: node[key]});
  return ENTRY_BOXES + schemaBoxes(schema);
}

/** An entry's section, its heading and the heading's words, its lead paragraph and sentence. */
const ENTRY_BOXES = 5;

/**
 * A section of things described once (DescribedOnce in the Schema component): heading, sentence
 * and wrapper, then per entry its section, heading, lead line (a link per use of an error body)
 * and schema.
 */
export function describedOnceBoxes(
  entries: readonly {schema: SchemaNode; usedBy?: readonly unknown[]}[],
): number {
  if (entries.length === 0) return 0;
  return entries.reduce(
    (n, entry) => n + ENTRY_BOXES + 3 * (entry.usedBy?.length ?? 0) + schemaBoxes(entry.schema),
    // the section, its heading and words, its sentence and the wrapper
    6,
  );
}

/** One row of the ParameterTable component. */
function parameterRowBoxes(param: ParameterView): number {
  const s = param.schema;
  // Every fact writes something, so the paragraph is there when the sequence is not empty.
  const p = new Inline();
  if (s.const !== undefined && !constInDescription(s.const, param.description, s.description))
    p.text('Always ').element(s.const).text('. ');
  if (s.enum !== undefined) {
    p.text('One of: ');
    literalList(p, s.enum, s);
    p.text('. ');
  }
  for (const rule of rulesNotInDescription(s.constraints, param.description, s.description))
    p.rule(rule).text(' ');
  if (s.default !== undefined) p.text('Default: ').element(s.default).text('. ');
  if (param.example !== undefined) p.text('Example: ').element(param.example).text('. ');
  if (param.serialization !== undefined) p.text(`Serialised: ${param.serialization}.`);
  const nested =
    s.fields !== undefined || s.groups !== undefined || (s.items?.fields ?? s.items?.groups) !== undefined;
  return (
    // the row; its heading cell, link and name; the required or optional badge
    1 +
    1 +
    1 +
    labelled(param.name) +
    2 +
    (param.deprecated === true ? 2 + markBoxes(param.deprecation) : 0) +
    (param.release !== undefined ? 2 : 0) +
    // where it goes, its type, the cell of its description
    labelled(param.in) +
    1 +
    labelled(s.type || 'any') +
    1 +
    markdownBoxes(param.description) +
    (s.description !== param.description ? markdownBoxes(s.description) : 0) +
    (p.count > 0 ? 1 + p.count : 0) +
    (nested ? schemaBoxes(s) : 0)
  );
}

/** The ParameterTable component: its wrapper, table, caption and head, then a row each. */
function parameterTableBoxes(params: readonly ParameterView[]): number {
  if (params.length === 0) return 0;
  // wrapper, table, caption and its words, head, its row, four column headings and their words, body
  return 15 + params.reduce((sum, param) => sum + parameterRowBoxes(param), 0);
}

/** The Contents component: each media type's line and schema (or the link to its shared error body). */
function contentsBoxes(contents: readonly MediaView[]): number {
  let n = 0;
  for (const media of contents) {
    n += 1 + 1 + new Inline().text('Content type ').element(media.mediaType).count;
    if (media.schema !== undefined) n += schemaBoxes(media.schema);
    if (media.shared !== undefined)
      n +=
        1 +
        new Inline()
          .text('Body: ')
          .element(media.shared.title)
          .text(', an error body that several responses share, described once under ')
          .element('Error bodies')
          .text('.').count;
  }
  return n;
}

/** The Response component of ResponseList. */
function responseBoxes(response: ResponseView): number {
  const {headline, more} = responseHeadline(response.description);
  let links = 0;
  if (response.links.length > 0) {
    // a div, its title and words, the list
    links = 4;
    for (const link of response.links) {
      const item = new Inline().element(link.name);
      if (link.target !== undefined) item.text(' → ').element(link.target);
      links += 1 + item.count + markdownBoxes(link.description);
      if (link.parameters.length > 0) links += 1 + link.parameters.reduce((n, p) => n + labelled(p), 1);
    }
  }
  return (
    // the details, its summary, the code and the headline, the body's div
    1 +
    1 +
    labelled(response.code) +
    labelled(headline) +
    1 +
    (more ? markdownBoxes(response.description) : 0) +
    parameterTableBoxes(response.headers) +
    (response.contents.length === 0 ? 2 : 0) +
    contentsBoxes(response.contents) +
    links
  );
}

const ERROR_KINDS = new Set(['client-error', 'server-error', 'default']);

/** The ResponseList component: a wrapper, a heading for the others and one for the errors, each response. */
function responseListBoxes(responses: readonly ResponseView[]): number {
  const ok = responses.some((r) => !ERROR_KINDS.has(r.kind));
  const errors = responses.some((r) => ERROR_KINDS.has(r.kind));
  return 1 + (ok ? 2 : 0) + (errors ? 2 : 0) + responses.reduce((sum, r) => sum + responseBoxes(r), 0);
}

/** Requirements in words: a span per alternative, a span and a link per scheme, a code per scope. */
function requirementsBoxes(requirements: readonly SecurityRequirementView[]): number {
  if (requirements.every((r) => r.schemes.length === 0)) return 1;
  return requirements.reduce(
    (sum, r) =>
      sum +
      2 +
      r.schemes.reduce((n, s) => n + 1 + 2 + 2 * s.scopes.length + (s.scopes.length > 0 ? 2 : 0), 0),
    0,
  );
}

/**
 * The pane beside an operation (samples, examples, builder, validator): interactive, so fitted on
 * the operations of the product's reference, the test documents and DigitalOcean's public API
 * (672 operations; within 2 % for nine in ten) rather than counted. Only its shown panels are laid
 * out: the first language's sample, the first response's first examples, and the request's when
 * there are no samples (else the request body is a tab of its own). Highlighted JSON lays out
 * boxes by the token.
 */
const PANE = {
  base: -14,
  withSamples: 1.3,
  sample: 7.7,
  response: 4,
  shownMedia: -1.4,
  shownJsonToken: 1.3,
  shownTextLine: 3.6,
  firstResponseExample: 5,
  firstResponseNamed: 2.9,
  requestMedia: 19.5,
  requestJsonToken: 0.7,
  requestNamed: 0.9,
} as const;
/** The tokens of a JSON example as Prism's grammar splits them: strings, numbers, literals, punctuation. */
const JSON_TOKEN =
  /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\btrue\b|\bfalse\b|\bnull\b|[{}[\],:]/g;

const jsonTokens = (example: ExampleView | undefined): number =>
  example?.language === 'json' ? (example.value.match(JSON_TOKEN)?.length ?? 0) : 0;
const textLines = (example: ExampleView | undefined): number =>
  example !== undefined && example.language !== 'json' ? example.value.split('\n').length : 0;

export function paneBoxes(op: OperationView): number {
  const request = op.requestBody?.contents ?? [];
  const first = op.responses[0]?.contents ?? [];
  const samples = op.samples.length > 0;
  // The media types whose first example is shown on load.
  const shown = samples ? first : [...request, ...first];
  const sum = (media: readonly MediaView[], of: (m: MediaView) => number): number =>
    media.reduce((n, m) => n + of(m), 0);
  return (
    PANE.base +
    (samples ? PANE.withSamples : 0) +
    op.samples.length * PANE.sample +
    op.responses.length * PANE.response +
    shown.length * PANE.shownMedia +
    sum(shown, (m) => jsonTokens(m.examples[0])) * PANE.shownJsonToken +
    sum(shown, (m) => textLines(m.examples[0])) * PANE.shownTextLine +
    sum(first, (m) => m.examples.length) * PANE.firstResponseExample +
    sum(first, (m) => (m.examples[0]?.name !== undefined ? 1 : 0)) * PANE.firstResponseNamed +
    request.length * PANE.requestMedia +
    sum(request, (m) => jsonTokens(m.examples[0])) * PANE.requestJsonToken +
    sum(request, (m) => (m.examples[0]?.name !== undefined ? 1 : 0)) * PANE.requestNamed
  );
}

/** The Operation component, its schemas as given (a described part is its use line and link). */
export function operationBoxes(op: OperationView): number {
  const title = op.summary ?? `${op.method} ${op.path}`;
  return (
    // the article, the content's div, the heading and its words, the static wrapper, the endpoint
    // line with its method and path, the div of the rest
    1 +
    1 +
    labelled(title) +
    1 +
    1 +
    labelled(op.method) +
    labelled(op.path) +
    1 +
    (op.deprecated ? 2 + markBoxes(op.deprecation) : 0) +
    (op.release !== undefined ? 2 : 0) +
    markdownBoxes(op.description) +
    (op.security !== undefined ? 3 + requirementsBoxes(op.security) : 0) +
    (op.servers !== undefined ? 3 + 3 * op.servers.length : 0) +
    (op.externalDocs !== undefined ? 4 : 0) +
    (op.parameters.length > 0 ? 2 + parameterTableBoxes(op.parameters) : 0) +
    (op.requestBody !== undefined
      ? 2 + markdownBoxes(op.requestBody.description) + contentsBoxes(op.requestBody.contents)
      : 0) +
    paneBoxes(op) +
    responseListBoxes(op.responses) +
    op.callbacks.reduce(
      (n, callback) => n + 6 + callback.operations.reduce((m, cb) => m + operationBoxes(cb), 0),
      0,
    )
  );
}

/** A reference page's header, table of contents and section headings, apart from its operations. */
export const PAGE_BOXES = 350;

/**
 * A whole reference page as written (its schemas described once where the page does): its
 * operations, then its "Error bodies", "Schemas" and "Data types".
 */
export function restPageBoxes(page: RestModel): number {
  let n = PAGE_BOXES;
  for (const tag of page.tags) for (const op of tag.operations) n += operationBoxes(op);
  for (const op of page.webhooks) n += operationBoxes(op);
  n += describedOnceBoxes(page.errorBodies ?? []);
  n += describedOnceBoxes(page.schemas ?? []);
  n += describedOnceBoxes(page.dataTypes ?? []);
  return n;
}
