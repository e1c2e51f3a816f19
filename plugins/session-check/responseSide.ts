/**
 * The response side of an OpenAPI document, for the validators of REST response bodies.
 *
 * The payload validator's compiler prepares every schema for what a reader sends
 * (plugins/api-reference/validator/prepare.ts, `request`): a read-only field is not required of
 * a request. A response is the other way round, as the reference shows it (schema/build.ts,
 * `response`): a read-only field is returned, and required when the schema requires it, and a
 * write-only field never comes back, so it is not required. On a copy of the document, for every
 * schema a response body reaches: write-only fields leave `required`, and `readOnly` is taken
 * off, so that the compiler's request-side step finds no read-only field to excuse.
 *
 * A write-only field a response carries anyway is not refused: the documents' `writeOnly` is an
 * annotation ("SHOULD NOT be sent" in OpenAPI), as the request side does not refuse a read-only
 * field a reader sends.
 */
import {
  atPointer,
  deref,
  isObject,
  resolveRef,
  subschemasOf,
  type JsonObject,
} from '../api-reference/document';

/** Every schema reachable from `roots` (JSON pointers into `doc`), local `$ref`s followed. */
function reachableSchemas(doc: JsonObject, roots: readonly string[]): JsonObject[] {
  const seen = new Set<JsonObject>();
  const queue: unknown[] = roots.map((pointer) => atPointer(doc, pointer));
  while (queue.length > 0) {
    const schema = queue.pop();
    if (!isObject(schema) || seen.has(schema)) continue;
    seen.add(schema);
    if (typeof schema.$ref === 'string') queue.push(resolveRef(doc, schema.$ref));
    queue.push(...subschemasOf(schema));
  }
  return [...seen];
}

/**
 * A copy of `openapi` whose schemas reached from `roots` (the response bodies' schemas) read as
 * a response: write-only fields not required, read-only fields required as written.
 */
export function responseSide(openapi: JsonObject, roots: readonly string[]): JsonObject {
  const doc = structuredClone(openapi);
  const schemas = reachableSchemas(doc, roots);
  // Required lists first, while every `writeOnly` is still in place.
  for (const schema of schemas) {
    if (!Array.isArray(schema.required) || !isObject(schema.properties)) continue;
    const properties = schema.properties;
    schema.required = schema.required.filter((name) => {
      if (typeof name !== 'string') return true;
      const property = deref(doc, properties[name]).node;
      return !(isObject(property) && property.writeOnly === true);
    });
  }
  for (const schema of schemas) delete schema.readOnly;
  return doc;
}
