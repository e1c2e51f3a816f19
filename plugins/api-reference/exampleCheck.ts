/**
 * Every example the references SHOW is valid against the effective schema at
 * the place it is shown: the view models the pages are rendered from are walked
 * beside the documents, so an example that reaches a narrower schema by
 * inheritance (a `$ref` with a sibling `const`, an `allOf` branch) or is made by
 * a builder (a code sample's body, a message sample, a parameter example) is
 * checked where the reader sees it. Each failure names its place (page,
 * operation or message, part, field anchor), the JSON pointer of the schema and
 * the rule broken. The build runs it (index.ts): an error for the product's own
 * documents (specs/), a warning for others; tests/specs/reference-examples.test.ts
 * runs it on the view models too.
 */
import path from 'node:path';
import {operationId as anchorOperationId} from './client/anchors';
import {
  atPointer as at,
  derefAt,
  escapePointerToken as token,
  isObject,
  pathItemOperations,
  type ParsedDocument,
} from './document';
import type {ExampleView, RestModel, SchemaNode, WsModel} from './types';
import {ROUTES} from './client/routes';
import {PreparedDocument} from './validator/prepared';
import {
  channelMessageLocations,
  openApiDialect,
  payloadSchemaAt,
  type SchemaDialect,
} from './validator/targets';

export type DocName = 'openapi' | 'asyncapi';
export type Docs = Record<DocName, ParsedDocument>;

/**
 * Validates values against schemas inside a pair of documents, addressed by JSON pointer, through
 * the documents as the reader's validators prepare them (validator/prepared.ts): OpenAPI 3.0
 * schemas as 3.0 means them (`nullable`), AsyncAPI payloads in their own dialect (draft-07 unless
 * a multi-format schema says otherwise). Read-only fields stay required: examples of responses
 * are checked here too.
 */
