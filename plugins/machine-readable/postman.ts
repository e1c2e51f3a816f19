/**
 * A Postman collection (v2.1) made from the OpenAPI document by Postman's own
 * converter (openapi-to-postmanv2, build time only), then settled for this
 * site: requests grouped by tag, example values rather than fake ones, the
 * documentation's default (pre-production) host in `{{baseUrl}}`, one bearer
 * token in `{{bearerToken}}` inherited by every request, and ids derived from
 * names so that two builds of the same document give the same file.
 *
 * Parameter values are the reference's own: the converter reads a parameter's
 * `example` but not its named `examples`, and falls back to its schema's first
 * example (so a shared `Id` schema put one order id in every path). Each
 * parameter is given, before conversion, the value the reference and the request
 * builder show for it (`parameterExample`).
 *
 * Where the document gives no example, the converter makes a value up (its
 * schema faker: "string" for a string, a random number for a number, a random
 * count of array items). Those draws come from a fixed-seed generator here, so
 * the file is still the same from one build to the next.
 */
import {createHash} from 'node:crypto';
import {createRequire} from 'node:module';
import {convert, type Options} from 'openapi-to-postmanv2';
import {
  asArray,
  asObject,
  deref,
  isObject,
  pathItemOperations,
  type Json,
  type JsonObject,
} from '../api-reference/document';
import {parameterExample} from '../api-reference/openapi/parameters';

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

export interface PostmanServer {
  name: string;
  url: string;
}

export interface PostmanOptions {
  /** The server `{{baseUrl}}` starts as: the documentation's default environment. */
  defaultServer?: PostmanServer;
  /**
   * The seed of the converter's made-up values (a fixed one by default). Two seeds giving the same
   * collection show that nothing in it was made up (tests/unit/machine/postman.test.ts).
   */
  seed?: number;
  /** Every server, listed in the collection's description so a reader can switch. */
  servers?: PostmanServer[];
}

/**
 * `convert` (the converter's documented entry point) rather than `convertV2`:
 * 6.3.3's v2 path names query parameters whose example is falsy (`0`, `false`)
 * "value" instead of their name.
 */
const CONVERSION: Options = {
  folderStrategy: 'Tags',
  requestNameSource: 'Fallback',
  requestParametersResolution: 'Example',
  exampleParametersResolution: 'Example',
  enableOptionalParameters: false,
  includeDeprecated: true,
  includeWebhooks: false,
  alwaysInheritAuthentication: true,
  indentCharacter: 'Space',
};

/** mulberry32: a small seeded generator of numbers in [0, 1), for draws that must repeat. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The converter's schema faker: one instance, shared through Node's module cache with the converter. */
interface ConverterFaker {
  option(options: {random: () => number}): void;
}

const SEED = 0x5eed;

/**
 * Runs `work` with every draw of the converter from a fixed seed: its faker's `random` option
 * (set once at load to Math.random, so replacing Math.random later does not reach it), and
 * Math.random itself for the few draws made directly. The faker's option is left seeded (the
 * converter is only used here); Math.random is put back. The conversion runs synchronously
 * (the callback is called before `convert` returns), so nothing else draws meanwhile.
 */
function withFixedRandom<T>(seed: number, work: () => T): T {
  const faker = createRequire(import.meta.url)(
    'openapi-to-postmanv2/assets/json-schema-faker.js',
  ) as ConverterFaker;
  faker.option({random: seededRandom(seed)});
  const random = Math.random;
  Math.random = seededRandom(seed);
  try {
    return work();
  } finally {
    Math.random = random;
  }
}

/** Parameter objects of the document: under `components.parameters`, path items and operations (inline ones). */
function parameterObjects(doc: JsonObject): JsonObject[] {
  const found: JsonObject[] = [];
  const add = (raw: Json | undefined): void => {
    // A `$ref` is settled where it points (components.parameters), once.
    if (isObject(raw) && typeof raw.$ref !== 'string' && !found.includes(raw)) found.push(raw);
  };
  for (const raw of Object.values(asObject(asObject(doc.components).parameters))) add(raw);
  for (const rawItem of Object.values(asObject(doc.paths))) {
    const pathItem = asObject(deref(doc, rawItem).node);
    for (const raw of asArray(pathItem.parameters)) add(raw);
    for (const {operation} of pathItemOperations(pathItem))
      for (const raw of asArray(operation.parameters)) add(raw);
  }
  return found;
}

/**
 * A copy of the document in which every parameter carries, as its one `example`, the value the
 * reference shows for it (its own example, then its named examples, then its schema's): the
 * converter reads `example` only.
 */
export function withReferenceExamples(doc: JsonObject): JsonObject {
  const copy = structuredClone(doc);
  for (const param of parameterObjects(copy)) {
    const value = parameterExample(copy, param);
    delete param.examples;
    if (value === undefined) continue;
    param.example = value;
    // The converter copies `example` beside the schema's `$ref`, where its faker still prefers the
    // referenced schema's own `examples`: the parameter gets its schema inline, with the one example.
    if (param.schema !== undefined) {
      const schema = structuredClone(asObject(deref(copy, param.schema).node));
      delete schema.examples;
      param.schema = {...schema, example: value};
    }
  }
  return copy;
}

