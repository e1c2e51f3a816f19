/**
 * TypeScript types an integrator takes away, generated at build time from the
 * documents as the references loaded them:
 *
 * - `rest.d.ts`: the REST API as openapi-typescript writes it (`paths`,
 *   `operations`, `components`);
 * - `ws-messages.d.ts`: one type per WebSocket message, the payload as it is sent,
 *   from the same self-contained JSON Schemas as `/downloads/ws-schemas/`
 *   (ws-schemas.ts). openapi-typescript types them too: the schemas are put into
 *   the `components.schemas` of a document made for the purpose, so both files
 *   follow the same rules (required fields, enums as unions, descriptions as JSDoc).
 *
 * The types keep the rules TypeScript can keep (typingShapes): `const` as a literal, an object
 * that holds exactly one of its fields as a union of one-field shapes, fields that are never
 * given together as mutually exclusive members. The rules it cannot keep (patterns, lengths,
 * ranges, conditional rules) are listed in each file's header, found in the document itself, and
 * so are the readings of the provider's specification that the document marks (x-reading).
 */
import openapiTS, {astToString, type OpenAPI3} from 'openapi-typescript';
import {documentReadings} from '../api-reference/readings';
import {isObject as isJsonObject, type Json, type JsonObject} from '../api-reference/document';
import type {MessageSchemas, SentBy} from './ws-schemas';

export interface MessageTypes {
  text: string;
  /** Things the build log should say (a reference left untyped). */
  warnings: string[];
}

/** A JSDoc block (an asterisk-slash in the text would end the comment early, so it is escaped). */
function comment(lines: string[], indent = ''): string {
  const body = lines
    .flatMap((line) => line.split('\n'))
    .map((line) => `${indent} * ${line.replace(/\*\//g, '*\\/')}`.trimEnd());
  return `${indent}/**\n${body.join('\n')}\n${indent} */\n`;
}

/** Keywords whose rule a TypeScript type cannot express, as the header names them. */
const UNTYPED_RULES: [keywords: string[], words: string][] = [
  [['pattern', 'format'], 'string patterns and formats'],
  [['minLength', 'maxLength'], 'string lengths'],
  [['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'], 'number ranges and steps'],
  [['minItems', 'maxItems', 'uniqueItems'], 'list lengths and unique items'],
  [['minProperties', 'maxProperties', 'propertyNames'], 'the number and names of free-form members'],
  [['if', 'then', 'else', 'dependentRequired', 'dependentSchemas'], 'conditional rules'],
  [['not'], 'values a schema refuses (`not`)'],
];

/** Where each untyped rule occurs: the names of the schemas (or messages) holding it, in document order. */
function untypedRules(schemas: Record<string, Json>): string[] {
  const lines: string[] = [];
  for (const [keywords, words] of UNTYPED_RULES) {
    const names: string[] = [];
    for (const [name, schema] of Object.entries(schemas)) {
      const holds = (node: Json): boolean =>
        Array.isArray(node)
          ? node.some(holds)
          : isJsonObject(node) &&
            Object.entries(node).some(
              ([key, value]) => (keywords.includes(key) && !isTypedShape(key, node)) || holds(value),
            );
      if (holds(schema)) names.push(name);
    }
    if (names.length === 0) continue;
    const shown = names.slice(0, 6).join(', ');
    const more = names.length > 6 ? ` and ${names.length - 6} more` : '';
    lines.push(`- ${words} (\`${keywords.join('`, `')}\`): ${shown}${more}`);
  }
  return lines;
}

/** A `minProperties`/`maxProperties` of 1 on an exactly-one-of object, or a `not` of fields given together: typed. */
function isTypedShape(key: string, node: JsonObject): boolean {
  if ((key === 'minProperties' || key === 'maxProperties') && exactlyOneOf(node) !== undefined) return true;
  return key === 'not' && neverTogether(node) !== undefined;
}

function header(what: string, source: string, document: Json, schemas: Record<string, Json>): string {
  const rules = untypedRules(schemas);
  const readings = [...documentReadings(document)].map(({mark}) => mark);
  const unique = readings.filter((r, i) => readings.findIndex((o) => o.id === r.id) === i);
  return `${comment([
    what,
    '',
    'The types keep: required fields, enums and `const` values, "exactly one of" fields (a union of',
    'shapes) and fields never given together (mutually exclusive members).',
    ...(rules.length > 0
      ? ['', 'Rules these types do NOT check (validate against the document for them):', ...rules]
      : []),
    ...(unique.length > 0
      ? [
          '',
          "Readings of the provider's specification that the document makes (confirm them with the provider):",
          ...unique.map((r) => `- ${r.text}`),
        ]
      : []),
    '',
    `Generated at build time from ${source} by openapi-typescript. Do not edit.`,
  ])}\n`;
}

/**
 * `oneOf: [{required: [a]}, {required: [b]}]` beside `properties` (an object with exactly one of
 * its fields): the fields of each branch, when that is its shape.
 */