export function validatorFor(
  docs: Docs,
): (doc: DocName, pointer: string, value: unknown, dialect?: SchemaDialect) => string[] {
  const prepared = {
    openapi: new PreparedDocument('openapi', docs.openapi, 'any'),
    asyncapi: new PreparedDocument('asyncapi', docs.asyncapi, 'any'),
  };
  const openapi = openApiDialect(docs.openapi);
  return (doc, pointer, value, dialect = doc === 'openapi' ? openapi : 'draft-07') => {
    const fn = prepared[doc].validator(pointer, dialect);
    if (fn(value)) return [];
    return (fn.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}`);
  };
}

/** A place in the rendered reference and the schema that governs it there. */
interface Place {
  doc: DocName;
  pointer: string;
  /** How a reader finds it: page, operation or message, part, field anchor. */
  label: string;
  /** The schema's dialect, when the document does not say it for all (AsyncAPI payloads). */
  dialect?: SchemaDialect;
}

export interface ExampleReport {
  failures: string[];
  /** How many values were checked (so a walk that finds nothing cannot pass). */
  checked: number;
  /** How many code-sample bodies (REST curl, WebSocket JavaScript) were found and checked. */
  sampleBodies: number;
}

class ModelWalker {
  readonly report: ExampleReport = {failures: [], checked: 0, sampleBodies: 0};
  /** The shared data types of the page being walked, by anchor. */
  dataTypes = new Map<string, SchemaNode>();
  private readonly validate: ReturnType<typeof validatorFor>;

  constructor(readonly docs: Docs) {
    this.validate = validatorFor(docs);
  }

  check(places: Place[], value: unknown, what: string): void {
    for (const place of places) {
      this.report.checked += 1;
      const errors = this.validate(place.doc, place.pointer, value, place.dialect);
      if (errors.length > 0) {
        this.report.failures.push(
          `${place.label}: ${what} ${JSON.stringify(value)} breaks #${place.pointer} (${errors.join('; ')})`,
        );
      }
    }
  }

  /** The pointers a schema's keywords come from: itself, then each `$ref` target (siblings win). */
  private chain(doc: DocName, pointer: string): string[] {
    const located = derefAt(this.docs[doc], pointer);
    return [...located.via.reverse(), located.pointer];
  }

  /** Pointer of `keyword` as the schema view sees it (the first schema of the chain that has it). */
  private keyword(doc: DocName, pointer: string, keyword: string): string | undefined {
    for (const p of this.chain(doc, pointer)) {
      const node = at(this.docs[doc], p);
      if (isObject(node) && keyword in node) return `${p}/${keyword}`;
    }
    return undefined;
  }

  /**
   * Walks a schema view beside the schema it was built from. `outer` are the places whose schema
   * also applies to this node's value (the parent of an allOf/oneOf/anyOf branch).
   */
  node(node: SchemaNode | undefined, place: Place, outer: Place[] = []): void {
    if (node === undefined || node.recursive !== undefined) return;
    const here = node.id !== undefined ? {...place, label: `${place.label} › ${node.id}`} : place;
    const places = [here, ...outer];
    // A field of a shared data type shows its type's examples and default through a link: they
    // must validate at every field that links to them.
    const type = node.dataType !== undefined ? this.dataTypes.get(node.dataType) : node;
    if (type === undefined) {
      this.report.failures.push(
        `${here.label}: links to data type ${node.dataType ?? ''}, which the page lacks`,
      );
      return;
    }
    for (const literal of type.examples ?? []) {
      let value: unknown;
      try {
        value = JSON.parse(literal);
      } catch {
        // Literals longer than the view's limit are cut with "…": nothing to validate.
        if (literal.endsWith('…')) continue;
        this.report.failures.push(`${here.label}: example ${literal} is not JSON`);
        continue;
      }
      this.check(places, value, 'example');
    }
    if (type.default !== undefined) this.check(places, JSON.parse(type.default), 'default');

    for (const field of node.fields ?? []) {
      const name = field.name ?? '';
      const pointer =
        name === '(any other name)'
          ? this.keyword(place.doc, place.pointer, 'additionalProperties')
          : name.startsWith('/') && name.endsWith('/')
            ? (() => {
                const base = this.keyword(place.doc, place.pointer, 'patternProperties');
                return base !== undefined ? `${base}/${token(name.slice(1, -1))}` : undefined;
              })()
            : (() => {
                const base = this.keyword(place.doc, place.pointer, 'properties');
                return base !== undefined ? `${base}/${token(name)}` : undefined;
              })();
      if (pointer === undefined) {
        this.report.failures.push(`${here.label}: cannot find the schema of field ${name}`);
        continue;
      }
      this.node(field, {...place, pointer});
    }
    const items = this.keyword(place.doc, place.pointer, 'items');
    if (node.items !== undefined && items !== undefined) this.node(node.items, {...place, pointer: items});
    node.prefixItems?.forEach((item, i) => {
      const base = this.keyword(place.doc, place.pointer, 'prefixItems');
      if (base !== undefined) this.node(item, {...place, pointer: `${base}/${i}`});
    });
    for (const group of node.groups ?? []) {
      const base = this.keyword(place.doc, place.pointer, group.kind);
      if (base === undefined) {
        this.report.failures.push(`${here.label}: cannot find the ${group.kind} of the schema`);
        continue;
      }
      const composed = group.kind === 'allOf' || group.kind === 'oneOf' || group.kind === 'anyOf';
      group.branches.forEach((branch, i) => {
        const pointer = composed ? `${base}/${i}` : base;
        // A value shown in an allOf/oneOf/anyOf branch is a value of the whole: the parent's
        // schema applies too. `not` and `if` branches describe values the parent may refuse.
        this.node(
          branch.node,
          {...place, pointer, label: `${here.label} (${group.kind})`},
          composed ? places : [],
        );
      });
    }
  }

  examples(examples: ExampleView[], place: Place): void {
    for (const example of examples) {
      const what = `example${example.name !== undefined ? ` "${example.name}"` : ''}`;
      if (example.language === 'json') this.check([place], JSON.parse(example.value), what);
      else if (example.language === 'text') this.check([place], example.value, what);
    }
  }
}

/** The JSON body a curl sample sends (`--data '…'`), if any. */
function curlBody(code: string): unknown {
  const m = /--data '([\s\S]*?)'(?:\s|$)/.exec(code);
  return m?.[1] !== undefined ? JSON.parse(m[1]) : undefined;
}

/**
 * The message object a WebSocket JavaScript sample sends: `const message = …;`
 * when it subscribes the channel first (client/wsScript.ts), else the object in
 * `ws.send(JSON.stringify(…))`.
 */
function wsSampleMessage(code: string): unknown {
  const m =
    /^const message = ([\s\S]*?);$/m.exec(code) ?? /\.send\(JSON\.stringify\(([\s\S]*?)\)\);/.exec(code);
  return m?.[1] !== undefined ? JSON.parse(m[1]) : undefined;
}

