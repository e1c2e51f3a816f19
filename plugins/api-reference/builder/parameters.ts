/**
 * Parameter validators for the request builder, compiled at build time like
 * the body validators (Ajv standalone code, no eval in the browser). Each
 * operation with parameters gets one schema: an object whose properties are its
 * parameters (each a `$ref` to the parameter's own schema in the document) and
 * whose `required` lists the required ones. The schemas are added to a copy of
 * the document under a private key, so `$ref`s resolve in the same Ajv
 * instance as everything else.
 */
import {operationId as anchorOperationId} from '../client/anchors';
import {parametersTarget} from '../client/validators';
import type {ValidatorTarget} from '../validator/targets';
import {
  atPointer,
  derefAt,
  escapePointerToken,
  isObject,
  mergeParameters,
  parameterKey,
  pathItemOperations,
  type JsonObject,
  type ParsedDocument,
} from '../document';

/** Where the generated parameter schemas live in the document copy. */
export const PARAMETER_SCHEMAS_KEY = 'x-request-builder-parameters';

/**
 * A copy of the OpenAPI document with one parameters schema per operation, and
 * the validator targets pointing at them.
 */
export function withParameterSchemas(openapi: ParsedDocument): {
  document: Record<string, unknown>;
  targets: ValidatorTarget[];
} {
  const document: Record<string, unknown> = structuredClone(openapi);
  const schemas: JsonObject = {};
  const targets: ValidatorTarget[] = [];
  const dialect = /^3\.0(\.|$)/.test(String(openapi.openapi ?? '')) ? 'openapi-3.0' : '2020-12';
  const paths = isObject(openapi.paths) ? openapi.paths : {};
  for (const pathKey of Object.keys(paths)) {
    const pathItem = derefAt(openapi, `/paths/${escapePointerToken(pathKey)}`);
    if (!isObject(pathItem.node)) continue;
    for (const {method, at, operation} of pathItemOperations(pathItem.node)) {
      const opPointer = `${pathItem.pointer}${at}`;
      // Path-level parameters, then the operation's (which win for the same name and location).
      const located = [pathItem.pointer, opPointer].flatMap((holder) => {
        const list = atPointer(openapi, `${holder}/parameters`);
        return Array.isArray(list)
          ? list.map((_item, index) => derefAt(openapi, `${holder}/parameters/${index}`))
          : [];
      });
      const merged = mergeParameters(
        located.flatMap(({node: param, pointer}) => {
          if (!isObject(param) || typeof param.name !== 'string') return [];
          const location = String(param.in ?? 'query');
          let schemaPointer = `${pointer}/schema`;
          if (param.schema === undefined && isObject(param.content)) {
            const media = Object.keys(param.content)[0];
            if (media === undefined) return [];
            schemaPointer = `${pointer}/content/${escapePointerToken(media)}/schema`;
          } else if (param.schema === undefined) return [];
          return [
            {
              name: param.name,
              in: location,
              required: param.required === true || location === 'path',
              schemaPointer,
            },
          ];
        }),
        parameterKey,
      );
      if (merged.length === 0) continue;
      const id = anchorOperationId(
        typeof operation.operationId === 'string' ? operation.operationId : undefined,
        method,
        pathKey,
      );
      const properties: JsonObject = {};
      const required: string[] = [];
      for (const {name, required: isRequired, schemaPointer} of merged) {
        if (name in properties) continue;
        properties[name] = {$ref: `#${schemaPointer.split('/').map(encodeURIComponent).join('/')}`};
        if (isRequired) required.push(name);
      }
      schemas[id] = {type: 'object', properties, required};
      targets.push({
        target: parametersTarget(id),
        label: `parameters of ${method.toUpperCase()} ${pathKey}`,
        document: 'openapi',
        pointer: `/${PARAMETER_SCHEMAS_KEY}/${escapePointerToken(id)}`,
        dialect,
      });
    }
  }
  document[PARAMETER_SCHEMAS_KEY] = schemas;
  return {document, targets};
}