function exactlyOneOf(node: JsonObject): string[][] | undefined {
  const props = isJsonObject(node.properties) ? node.properties : undefined;
  if (props === undefined || !Array.isArray(node.oneOf) || node.oneOf.length < 2) return undefined;
  const branches: string[][] = [];
  for (const branch of node.oneOf) {
    if (!isJsonObject(branch) || !Array.isArray(branch.required)) return undefined;
    if (Object.keys(branch).some((k) => !['required', 'title', 'description'].includes(k))) return undefined;
    const fields = branch.required.filter((r): r is string => typeof r === 'string' && r in props);
    if (fields.length !== branch.required.length || fields.length === 0) return undefined;
    branches.push(fields);
  }
  return branches;
}

/** `not: {required: [a, b]}` naming declared fields: the fields never given together. */
function neverTogether(node: JsonObject): string[] | undefined {
  const props = isJsonObject(node.properties) ? node.properties : undefined;
  const not = node.not;
  if (props === undefined || !isJsonObject(not) || !Array.isArray(not.required)) return undefined;
  if (Object.keys(not).some((k) => !['required', 'description', 'title'].includes(k))) return undefined;
  const fields = not.required.filter((r): r is string => typeof r === 'string' && r in props);
  return fields.length >= 2 && fields.length === not.required.length ? fields : undefined;
}

/**
 * The document as openapi-typescript should see it: the same rules, in the shapes it turns into
 * types that keep them (a copy; the published documents and JSON Schemas are unchanged).
 *
 * - exactly one of: each `oneOf` branch becomes an object that has its own fields and declares
 *   the others' as `false` (never present): `{a: T; b?: never} | {b: U; a?: never}`;
 * - never together: `not: {required: [a, b]}` becomes a choice of shapes that each lack one of
 *   them: `({a?: never} | {b?: never})`.
 */
export function typingShapes(node: Json): Json {
  if (Array.isArray(node)) return node.map(typingShapes);
  if (!isJsonObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = typingShapes(value);
  const props = isJsonObject(out.properties) ? out.properties : {};
  const one = exactlyOneOf(node);
  if (one !== undefined && Array.isArray(out.oneOf)) {
    const all = one.flat();
    out.oneOf = out.oneOf.map((branch, i) => {
      const own = one[i] ?? [];
      const properties: JsonObject = {};
      for (const field of all) properties[field] = own.includes(field) ? (props[field] ?? {}) : false;
      return {...(isJsonObject(branch) ? branch : {}), type: 'object', properties};
    });
  }
  const apart = neverTogether(node);
  if (apart !== undefined) {
    delete out.not;
    const shapes: Json[] = apart.map((field) => ({type: 'object', properties: {[field]: false}}));
    if (out.oneOf === undefined) out.oneOf = shapes;
    else out.allOf = [...(Array.isArray(out.allOf) ? out.allOf : []), {oneOf: shapes}];
  }
  return out;
}

function componentSchemas(document: JsonObject): Record<string, Json> {
  const components = isJsonObject(document.components) ? document.components : {};
  return isJsonObject(components.schemas) ? components.schemas : {};
}

function sourceName(doc: JsonObject, kind: string): string {
  const info = isJsonObject(doc.info) ? doc.info : {};
  const title = typeof info.title === 'string' ? info.title : `the ${kind} document`;
  const version = typeof info.version === 'string' ? ` ${info.version}` : '';
  return `${title}${version} (${kind})`;
}

async function generate(document: JsonObject): Promise<string> {
  // openapi-typescript validates and bundles its input in place: give it a copy. A field is
  // optional unless `required` says otherwise, default or not: a request may leave out a field
  // that has a default (its default option would make such fields required).
  const ast = await openapiTS(typingShapes(structuredClone(document)) as unknown as OpenAPI3, {
    silent: true,
    defaultNonNullable: false,
  });
  return astToString(ast);
}

/** `rest.d.ts`: the REST API's `paths`, `operations` and `components`. */
export async function restTypes(openapi: JsonObject): Promise<string> {
  return (
    header(
      'Types of the REST API: `paths`, `operations` and `components`. A request body is ' +
        '`operations["<operationId>"]["requestBody"]["content"]["application/json"]`, a response ' +
        '`operations["<operationId>"]["responses"][200]["content"]["application/json"]`.',
      sourceName(openapi, 'OpenAPI'),
      openapi,
      componentSchemas(openapi),
    ) + (await generate(openapi))
  );
}

/** `new_order` → `NewOrder`; anything that is not a letter or a digit separates words. */
export function typeName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== '');
  const joined = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return /^[A-Za-z]/.test(joined) ? joined : `Message${joined}`;
}

/** Top-level names of the file that a message type must not take. */
const RESERVED = new Set([
  'paths',
  'webhooks',
  'components',
  '$defs',
  'operations',
  'messages',
  'ClientMessage',
  'ServerMessage',
]);

const SENT_BY: Record<SentBy, string> = {
  client: 'You send it',
  server: 'You receive it',
  both: 'You send and receive it',
  unknown: 'The document does not say who sends it',
};