/** Operation anchor → pointer of the operation (anchors as the reference names them). */
function operationPointers(doc: ParsedDocument): Map<string, string> {
  const pointers = new Map<string, string>();
  for (const p of Object.keys(isObject(doc.paths) ? doc.paths : {})) {
    const item = derefAt(doc, `/paths/${token(p)}`);
    if (!isObject(item.node)) continue;
    for (const {method, at: where, operation} of pathItemOperations(item.node)) {
      const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
      pointers.set(anchorOperationId(operationId, method, p), `${item.pointer}${where}`);
    }
  }
  return pointers;
}

/** An error body several responses share is shown once: it validates at each response that has it. */
function walkErrorBodies(
  walker: ModelWalker,
  model: RestModel,
  doc: ParsedDocument,
  pointers: ReadonlyMap<string, string>,
): void {
  for (const body of model.errorBodies ?? []) {
    for (const use of body.usedBy) {
      const [opId = '', code = ''] = use.id.split('.response-');
      const opPointer = pointers.get(opId);
      if (opPointer === undefined) {
        walker.report.failures.push(`${ROUTES.rest} ${body.id}: no operation ${opId} in the document`);
        continue;
      }
      const response = derefAt(doc, `${opPointer}/responses/${code}`).pointer;
      const content = at(doc, `${response}/content`);
      for (const mediaType of Object.keys(isObject(content) ? content : {})) {
        const place: Place = {
          doc: 'openapi',
          pointer: `${response}/content/${token(mediaType)}/schema`,
          label: `${ROUTES.rest} ${body.id} (the body of ${use.id}, ${mediaType})`,
        };
        if (at(doc, place.pointer) !== undefined) walker.node(body.schema, place);
      }
    }
  }
}

function walkRest(walker: ModelWalker, model: RestModel, docs: Docs): void {
  const doc = docs.openapi;
  walker.dataTypes = new Map((model.dataTypes ?? []).map((type) => [type.id, type.schema]));
  const pointers = operationPointers(doc);
  for (const operation of model.tags.flatMap((t) => t.operations)) {
    const opPointer = pointers.get(operation.id);
    if (opPointer === undefined) {
      walker.report.failures.push(`${ROUTES.rest} ${operation.id}: no such operation in the document`);
      continue;
    }
    const at0 = (label: string, pointer: string): Place => ({
      doc: 'openapi',
      pointer,
      label: `${ROUTES.rest} ${operation.id} ${label}`,
    });

    const pathItemPointer = opPointer.replace(/\/(?:additionalOperations\/)?[^/]+$/, '');
    const paramPointers = [`${pathItemPointer}/parameters`, `${opPointer}/parameters`].flatMap((list) => {
      const entries = at(doc, list);
      return Array.isArray(entries) ? entries.map((_, i) => derefAt(doc, `${list}/${i}`).pointer) : [];
    });
    for (const parameter of operation.parameters) {
      const pointer = paramPointers.find((p) => {
        const node = at(doc, p);
        return isObject(node) && node.name === parameter.name && node.in === parameter.in;
      });
      if (pointer === undefined) {
        walker.report.failures.push(
          `${ROUTES.rest} ${operation.id}: no parameter ${parameter.name} in the document`,
        );
        continue;
      }
      const place = at0(`parameter ${parameter.name}`, `${pointer}/schema`);
      walker.node(parameter.schema, place);
      if (parameter.example !== undefined) {
        // The view shows a string example as it is and any other value as JSON.
        const asText = walker.report.failures.length;
        walker.check([place], parameter.example, 'example');
        if (walker.report.failures.length > asText) {
          let parsed: unknown;
          try {
            parsed = JSON.parse(parameter.example);
          } catch {
            continue;
          }
          walker.report.failures.length = asText;
          walker.check([place], parsed, 'example');
        }
      }
    }

    const contents = (
      container: string,
      label: string,
      media: {mediaType: string; schema?: SchemaNode; examples: ExampleView[]}[],
    ): void => {
      const resolved = derefAt(doc, container).pointer;
      for (const m of media) {
        const schema = `${resolved}/content/${token(m.mediaType)}/schema`;
        if (at(doc, schema) === undefined) continue;
        const place = at0(`${label} ${m.mediaType}`, schema);
        walker.node(m.schema, place);
        walker.examples(m.examples, place);
      }
    };
    if (operation.requestBody !== undefined)
      contents(`${opPointer}/requestBody`, 'request', operation.requestBody.contents);
    for (const response of operation.responses)
      contents(`${opPointer}/responses/${response.code}`, `response ${response.code}`, response.contents);

    const requestSchema = operation.requestBody?.contents.find((c) => c.mediaType === 'application/json');
    if (requestSchema !== undefined) {
      const place = at0(
        'request application/json',
        `${derefAt(doc, `${opPointer}/requestBody`).pointer}/content/${token('application/json')}/schema`,
      );
      if (operation.validatorExample !== undefined)
        walker.check(
          [{...place, label: `${place.label} (validator example)`}],
          JSON.parse(operation.validatorExample),
          'body',
        );
      for (const sample of operation.samples.filter((s) => s.language === 'curl')) {
        const body = curlBody(sample.code);
        if (body === undefined) {
          walker.report.failures.push(`${place.label}: the curl sample sends no body`);
          continue;
        }
        walker.report.sampleBodies += 1;
        walker.check([{...place, label: `${place.label} (curl sample)`}], body, 'body');
      }
    }
  }
  walkErrorBodies(walker, model, doc, pointers);
}

