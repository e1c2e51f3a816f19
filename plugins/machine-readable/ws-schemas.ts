/**
 * One self-contained JSON Schema (draft 2020-12) per WebSocket message of the
 * AsyncAPI document, so a client can validate what it sends and receives with
 * any JSON Schema validator, without the AsyncAPI document or a bundler.
 *
 * AsyncAPI schemas are a superset of JSON Schema draft-07; the few draft-07
 * keywords that 2020-12 renamed (tuple `items`, `additionalItems`,
 * `dependencies`) are rewritten, AsyncAPI-only annotations (`discriminator`,
 * `externalDocs`, `x-…`) are dropped, and every local `$ref` is copied into
 * `$defs` under the schema's name, so the file stands alone.
 */
import {
  deref,
  isObject,
  pointerTokens,
  resolveRef,
  type Json,
  type JsonObject,
} from '../api-reference/document';
import {schemaFileFor} from '../api-reference/client/downloads';
import {documentReadings} from '../api-reference/readings';

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/** Who sends the message, assuming (as this site's document says) the document describes the server. */
export type SentBy = 'client' | 'server' | 'both' | 'unknown';

export interface MessageSchema {
  /** The message's key in the document (`components.messages`, else the channel's `messages`). */
  name: string;
  /** File name under the ws-schemas folder. */
  file: string;
  title: string;
  summary?: string;
  channels: string[];
  sentBy: SentBy;
  schema: JsonObject;
}

export interface SkippedMessage {
  name: string;
  reason: string;
}

export interface MessageSchemas {
  messages: MessageSchema[];
  skipped: SkippedMessage[];
  /** Things a reader of the build log should know (external references left as they are). */
  warnings: string[];
}

export interface SchemaOptions {
  /** Absolute URL of the folder the schemas are published in, ending with `/` (gives each `$id`). */
  baseUrl: string;
}

/** Keywords whose value is one subschema. */
const ONE_SCHEMA = new Set([
  'additionalProperties',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
]);
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);
/** Not JSON Schema, or meaningless once the schema leaves the document. */
const DROPPED = new Set(['discriminator', 'externalDocs', '$id', '$schema', 'id']);

function text(value: Json | undefined): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Whether a `schemaFormat` names JSON Schema or the AsyncAPI schema (a JSON Schema superset). */
export function isJsonSchemaFormat(format: string): boolean {
  return /^application\/(vnd\.aai\.asyncapi|schema)(\+json|\+yaml)?(;|$)/i.test(format.trim());
}

/** Copies one message payload, with every local `$ref` moved into `$defs`. */
class Bundler {
  readonly defs: JsonObject = {};
  private readonly refs = new Map<string, string>();
  private readonly used = new Set<string>();

  constructor(
    private readonly doc: JsonObject,
    private readonly where: string,
    private readonly warnings: string[],
  ) {}

  /** The payload itself is a `$ref`: it becomes the root, and references back to it become `#`. */
  root(payload: Json): Json {
    if (
      isObject(payload) &&
      typeof payload.$ref === 'string' &&
      pointerTokens(payload.$ref) !== undefined &&
      Object.keys(payload).length === 1
    ) {
      const target = resolveRef(this.doc, payload.$ref);
      if (target === undefined)
        throw new Error(`${this.where}: $ref "${payload.$ref}" does not resolve in the AsyncAPI document`);
      this.refs.set(payload.$ref, '#');
      return this.schema(target);
    }
    return this.schema(payload);
  }

  private defName(ref: string): string {
    const tokens = pointerTokens(ref) ?? [];
    const schemas = tokens[0] === 'components' && tokens[1] === 'schemas' ? tokens.slice(2) : tokens;
    const base = schemas.join('.').replace(/[^A-Za-z0-9._-]/g, '_') || 'schema';
    let name = base;
    for (let i = 2; this.used.has(name); i++) name = `${base}_${i}`;
    this.used.add(name);
    return name;
  }

  private ref(ref: string): string {
    const known = this.refs.get(ref);
    if (known !== undefined) return known;
    if (pointerTokens(ref) === undefined) {
      this.warnings.push(
        `${this.where}: external $ref "${ref}" is left as it is (only references inside the AsyncAPI document are bundled)`,
      );
      return ref;
    }
    const target = resolveRef(this.doc, ref);
    if (target === undefined)
      throw new Error(`${this.where}: $ref "${ref}" does not resolve in the AsyncAPI document`);
    const name = this.defName(ref);
    const local = `#/$defs/${name}`;
    this.refs.set(ref, local); // before walking the target, so recursion ends here
    this.defs[name] = this.schema(target);
    return local;
  }

