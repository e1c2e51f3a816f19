/**
 * Walks an OpenAPI 3.1 document and collects every example together with the schema it must
 * satisfy: media-type and parameter/header `example`/`examples` (Example Objects, following
 * `$ref`s into components/examples) and schema-level `examples` / `example` at any depth.
 *
 * The walk follows the structure of the document, so an example added anywhere a standard
 * OpenAPI document allows one is found without changing this file.
 */
import {
  HTTP_METHODS,
  childPointer,
  followRef,
  isObject,
  type Json,
  type JsonObject,
} from './openapi-document';

export interface ExampleCase {
  /** JSON pointer of the example where it is written or referenced. */
  pointer: string;
  /** JSON pointer of the schema the example must satisfy, null when there is none. */
  schemaPointer: string | null;
  value: Json;
  /** Pointer of the components/examples entry the value came from, when referenced. */
  source?: string;
}

/** A parameter, header or media type: something that should carry examples. */
export interface ExampleHolder {
  kind: 'parameter' | 'header' | 'media type';
  pointer: string;
  exampleCount: number;
}

export interface ExampleWalk {
  cases: ExampleCase[];
  holders: ExampleHolder[];
  /** Pointers of the components/examples entries that some holder references. */
  referencedExamples: Set<string>;
  /** Structural problems (unresolvable references, values only given as externalValue …). */
  problems: string[];
}

/** Keywords whose value is one subschema. */
const SUBSCHEMA = [
  'items',
  'additionalProperties',
  'propertyNames',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
] as const;
/** Keywords whose value is an array of subschemas. */
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;
/** Keywords whose value maps names to subschemas. */
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'dependentSchemas', '$defs'] as const;

class Walker {
  readonly result: ExampleWalk = {cases: [], holders: [], referencedExamples: new Set(), problems: []};

  constructor(private readonly doc: JsonObject) {}

  walkDocument(): ExampleWalk {
    const {paths, webhooks, components} = this.doc;
    for (const map of [paths, webhooks]) {
      this.eachEntry(map, map === paths ? '/paths' : '/webhooks', (item, at) => this.pathItem(item, at));
    }
    if (isObject(components)) this.components(components);
    return this.result;
  }

  private components(components: JsonObject): void {
    this.eachEntry(components.schemas, '/components/schemas', (s, at) => this.schema(s, at));
    this.eachEntry(components.parameters, '/components/parameters', (p, at) =>
      this.parameterOrHeader(p, at, 'parameter'),
    );
    this.eachEntry(components.headers, '/components/headers', (h, at) =>
      this.parameterOrHeader(h, at, 'header'),
    );
    this.eachEntry(components.requestBodies, '/components/requestBodies', (b, at) =>
      this.bodyOrResponse(b, at),
    );
    this.eachEntry(components.responses, '/components/responses', (r, at) => this.bodyOrResponse(r, at));
    this.eachEntry(components.pathItems, '/components/pathItems', (item, at) => this.pathItem(item, at));
  }