function walkWs(walker: ModelWalker, model: WsModel): void {
  walker.dataTypes = new Map((model.dataTypes ?? []).map((type) => [type.id, type.schema]));
  for (const channel of model.channels) {
    // Where each message is written: under components/messages, or inline under its channel.
    const written = channelMessageLocations(walker.docs.asyncapi, channel.key);
    for (const message of channel.messages) {
      const messagePointer = written.get(message.name) ?? `/components/messages/${token(message.name)}`;
      // The payload schema as the reader's validator finds it: a multi-format object's `schema`.
      const payload = payloadSchemaAt(walker.docs.asyncapi, `${messagePointer}/payload`);
      if (payload.pointer === null) continue;
      const place: Place = {
        doc: 'asyncapi',
        pointer: payload.pointer,
        label: `${ROUTES.ws} ${channel.key} ${message.name}`,
        dialect: payload.dialect,
      };
      walker.node(message.payload, place);
      walker.examples(message.examples, place);
      if (message.validatorExample !== undefined)
        walker.check(
          [{...place, label: `${place.label} (validator example)`}],
          JSON.parse(message.validatorExample),
          'payload',
        );
      for (const sample of message.samples.filter((s) => s.language === 'javascript')) {
        walker.report.sampleBodies += 1;
        walker.check(
          [{...place, label: `${place.label} (JavaScript sample)`}],
          wsSampleMessage(sample.code),
          'payload',
        );
      }
    }
  }
}

export function walkAll(docs: Docs, rest: RestModel, ws: WsModel): ExampleReport {
  const walker = new ModelWalker(docs);
  walkRest(walker, rest, docs);
  walkWs(walker, ws);
  return walker.report;
}

export interface ExampleCheckInput {
  documents: Docs;
  rest: RestModel;
  ws: WsModel;
  /** The documents' files, to name them in the message. */
  files: Record<DocName, string>;
  /** Per document: true for the product's own (specs/), where a failure fails the build; others warn. */
  strict: Record<DocName, boolean>;
}

/**
 * Runs the check for the build: throws (the product's documents) or returns a
 * warning (any other document) naming each example that does not validate
 * where it is shown; null when all do.
 */
export function checkShownExamples(input: ExampleCheckInput): string | null {
  // Each reference is walked on its own, so a document the walk cannot follow (an unusual shape)
  // is reported against that document, never as a crash.
  const walker = new ModelWalker(input.documents);
  const walks: [string, () => void][] = [
    [ROUTES.rest, () => walkRest(walker, input.rest, input.documents)],
    [ROUTES.ws, () => walkWs(walker, input.ws)],
  ];
  for (const [page, walk] of walks) {
    try {
      walk();
    } catch (error) {
      walker.report.failures.push(`${page}: the examples could not be checked: ${(error as Error).message}`);
    }
  }
  const failures = walker.report.failures;
  if (failures.length === 0) return null;
  // The places name their page: /docs/ws is the AsyncAPI document's, the rest the OpenAPI document's.
  const strict = failures.some((f) => input.strict[f.startsWith(ROUTES.ws) ? 'asyncapi' : 'openapi']);
  const message =
    `${failures.length} example(s) shown in the references do not validate against the schema ` +
    `they are shown under (${input.files.openapi}, ${input.files.asyncapi}); ` +
    `each line gives the page and place, the example, the schema pointer and the rule broken:\n` +
    failures.map((f) => `  - ${f}`).join('\n');
  if (strict) throw new Error(message);
  return message;
}

/** Whether a document is one of the product's own (under `<site>/specs/`), whose examples must validate. */
export function isOwnDocument(siteDir: string, file: string): boolean {
  const relative = path.relative(path.join(siteDir, 'specs'), file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}