  schema(node: Json): Json {
    if (!isObject(node)) return structuredClone(node);
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      if (key === '$ref' && typeof value === 'string') out.$ref = this.ref(value);
      else if (key === 'example') {
        if (node.examples === undefined) out.examples = [structuredClone(value)];
      } else if (key === 'items') {
        if (Array.isArray(value)) out.prefixItems = value.map((item) => this.schema(item));
        else out.items = this.schema(value);
      } else if (key === 'additionalItems') {
        // draft-07 applies it only after tuple `items`; 2020-12 calls that `items`.
        if (Array.isArray(node.items)) out.items = this.schema(value);
      } else if (key === 'dependencies' && isObject(value)) {
        for (const [property, dependency] of Object.entries(value)) {
          const target = Array.isArray(dependency) ? 'dependentRequired' : 'dependentSchemas';
          const group = isObject(out[target]) ? out[target] : (out[target] = {});
          group[property] = Array.isArray(dependency) ? structuredClone(dependency) : this.schema(dependency);
        }
      } else if (ONE_SCHEMA.has(key)) out[key] = this.schema(value);
      else if (SCHEMA_LIST.has(key) && Array.isArray(value))
        out[key] = value.map((item) => this.schema(item));
      else if (SCHEMA_MAP.has(key) && isObject(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, this.schema(sub)]));
      } else out[key] = structuredClone(value);
    }
    return out;
  }
}

interface Found {
  name: string;
  message: JsonObject;
  channels: Set<string>;
  clientSends: boolean;
  serverSends: boolean;
}

/** Every message of the document, once each, in document order: components first, then channels. */
function collectMessages(doc: JsonObject): Found[] {
  const byObject = new Map<JsonObject, Found>();
  const names = new Set<string>();
  const add = (key: string, raw: Json, channel?: string): Found | undefined => {
    const message = deref(doc, raw).node;
    if (!isObject(message)) return undefined;
    let found = byObject.get(message);
    if (found === undefined) {
      let name = key;
      if (names.has(name) && channel !== undefined) name = `${channel}.${key}`;
      for (let i = 2; names.has(name); i++) name = `${key}_${i}`;
      names.add(name);
      found = {name, message, channels: new Set(), clientSends: false, serverSends: false};
      byObject.set(message, found);
    }
    if (channel !== undefined) found.channels.add(channel);
    return found;
  };

  const components = isObject(doc.components) ? doc.components : {};
  for (const [key, raw] of Object.entries(isObject(components.messages) ? components.messages : {}))
    add(key, raw);

  const channels = isObject(doc.channels) ? doc.channels : {};
  for (const [channelKey, rawChannel] of Object.entries(channels)) {
    const channel = deref(doc, rawChannel).node;
    if (!isObject(channel)) continue;
    // AsyncAPI 3: channel.messages is a map.
    for (const [key, raw] of Object.entries(isObject(channel.messages) ? channel.messages : {}))
      add(key, raw, channelKey);
    // AsyncAPI 2: publish (the client sends) and subscribe (the server sends), one message or oneOf.
    for (const [verb, clientSends] of [
      ['publish', true],
      ['subscribe', false],
    ] as const) {
      const operation = channel[verb];
      if (!isObject(operation) || operation.message === undefined) continue;
      const message = deref(doc, operation.message).node;
      const list = isObject(message) && Array.isArray(message.oneOf) ? message.oneOf : [operation.message];
      for (const [i, raw] of list.entries()) {
        const resolved = deref(doc, raw).node;
        const key = isObject(resolved)
          ? (text(resolved.name) ?? text(resolved.messageId) ?? `${channelKey}.${verb}.${i + 1}`)
          : '';
        const found = add(key, raw, channelKey);
        if (found !== undefined) {
          if (clientSends) found.clientSends = true;
          else found.serverSends = true;
        }
      }
    }
  }

  // AsyncAPI 3 operations: `receive` means the client sends; a reply goes the other way.
  const mark = (refs: Json | undefined, clientSends: boolean): void => {
    for (const raw of Array.isArray(refs) ? refs : []) {
      const message = deref(doc, raw).node;
      const found = isObject(message) ? byObject.get(message) : undefined;
      if (found === undefined) continue;
      if (clientSends) found.clientSends = true;
      else found.serverSends = true;
    }
  };
  for (const rawOperation of Object.values(isObject(doc.operations) ? doc.operations : {})) {
    const operation = deref(doc, rawOperation).node;
    if (!isObject(operation)) continue;
    const clientSends = operation.action === 'receive';
    mark(operation.messages, clientSends);
    const reply = deref(doc, operation.reply ?? null).node;
    if (isObject(reply)) mark(reply.messages, !clientSends);
  }
  return [...byObject.values()];
}

function sentBy(found: Found): SentBy {
  if (found.clientSends && found.serverSends) return 'both';
  if (found.clientSends) return 'client';
  if (found.serverSends) return 'server';
  return 'unknown';
}