  private pathItem(item: JsonObject, at: string): void {
    if (typeof item.$ref === 'string') return;
    this.parameterList(item.parameters, childPointer(at, 'parameters'));
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (isObject(operation)) this.operation(operation, childPointer(at, method));
    }
  }

  private operation(operation: JsonObject, at: string): void {
    this.parameterList(operation.parameters, childPointer(at, 'parameters'));
    if (isObject(operation.requestBody))
      this.bodyOrResponse(operation.requestBody, childPointer(at, 'requestBody'));
    this.eachEntry(operation.responses, childPointer(at, 'responses'), (r, rAt) =>
      this.bodyOrResponse(r, rAt),
    );
  }

  private parameterList(list: Json | undefined, at: string): void {
    if (!Array.isArray(list)) return;
    list.forEach((parameter, index) => {
      if (isObject(parameter)) this.parameterOrHeader(parameter, childPointer(at, index), 'parameter');
    });
  }

  /** Parameters and headers share their example fields; a `$ref` is walked at its target. */
  private parameterOrHeader(node: JsonObject, at: string, kind: 'parameter' | 'header'): void {
    if (typeof node.$ref === 'string') return;
    if (isObject(node.content)) {
      this.content(node.content, childPointer(at, 'content'));
      return;
    }
    const schemaAt = isObject(node.schema) ? childPointer(at, 'schema') : null;
    if (isObject(node.schema) && schemaAt) this.schema(node.schema, schemaAt);
    this.holderExamples(node, at, schemaAt, kind);
  }

  private bodyOrResponse(node: JsonObject, at: string): void {
    if (typeof node.$ref === 'string') return;
    if (isObject(node.content)) this.content(node.content, childPointer(at, 'content'));
    this.eachEntry(node.headers, childPointer(at, 'headers'), (h, hAt) =>
      this.parameterOrHeader(h, hAt, 'header'),
    );
  }

  private content(content: JsonObject, at: string): void {
    this.eachEntry(content, at, (mediaType, mAt) => {
      const schemaAt = isObject(mediaType.schema) ? childPointer(mAt, 'schema') : null;
      if (isObject(mediaType.schema) && schemaAt) this.schema(mediaType.schema, schemaAt);
      this.holderExamples(mediaType, mAt, schemaAt, 'media type');
    });
  }

  /** `example` and the `examples` map of a media type, parameter or header. */
  private holderExamples(
    node: JsonObject,
    at: string,
    schemaAt: string | null,
    kind: ExampleHolder['kind'],
  ): void {
    let count = 0;
    if ('example' in node && node.example !== undefined) {
      this.addCase(childPointer(at, 'example'), schemaAt, node.example);
      count += 1;
    }
    this.eachEntry(node.examples, childPointer(at, 'examples'), (example, exAt) => {
      if (this.exampleObject(example, exAt, schemaAt)) count += 1;
    });
    this.result.holders.push({kind, pointer: at, exampleCount: count});
  }

  /** One Example Object (or a reference to one); returns whether a value was found. */
  private exampleObject(example: JsonObject, at: string, schemaAt: string | null): boolean {
    let resolved: Json = example;
    let source: string | undefined;
    try {
      const followed = followRef(this.doc, example, at);
      resolved = followed.node;
      if (followed.pointer !== at) {
        source = followed.pointer;
        this.result.referencedExamples.add(source);
      }
    } catch (error) {
      this.result.problems.push(`${at}: ${(error as Error).message}`);
      return false;
    }
    if (!isObject(resolved) || !('value' in resolved)) {
      this.result.problems.push(`${at}: example has no inline value (externalValue cannot be validated)`);
      return false;
    }
    this.addCase(at, schemaAt, resolved.value ?? null, source);
    return true;
  }

  /** Schema-level examples, then every subschema. A `$ref` target is walked where it is defined. */
  private schema(schema: Json, at: string): void {
    if (!isObject(schema)) return;
    if (Array.isArray(schema.examples)) {
      schema.examples.forEach((value, index) =>
        this.addCase(childPointer(childPointer(at, 'examples'), index), at, value),
      );
    }
    if ('example' in schema && schema.example !== undefined)
      this.addCase(childPointer(at, 'example'), at, schema.example);
    for (const keyword of SUBSCHEMA) {
      if (keyword in schema) this.schema(schema[keyword] ?? null, childPointer(at, keyword));
    }
    for (const keyword of SUBSCHEMA_LISTS) {
      const list = schema[keyword];
      if (Array.isArray(list))
        list.forEach((sub, index) => this.schema(sub, childPointer(childPointer(at, keyword), index)));
    }
    for (const keyword of SUBSCHEMA_MAPS) {
      this.eachEntry(schema[keyword], childPointer(at, keyword), (sub, subAt) => this.schema(sub, subAt));
    }
  }

  private addCase(pointer: string, schemaPointer: string | null, value: Json, source?: string): void {
    this.result.cases.push(
      source ? {pointer, schemaPointer, value, source} : {pointer, schemaPointer, value},
    );
  }

  private eachEntry(
    map: Json | undefined,
    at: string,
    visit: (value: JsonObject, pointer: string) => void,
  ): void {
    if (!isObject(map)) return;
    for (const [key, value] of Object.entries(map)) {
      if (isObject(value)) visit(value, childPointer(at, key));
    }
  }
}

export function collectExamples(doc: JsonObject): ExampleWalk {
  return new Walker(doc).walkDocument();
}

/** Pointers of all entries of components/examples. */
export function componentExamplePointers(doc: JsonObject): string[] {
  const components = doc.components;
  if (!isObject(components) || !isObject(components.examples)) return [];
  return Object.keys(components.examples).map((name) => childPointer('/components/examples', name));
}
