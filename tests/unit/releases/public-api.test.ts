/**
 * The release diff on a real public API: Xero's Accounting API at two consecutive tags, 2.38.0
 * and 2.39.0 (tests/fixtures/releases/xero-accounting, MIT; its README says what changed). The
 * checks are what a reader of the history needs from the real output (issue 30): every change
 * names its item, in a reader's words; nothing is invented (no renames, no "document as a whole");
 * a change to a shared schema sits under every operation that reaches it, for the direction of
 * each use; example edits are documentation. What each check expects is computed here from the
 * two documents themselves (by following their `$ref`s), never copied from the diff's output.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {diffDocuments, requiredBump, type Change} from '../../../plugins/releases/diff';
import {isObject, type Json, type JsonObject} from '../../../plugins/api-reference/document';

const DIR = path.resolve(__dirname, '../../fixtures/releases/xero-accounting');
const OLDER = '2.38.0';
const NEWER = '2.39.0';

function load(tag: string): JsonObject {
  const doc: unknown = parse(readFileSync(path.join(DIR, `${tag}.yaml`), 'utf8'));
  if (!isObject(doc)) throw new Error(`${tag}.yaml is not a document`);
  return doc;
}

// ---------------------------------------------------------------------------
// The documents read independently of the diff: operations, and what their `$ref`s reach.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

interface Operation {
  /** As the history labels an operation: `GET /Contacts` in backticks. */
  label: string;
  /** What the reader sends: the path item's and the operation's parameters, and the request body. */
  sends: Json[];
  /** What the reader receives: the responses. */
  receives: Json[];
  node: JsonObject;
}

function obj(value: unknown): JsonObject {
  return isObject(value) ? value : {};
}

function operations(doc: JsonObject): Map<string, Operation> {
  const out = new Map<string, Operation>();
  for (const [route, item] of Object.entries(obj(doc.paths))) {
    for (const method of METHODS) {
      const node = obj(item)[method];
      if (!isObject(node)) continue;
      const label = `\`${method.toUpperCase()} ${route}\``;
      out.set(label, {
        label,
        sends: [obj(item).parameters ?? [], node.parameters ?? [], node.requestBody ?? {}],
        receives: [node.responses ?? {}],
        node,
      });
    }
  }
  return out;
}

/** Every `$ref` written anywhere inside a value. */
/**
 * Every `$ref` inside `value`. A property the reader's side never sees is skipped: `readOnly` is not
 * sent, `writeOnly` not received (OpenAPI 3.0.3, Schema Object); in Xero's documents both are
 * written beside the property's `$ref`.
 */
function refsIn(value: unknown, into: string[] = [], side?: 'send' | 'receive'): string[] {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into, side);
  else if (isObject(value))
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') into.push(v);
      else if (k === 'properties' && isObject(v) && side !== undefined) {
        for (const property of Object.values(v)) {
          const hidden = isObject(property) && property[side === 'send' ? 'readOnly' : 'writeOnly'] === true;
          if (!hidden) refsIn(property, into, side);
        }
      } else refsIn(v, into, side);
    }
  return into;
}

/** The node a local `$ref` names. */
function resolve(doc: JsonObject, ref: string): Json | undefined {
  let here: Json | undefined = doc;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    here = isObject(here) ? here[token] : undefined;
  }
  return here;
}

/** Every `$ref` reachable from a value, following references transitively. */
function reach(doc: JsonObject, start: unknown, side: 'send' | 'receive'): Set<string> {
  const seen = new Set<string>();
  const todo = refsIn(start, [], side);
  while (todo.length > 0) {
    const ref = todo.pop() as string;
    if (seen.has(ref)) continue;
    seen.add(ref);
    refsIn(resolve(doc, ref), todo, side);
  }
  return seen;
}

/** The uses of a component: `label|send` and `label|receive` for each operation that reaches it. */
function usesOf(doc: JsonObject, ref: string, among: Iterable<Operation>): string[] {
  const uses: string[] = [];
  for (const op of among) {
    if (reach(doc, op.sends, 'send').has(ref)) uses.push(`${op.label}|send`);
    if (reach(doc, op.receives, 'receive').has(ref)) uses.push(`${op.label}|receive`);
  }
  return uses.sort();
}

/** The property names of a component schema. */
function propertyNames(doc: JsonObject, schema: string): string[] {
  return Object.keys(obj(obj(obj(obj(doc.components).schemas)[schema]).properties));
}