/**
 * `ws-messages.d.ts`: `messages` maps each message name to its payload type, each
 * message also has a type of its own (`NewOrder`), and `ClientMessage` /
 * `ServerMessage` are the unions of what the reader sends and receives.
 */
export async function wsMessageTypes(schemas: MessageSchemas, asyncapi: JsonObject): Promise<MessageTypes> {
  const warnings: string[] = [];
  const components: JsonObject = {};
  /** The `$defs` entry each key was made from (as JSON): equal definitions share one key. */
  const sources = new Map<string, string>();
  const keyOf = (base: string, source: string | undefined): string => {
    let key = base;
    for (let i = 2; key in components && (source === undefined || sources.get(key) !== source); i++)
      key = `${base}_${i}`;
    return key;
  };

  const entries: {name: string; key: string; sentBy: SentBy; lines: string[]}[] = [];
  for (const message of schemas.messages) {
    const {$defs, $schema: _schema, $id: _id, ...root} = message.schema;
    const defs = isJsonObject($defs) ? $defs : {};
    const keys = new Map<string, string>();
    for (const [name, def] of Object.entries(defs)) {
      const source = JSON.stringify(def);
      const key = keyOf(name, source);
      keys.set(name, key);
      sources.set(key, source);
      components[key] = null; // taken: the payload's own key must differ
    }
    const rootKey = keyOf(message.name, undefined);
    const rewrite = (node: Json): Json => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!isJsonObject(node)) return node;
      const out: JsonObject = {};
      for (const [key, value] of Object.entries(node)) {
        if (key !== '$ref' || typeof value !== 'string') {
          out[key] = rewrite(value);
          continue;
        }
        // The bundler names its definitions with letters, digits, `.`, `_` and `-`: no escaping.
        const target =
          value === '#'
            ? rootKey
            : value.startsWith('#/$defs/')
              ? keys.get(value.slice('#/$defs/'.length))
              : undefined;
        if (target !== undefined) out.$ref = `#/components/schemas/${target}`;
        // Never followed: a reference outside the document could only be fetched.
        else warnings.push(`${message.name}: $ref "${value}" is outside the document; typed as unknown`);
      }
      return out;
    };
    for (const [name, def] of Object.entries(defs)) components[keys.get(name) ?? name] = rewrite(def);
    components[rootKey] = rewrite(root);
    const channels = message.channels.length > 0 ? ` (channel ${message.channels.join(', ')})` : '';
    entries.push({
      name: message.name,
      key: rootKey,
      sentBy: message.sentBy,
      lines: [
        [message.title, message.summary].filter((s) => s !== undefined && s !== '').join(': ') ||
          message.name,
        `${SENT_BY[message.sentBy]}${channels}.`,
      ],
    });
  }

  const document: JsonObject = {
    openapi: '3.1.0',
    info: {title: sourceName(asyncapi, 'AsyncAPI'), version: '0'},
    paths: {},
    components: {schemas: components},
  };
  const generated = (await generate(document))
    .split('\n')
    // The document made for the purpose has no paths or operations: leave out their empty types.
    .filter((line) => !/^export type (paths|webhooks|\$defs|operations) = Record<string, never>;$/.test(line))
    .join('\n');

  const used = new Set(RESERVED);
  const aliases = entries.map((entry) => {
    let alias = typeName(entry.name);
    const base = alias;
    for (let i = 2; used.has(alias); i++) alias = `${base}${i}`;
    used.add(alias);
    return alias;
  });
  const member = (name: string): string => `messages[${JSON.stringify(name)}]`;
  const union = (sentBy: SentBy[]): string => {
    const names = entries.filter((e) => sentBy.includes(e.sentBy)).map((e) => member(e.name));
    return names.length > 0 ? names.join(' | ') : 'never';
  };
  const parts = [
    header(
      'Types of the WebSocket messages: `messages["<name>"]` (or the type named after the message) is ' +
        "the message's payload as the AsyncAPI document gives it. `ClientMessage` is what you send, " +
        '`ServerMessage` what you receive.',
      sourceName(asyncapi, 'AsyncAPI'),
      asyncapi,
      Object.fromEntries(schemas.messages.map((m) => [m.name, m.schema])),
    ).trimEnd(),
    '',
    generated.trim(),
    '',
    comment(["Every message, by name: the message's payload as the AsyncAPI document gives it."]) +
      'export interface messages {\n' +
      entries
        .map(
          (e) =>
            `${comment(e.lines, '    ')}    ${JSON.stringify(e.name)}: components["schemas"][${JSON.stringify(e.key)}];\n`,
        )
        .join('') +
      '}',
    ...entries.map((e, i) => `${comment(e.lines)}export type ${aliases[i]} = ${member(e.name)};`),
    `${comment(['Every message you send.'])}export type ClientMessage = ${union(['client', 'both'])};`,
    `${comment(['Every message you receive.'])}export type ServerMessage = ${union(['server', 'both'])};`,
  ];
  return {text: `${parts.join('\n')}\n`, warnings};
}
