/**
 * Parameter validators for the request builder, compiled at build time like
 * the body validators (Ajv standalone code, no eval in the browser). Each
 * operation with parameters gets one schema: an object whose properties are its
 * parameters (each a `$ref` to the parameter's own schema in the document) and
 * whose `required` lists the required ones. The schemas are added to a copy of
 * the document under a private key, so `$ref`s resolve in the same Ajv
 * instance as everything else.
 */
import {operationId as anchorOperationId} from '../anchors';
import type {ValidatorTarget} from '../validator/targets';
import {atPointer, escapePointerSegment, follow} from '../validator/targets';

type JsonObject = Record<string, unknown>;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Where the generated parameter schemas live in the document copy. */
export const PARAMETER_SCHEMAS_KEY = 'x-request-builder-parameters';

/** The validator target of an operation's parameters (its file: `restparams-<operationId>.js`). */
export function parametersTarget(operationId: string): string {
  return `rest-params:${operationId}`;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of the OpenAPI document with one parameters schema per operation, and
 * the validator targets pointing at them.
 */
export function withParameterSchemas(openapi: JsonObject): {
  document: JsonObject;
  targets: ValidatorTarget[];
} {
  const document = structuredClone(openapi);
  const schemas: JsonObject = {};
  const targets: ValidatorTarget[] = [];
  const dialect = /^3\.0(\.|$)/.test(String(openapi.openapi ?? '')) ? 'openapi-3.0' : '2020-12';
  const paths = isObject(openapi.paths) ? openapi.paths : {};
  for (const pathKey of Object.keys(paths)) {
    const pathItem = follow(openapi, `/paths/${escapePointerSegment(pathKey)}`);
    if (!isObject(pathItem.node)) continue;
    for (const method of HTTP_METHODS) {
      const opPointer = `${pathItem.pointer}/${method}`;
      const operation = atPointer(openapi, opPointer);
      if (!isObject(operation)) continue;
      // Path-level parameters, then the operation's (which win for the same name and location).
      const merged = new Map<string, {name: string; required: boolean; schemaPointer: string}>();
      for (const holder of [pathItem.pointer, opPointer]) {
        const list = atPointer(openapi, `${holder}/parameters`);
        if (!Array.isArray(list)) continue;
        list.forEach((_item, index) => {
          const located = follow(openapi, `${holder}/parameters/${index}`);
          const param = located.node;
          if (!isObject(param) || typeof param.name !== 'string') return;
          const location = String(param.in ?? 'query');
          let schemaPointer = `${located.pointer}/schema`;
          if (param.schema === undefined && isObject(param.content)) {
            const media = Object.keys(param.content)[0];
            if (media === undefined) return;
            schemaPointer = `${located.pointer}/content/${escapePointerSegment(media)}/schema`;
          } else if (param.schema === undefined) return;
          merged.set(`${location}:${param.name}`, {
            name: param.name,
            required: param.required === true || location === 'path',
            schemaPointer,
          });
        });
      }
      if (merged.size === 0) continue;
      const id = anchorOperationId(
        typeof operation.operationId === 'string' ? operation.operationId : undefined,
        method,
        pathKey,
      );
      const properties: JsonObject = {};
      const required: string[] = [];
      for (const {name, required: isRequired, schemaPointer} of merged.values()) {
        if (name in properties) continue;
        properties[name] = {$ref: `#${schemaPointer.split('/').map(encodeURIComponent).join('/')}`};
        if (isRequired) required.push(name);
      }
      schemas[id] = {type: 'object', properties, required};
      targets.push({
        target: parametersTarget(id),
        label: `parameters of ${method.toUpperCase()} ${pathKey}`,
        document: 'openapi',
        pointer: `/${PARAMETER_SCHEMAS_KEY}/${escapePointerSegment(id)}`,
        dialect,
      });
    }
  }
  document[PARAMETER_SCHEMAS_KEY] = schemas;
  return {document, targets};
}