/** Runs the converter; a document it cannot convert fails with its reason. */
export function convertOpenApi(doc: JsonObject, seed = SEED): Promise<JsonObject> {
  return new Promise((resolve, reject) => {
    // OpenAPI 3.1 allows a document of webhooks only; the converter insists on `paths`.
    const settled = withReferenceExamples(doc);
    const input = settled.paths === undefined ? {...settled, paths: {}} : settled;
    withFixedRandom(seed, () =>
      convert({type: 'json', data: input}, CONVERSION, (error, result) => {
        if (error !== null) {
          reject(new Error(`openapi-to-postmanv2 could not convert the OpenAPI document: ${error.message}`));
          return;
        }
        const collection = result?.output?.find((o) => o.type === 'collection')?.data;
        if (result?.result !== true || !isObject(collection)) {
          reject(
            new Error(
              `openapi-to-postmanv2 could not convert the OpenAPI document: ${result?.reason ?? 'no collection in its output'}`,
            ),
          );
          return;
        }
        resolve(collection);
      }),
    );
  });
}

/** A UUID-shaped id (version 5 layout) derived from a name: stable across builds. */
export function stableId(name: string): string {
  const hex = createHash('sha1').update(name).digest('hex');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function stringOf(value: Json | undefined): string {
  return typeof value === 'string' ? value : '';
}

/** Items (folders and requests) get ids from their place in the tree; their example responses too. */
function settleItems(items: Json | undefined, path: string): void {
  if (!Array.isArray(items)) return;
  const seen = new Map<string, number>();
  for (const item of items) {
    if (!isObject(item)) continue;
    const name = stringOf(item.name);
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    const itemPath = `${path}/${name}${count > 1 ? `#${count}` : ''}`;
    item.id = stableId(itemPath);
    if (Array.isArray(item.item)) {
      settleItems(item.item, itemPath);
      continue;
    }
    const request = item.request;
    // Requests inherit the collection's bearer token; `noauth` (security: []) stays.
    if (isObject(request) && isObject(request.auth) && request.auth.type === 'bearer') delete request.auth;
    if (Array.isArray(item.response)) {
      for (const [i, response] of item.response.entries()) {
        if (isObject(response)) response.id = stableId(`${itemPath}/response/${i}`);
      }
    }
  }
}

function usage(options: PostmanOptions): string {
  const lines = [
    '## Using this collection',
    '',
    'Set the collection variable `bearerToken` to your API token (a JWT); every request sends it as `Authorization: Bearer {{bearerToken}}`.',
  ];
  if (options.defaultServer !== undefined) {
    lines.push(
      `\`baseUrl\` is ${options.defaultServer.name} (\`${options.defaultServer.url}\`), the documentation's default environment.`,
    );
  }
  const others = (options.servers ?? []).filter((s) => s.url !== options.defaultServer?.url);
  if (others.length > 0)
    lines.push(
      `To use another environment, set \`baseUrl\` to ${others.map((s) => `\`${s.url}\` (${s.name})`).join(', ')}.`,
    );
  return lines.join('\n');
}

/** Converts the OpenAPI document and settles the result (see the module comment). */
export async function postmanCollection(doc: JsonObject, options: PostmanOptions = {}): Promise<JsonObject> {
  const collection = await convertOpenApi(doc, options.seed);
  const info = isObject(collection.info) ? collection.info : (collection.info = {});
  const docInfo = isObject(doc.info) ? doc.info : {};
  info._postman_id = stableId(`${stringOf(docInfo.title)} ${stringOf(docInfo.version)}`);
  info.schema = POSTMAN_SCHEMA;
  const description = isObject(info.description)
    ? stringOf(info.description.content)
    : stringOf(info.description);
  info.description = {
    content: [description.trim(), usage(options)].filter((s) => s !== '').join('\n\n'),
    type: 'text/markdown',
  };

  const variables = (Array.isArray(collection.variable) ? collection.variable : []).filter(
    (v) => !(isObject(v) && (v.key === 'baseUrl' || v.key === 'bearerToken')),
  );
  const baseUrl =
    options.defaultServer?.url ??
    stringOf(
      (Array.isArray(collection.variable) ? collection.variable : []).find(
        (v): v is JsonObject => isObject(v) && v.key === 'baseUrl',
      )?.value,
    );
  collection.variable = [
    {
      key: 'baseUrl',
      value: baseUrl,
      type: 'string',
      description: 'Base URL of the REST API (the pre-production host by default).',
    },
    {
      key: 'bearerToken',
      value: '',
      type: 'string',
      description: 'Your API token (a JWT). Keep it out of shared copies of this collection.',
    },
    ...variables,
  ];
  collection.auth = {type: 'bearer', bearer: [{key: 'token', value: '{{bearerToken}}', type: 'string'}]};
  settleItems(collection.item, '');
  return collection;
}

/** The requests of a collection (depth first), for counting and checks. */
export function collectionRequests(collection: JsonObject): JsonObject[] {
  const out: JsonObject[] = [];
  const walk = (items: Json | undefined): void => {
    for (const item of Array.isArray(items) ? items : []) {
      if (!isObject(item)) continue;
      if (Array.isArray(item.item)) walk(item.item);
      else if (isObject(item.request)) out.push(item);
    }
  };
  walk(collection.item);
  return out;
}