/** The last name of a field path in an item: "field `Contacts[].SkypeUserName` of the 200 response" → `SkypeUserName`. */
function fieldName(item: string | undefined): string | undefined {
  const path = /`([^`]+)`/.exec(item ?? '')?.[1];
  return path
    ?.split(/\.|\[\]/)
    .filter((part) => part !== '')
    .pop();
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------------------

describe(`release diff on a real API: Xero Accounting ${OLDER} → ${NEWER}`, () => {
  let older: JsonObject;
  let newer: JsonObject;
  let opsOlder: Map<string, Operation>;
  let opsNewer: Map<string, Operation>;
  let changes: Change[];

  beforeAll(async () => {
    older = load(OLDER);
    newer = load(NEWER);
    opsOlder = operations(older);
    opsNewer = operations(newer);
    changes = await diffDocuments('rest', older, newer, {asOf: '2026-01-01'});
  });

  it('every change is about an operation of one of the two documents and names what changed', () => {
    expect(changes.length).toBeGreaterThan(0);
    const bad = changes.filter((c) => {
      const known = opsOlder.has(c.subject.label) || opsNewer.has(c.subject.label);
      const itemNamed = c.item === undefined || (c.item.trim() !== '' && !c.item.includes('``'));
      // Only what is about the operation itself (added, removed, renamed) may go without an item.
      const itemNeeded = !['operation-added', 'operation-removed', 'operation-id-changed'].includes(c.rule);
      return (
        c.subject.kind !== 'operation' ||
        !known ||
        !itemNamed ||
        (itemNeeded && c.item === undefined) ||
        c.text.trim() === '' ||
        c.text.includes('``')
      );
    });
    expect(bad.map((c) => `${c.subject.label}: ${c.item ?? ''}: ${c.text}`)).toEqual([]);
  });

  it('no change line speaks the engine’s language: no `key`, no pointers, no raw JSON', () => {
    const jargon = [
      /`key`/,
      /\/components\//,
      /#\//,
      /\bParameter at\b/,
      /\[\s*"/, // a JSON array: ["a","b"]
      /\{\s*"/, // a JSON object
      /\bundefined\b/,
      /\[object Object\]/,
      /the document as a whole/i,
    ];
    const lines = changes.flatMap((c) => [c.text, c.item ?? '', c.subject.label]);
    expect(lines.filter((line) => jargon.some((re) => re.test(line)))).toEqual([]);
  });

  it('a field removed from the shared Contact schema is listed under every operation that reaches it, in both directions', () => {
    // What the document says: Contact lost exactly one property between the tags.
    const removed = propertyNames(older, 'Contact').filter(
      (p) => !propertyNames(newer, 'Contact').includes(p),
    );
    expect(removed).toEqual(['SkypeUserName']);
    const expected = usesOf(
      older,
      '#/components/schemas/Contact',
      [...opsOlder.values()].filter((op) => opsNewer.has(op.label)),
    );
    // Many operations, requests and responses: the case the old engine listed once, at the first use.
    expect(new Set(expected.map((u) => u.split('|')[0])).size).toBeGreaterThan(50);
    expect(expected.some((u) => u.endsWith('|send'))).toBe(true);

    const found = changes.filter((c) => c.origin === '/components/schemas/Contact/properties/SkypeUserName');
    expect([...new Set(found.map((c) => `${c.subject.label}|${c.direction}`))].sort()).toEqual(expected);
    for (const c of found) {
      expect(c.rule).toBe('field-removed');
      expect(fieldName(c.item)).toBe('SkypeUserName');
      if (c.direction === 'receive') {
        expect(c.verdict).toBe('breaking');
        // One line names every field path of the use; "them" when there are several.
        const it = c.places !== undefined ? 'them' : 'it';
        expect(c.text).toBe(
          `${c.item?.replace(/^f/, 'F') ?? ''} removed: clients that read ${it} will no longer find ${it}.`,
        );
        for (const place of c.places ?? []) expect(place.pointer).toMatch(/SkypeUserName$/);
      } else {
        expect(c.verdict).toBe('check');
        expect(c.text).toMatch(
          c.places === undefined
            ? /^Request body field `[^`]*SkypeUserName` removed: requests that still include it may be refused, or have it ignored\.$/
            : /^Request body fields (`[^`]*SkypeUserName`(, | and )?)+ removed: requests that still include them may be refused, or have them ignored\.$/,
        );
      }
    }
  });

  it('fields added to the shared Allocation schema are listed under every operation that reaches it, for each direction', () => {
    const added = propertyNames(newer, 'Allocation').filter(
      (p) => !propertyNames(older, 'Allocation').includes(p),
    );
    expect(added.sort()).toEqual(['AllocationID', 'IsDeleted']);
    const expected = usesOf(
      newer,
      '#/components/schemas/Allocation',
      [...opsNewer.values()].filter((op) => opsOlder.has(op.label)),
    );
    expect(expected.some((u) => u.endsWith('|send'))).toBe(true);
    expect(expected.some((u) => u.endsWith('|receive'))).toBe(true);
    const uses = (field: string, direction?: string): string[] => [
      ...new Set(
        changes
          .filter((c) => c.origin === `/components/schemas/Allocation/properties/${field}`)
          .filter((c) => direction === undefined || c.direction === direction)
          .map((c) => `${c.subject.label}|${c.direction}`),
      ),
    ];
    expect(uses('AllocationID').sort()).toEqual(expected);
    // `IsDeleted` is read-only: only where readers receive it (checked below).
    expect(uses('IsDeleted', 'receive').sort()).toEqual(expected.filter((u) => u.endsWith('|receive')));
    for (const c of changes.filter((x) =>
      x.origin.startsWith('/components/schemas/Allocation/properties/'),
    )) {
      expect(c.rule).toBe('optional-field-added');
      expect(c.verdict).toBe('addition');
    }
  });

  it('the release needs a major version: the only breaking changes are the removed Contact field, where readers receive it', () => {
    expect(requiredBump(changes)).toBe('major');
    const breaking = changes.filter((c) => c.breaking);
    expect(new Set(breaking.map((c) => `${c.origin}|${c.direction}`))).toEqual(
      new Set(['/components/schemas/Contact/properties/SkypeUserName|receive']),
    );
  });

  it('new operations are listed once each, and the components only they use are not listed as changes of their own', () => {
    const added = [...opsNewer.keys()].filter((label) => !opsOlder.has(label)).sort();
    expect(added).toHaveLength(3);
    const underNew = changes.filter((c) => added.includes(c.subject.label));
    expect(underNew.map((c) => `${c.subject.label}: ${c.rule}: ${c.text}`).sort()).toEqual(
      added.map((label) => `${label}: operation-added: New operation.`),
    );
    expect(underNew.every((c) => c.subjectChange === 'added' && c.verdict === 'addition')).toBe(true);

    // The components that appeared between the tags and that no operation of the older version's reaches.
    const componentsNew: string[] = [];
    for (const [section, entries] of Object.entries(obj(newer.components)))
      for (const name of Object.keys(obj(entries)))
        if (!Object.hasOwn(obj(obj(older.components)[section]), name))
          componentsNew.push(`#/components/${section}/${name}`);
    const usedByExisting = (ref: string): boolean =>
      [...opsNewer.values()].some(
        (op) =>
          opsOlder.has(op.label) &&
          (reach(newer, op.sends, 'send').has(ref) || reach(newer, op.receives, 'receive').has(ref)),
      );
    const onlyNew = componentsNew.filter((ref) => !usedByExisting(ref));
    expect(onlyNew).toContain('#/components/parameters/AllocationID');
    const mentions = changes.filter((c) =>
      onlyNew.some((ref) => c.origin.startsWith(ref.slice(1)) || c.pointer.startsWith(ref.slice(1))),
    );
    expect(mentions.map((c) => `${c.subject.label}: ${c.text}`)).toEqual([]);
  });

  it('no invented renames: each property removed or added is its own change, and only the corrected operationId reads "changed from"', () => {
    // Properties removed from and added to component schemas between the tags, from the documents.
    const removed = new Set<string>();
    const addedNames = new Set<string>();
    for (const schema of Object.keys(obj(obj(newer.components).schemas))) {
      const before = propertyNames(older, schema);
      const after = propertyNames(newer, schema);
      if (!Object.hasOwn(obj(obj(older.components).schemas), schema)) continue;
      for (const p of before) if (!after.includes(p)) removed.add(p);
      for (const p of after) if (!before.includes(p)) addedNames.add(p);
    }
    const names = (rule: string): Set<string | undefined> =>
      new Set(changes.filter((c) => c.rule === rule).map((c) => fieldName(c.item)));
    expect(names('field-removed')).toEqual(removed);
    expect(names('optional-field-added')).toEqual(addedNames);
    expect(changes.filter((c) => c.rule === 'required-field-added')).toEqual([]);

    const renamed = changes.filter((c) => /changed from/.test(c.text));
    expect(renamed.map((c) => `${c.subject.label}: ${c.text}`)).toEqual([
      '`GET /PurchaseOrders/{PurchaseOrderID}/Attachments/{FileName}`: The operationId changed from `getPurchaseOrder≠AttachmentByFileName` to `getPurchaseOrderAttachmentByFileName`: the HTTP request is the same, but code generated from the document names it differently.',
    ]);
  });

  it('a shared parameter taken off an operation and another put on it are two changes, each with its name', async () => {
    // The newer document with one edit on a real operation: `GET /Invoices` stops using the shared
    // `unitdp` query parameter and uses the shared `summarizeErrors` one in its place (the same
    // position in the list: what a position-matching engine reported as a rename).
    const edited = structuredClone(newer);
    const invoices = obj(obj(obj(edited.paths)['/Invoices']).get);
    const list = Array.isArray(invoices.parameters) ? invoices.parameters : [];
    const at = list.findIndex((p) => obj(p).$ref === '#/components/parameters/unitdp');
    expect(at).toBeGreaterThanOrEqual(0);
    list[at] = {$ref: '#/components/parameters/summarizeErrors'};
    const param = (name: string): JsonObject => obj(obj(obj(newer.components).parameters)[name]);
    const [gone, put] = [param('unitdp'), param('summarizeErrors')];
    expect([gone.in, put.in]).toEqual(['query', 'query']);

    const swapped = await diffDocuments('rest', newer, edited, {asOf: '2026-01-01'});
    expect(swapped.map((c) => `${c.subject.label}: ${c.text}`).sort()).toEqual(
      [
        `\`GET /Invoices\`: Query parameter \`${String(gone.name)}\` removed: requests that still include it may be refused, or have it ignored.`,
        `\`GET /Invoices\`: New optional query parameter \`${String(put.name)}\`: requests may include it.`,
      ].sort(),
    );
  });

  it('tags are not API changes', async () => {
    // No tag changed between the two releases: the newer document with its tags edited.
    const edited = structuredClone(newer);
    edited.tags = [
      ...(Array.isArray(edited.tags) ? edited.tags : []),
      {name: 'Contacts', description: 'Contacts.'},
    ];
    const contacts = obj(obj(obj(edited.paths)['/Contacts']).get);
    contacts.tags = ['Contacts'];
    expect(same(edited, newer)).toBe(false);
    expect(await diffDocuments('rest', newer, edited, {asOf: '2026-01-01'})).toEqual([]);
  });

  it('example-only edits are documentation: every edited response example, and only those, as a patch-level change', () => {
    const edited: string[] = [];
    for (const [label, op] of opsNewer) {
      const before = opsOlder.get(label);
      if (before === undefined) continue;
      for (const [status, response] of Object.entries(obj(op.node.responses))) {
        const old = obj(obj(before.node.responses)[status]);
        for (const [media, content] of Object.entries(obj(obj(response).content))) {
          const was = obj(obj(old.content)[media]);
          if (!same(was.example, obj(content).example) || !same(was.examples, obj(content).examples))
            edited.push(`${label}: The ${status} response: example changed.`);
        }
      }
    }
    expect(edited.length).toBeGreaterThan(0);
    const examples = changes.filter((c) => c.rule === 'example-changed');
    expect(examples.map((c) => `${c.subject.label}: ${c.text}`).sort()).toEqual(edited.sort());
    expect(examples.every((c) => c.verdict === 'docs' && c.impact === 'patch' && !c.breaking)).toBe(true);
  });

  // A property marked `readOnly` "SHOULD NOT be sent as part of the request" (OpenAPI 3.0.3, Schema
  // Object). 2.39.0 adds the read-only `IsDeleted` to the shared `Allocation` schema: it belongs where
  // readers receive it only (the diff once offered it to senders under 14 operations).
  it('a read-only field is not offered to senders', () => {
    const readOnlySent = changes.filter((c) => {
      if (c.direction !== 'send' || c.rule !== 'optional-field-added') return false;
      const schema = resolve(newer, `#${c.origin}`);
      return isObject(schema) && schema.readOnly === true;
    });
    expect(readOnlySent.map((c) => `${c.subject.label}: ${c.text}`)).toEqual([]);
  });
});