/**
 * The payloads a message's examples give (AsyncAPI 3 `examples[].payload`), copied, for the JSON
 * Schemas' `examples`; none made up. (The reference's `messageExamples`, asyncapi/examples.ts, also
 * names and words them and makes one from the schema when the document gives none.)
 */
export function examplePayloads(doc: JsonObject, message: JsonObject): Json[] {
  const examples = Array.isArray(message.examples) ? message.examples : [];
  return examples.flatMap((raw) => {
    const example = deref(doc, raw).node;
    return isObject(example) && example.payload !== undefined ? [structuredClone(example.payload)] : [];
  });
}

/** Builds the JSON Schema of every message of an AsyncAPI document (pure). */
export function buildMessageSchemas(doc: JsonObject, options: SchemaOptions): MessageSchemas {
  const messages: MessageSchema[] = [];
  const skipped: SkippedMessage[] = [];
  const warnings: string[] = [];
  const info = isObject(doc.info) ? doc.info : {};
  const source = [text(info.title), text(info.version)].filter((s) => s !== undefined).join(' ');

  for (const found of collectMessages(doc)) {
    const {message, name} = found;
    let payload = message.payload;
    let format = text(message.schemaFormat);
    if (isObject(payload) && payload.schema !== undefined && typeof payload.schemaFormat === 'string') {
      format = payload.schemaFormat; // AsyncAPI 3 multi-format schema object
      payload = payload.schema;
    }
    if (payload === undefined) {
      skipped.push({name, reason: 'the message has no payload'});
      continue;
    }
    if (format !== undefined && !isJsonSchemaFormat(format)) {
      skipped.push({name, reason: `its payload is written in ${format}, not JSON Schema`});
      continue;
    }
    const bundler = new Bundler(doc, `message ${name}`, warnings);
    const body = bundler.root(payload);
    const bodyObject: JsonObject = isObject(body)
      ? body
      : typeof body === 'boolean'
        ? body
          ? {}
          : {not: {}}
        : {};
    const {title: bodyTitle, description: bodyDescription, examples: bodyExamples, ...rest} = bodyObject;
    const title = text(message.title) ?? text(message.name) ?? text(bodyTitle) ?? name;
    const summary = text(message.summary);
    const description =
      [summary, text(message.description)].filter((s) => s !== undefined).join('\n\n') ||
      text(bodyDescription);
    const examples = examplePayloads(doc, message);
    const file = schemaFileFor(name);
    const schema: JsonObject = {
      $schema: JSON_SCHEMA_DIALECT,
      $id: `${options.baseUrl}${file}`,
      $comment: `Message ${name} of ${source || 'the AsyncAPI document'}, generated from the AsyncAPI document. Do not edit.`,
      title,
      ...(description !== undefined ? {description} : {}),
      ...rest,
      ...(examples.length > 0 ? {examples} : bodyExamples !== undefined ? {examples: bodyExamples} : {}),
      ...(Object.keys(bundler.defs).length > 0 ? {$defs: bundler.defs} : {}),
    };
    messages.push({
      name,
      file,
      title,
      ...(summary !== undefined ? {summary} : {}),
      channels: [...found.channels],
      sentBy: sentBy(found),
      schema,
    });
  }
  return {messages, skipped, warnings};
}

/** `index.json` of the ws-schemas folder: what each file is, for people and tools. */
export function schemaIndex(doc: JsonObject, result: MessageSchemas, options: SchemaOptions): JsonObject {
  const info = isObject(doc.info) ? doc.info : {};
  return {
    title: `JSON Schemas of the ${text(info.title) ?? 'WebSocket API'} messages`,
    description:
      'One JSON Schema (draft 2020-12) per message, each self-contained: every $ref points into its own $defs. ' +
      "Each schema is the message's payload as the AsyncAPI document gives it; `readings` lists the readings of " +
      "the provider's specification that the document makes. Generated from the AsyncAPI document at build time.",
    dialect: JSON_SCHEMA_DIALECT,
    source: {
      asyncapi: text(doc.asyncapi) ?? null,
      title: text(info.title) ?? null,
      version: text(info.version) ?? null,
    },
    messages: result.messages.map((m) => ({
      name: m.name,
      title: m.title,
      ...(m.summary !== undefined ? {summary: m.summary} : {}),
      sentBy: m.sentBy,
      channels: m.channels,
      file: m.file,
      url: `${options.baseUrl}${m.file}`,
    })),
    skipped: result.skipped.map((s) => ({name: s.name, reason: s.reason})),
    // What the document marks as its reading (x-reading), e.g. the message envelope: to confirm with the provider.
    readings: documentReadings(doc)
      .map(({mark}) => mark)
      .filter((mark, i, all) => all.findIndex((m) => m.id === mark.id) === i)
      .map((mark) => ({id: mark.id, text: mark.text})),
  };
}
