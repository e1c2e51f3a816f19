/**
 * The session checker's validators, compiled by the payload validator's compiler
 * (plugins/api-reference/validator: one prepared document, Ajv standalone code, no eval) so that
 * a frame is judged exactly as the reference pane judges a pasted payload. Besides what the pane
 * checks (what the reader sends), a session needs what the server sends: every message of every
 * channel, and each REST response body, compiled from the document's response side
 * (responseSide.ts: read-only fields required as written, write-only ones not). Parameter
 * validators are the request builder's.
 */
import {compileParameterValidators} from '../api-reference/builder';
import {validatorFileName, wsTarget} from '../api-reference/client/validators';
import type {JsonObject} from '../api-reference/document';
import {DocumentCompiler} from '../api-reference/validator/compile';
import {
  openApiDialect,
  openApiTargets,
  payloadSchemaAt,
  type ValidatorTarget,
} from '../api-reference/validator/targets';
import {listChannels} from '../api-reference/asyncapi/model';
import {escapePointerToken, derefAt} from '../api-reference/document';
import {responseSchemaPointers} from './model';
import {responseSide} from './responseSide';

export interface CompiledSource {
  target: string;
  file: string;
  status: 'ready' | 'unavailable';
  source: string;
}

/** Every message of every channel, once per name. */
function messageTargets(asyncapi: JsonObject): ValidatorTarget[] {
  const seen = new Set<string>();
  const targets: ValidatorTarget[] = [];
  for (const channel of listChannels(asyncapi))
    for (const {key, name} of channel.messages) {
      if (seen.has(name)) continue;
      seen.add(name);
      const messagePointer = derefAt(
        asyncapi,
        `/channels/${escapePointerToken(channel.key)}/messages/${escapePointerToken(key)}`,
      ).pointer;
      targets.push({
        target: wsTarget(name),
        label: name,
        document: 'asyncapi',
        ...payloadSchemaAt(asyncapi, `${messagePointer}/payload`),
      });
    }
  return targets;
}

function responseTargets(openapi: JsonObject): ValidatorTarget[] {
  const dialect = openApiDialect(openapi);
  return [...responseSchemaPointers(openapi)].map(([target, pointer]) => ({
    target,
    label: target,
    document: 'openapi' as const,
    pointer,
    dialect,
  }));
}

export function compileSessionValidators(documents: {
  openapi: JsonObject;
  asyncapi: JsonObject;
}): CompiledSource[] {
  const out: CompiledSource[] = [];
  const compileAll = (
    kind: 'openapi' | 'asyncapi',
    document: JsonObject,
    targets: ValidatorTarget[],
  ): void => {
    const compiler = new DocumentCompiler(kind, document, targets);
    for (const target of targets) {
      const compiled = compiler.compile(target);
      out.push({
        target: target.target,
        file: validatorFileName(target.target),
        status: compiled.status,
        source: compiled.source,
      });
    }
  };
  compileAll('asyncapi', documents.asyncapi, messageTargets(documents.asyncapi));
  compileAll(
    'openapi',
    documents.openapi,
    openApiTargets(documents.openapi).filter((t) => t.pointer !== null),
  );
  // Response bodies are what the server returns: compiled from the document's response side.
  const responses = responseTargets(documents.openapi);
  compileAll(
    'openapi',
    responseSide(
      documents.openapi,
      responses.flatMap((t) => (t.pointer !== null ? [t.pointer] : [])),
    ),
    responses,
  );
  for (const compiled of compileParameterValidators(documents.openapi)) out.push(compiled);
  return out;
}
