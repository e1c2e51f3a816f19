/**
 * Build step of the request builder: writes one form model per operation and
 * per sent message into the plugin's data folder (`builders/<file>.json`, the
 * validator's file name with .json), which the browser imports lazily when a
 * reader opens "Build request". Nothing of it is in the page's data.
 */
import {readdir, rm} from 'node:fs/promises';
import path from 'node:path';
import {validatorFileName} from '../client/validators';
import type {Json} from '../document';
import type {RestModel, WsModel} from '../types';
import {DocumentCompiler} from '../validator/compile';
import {buildRestBuilders, buildWsBuilders} from './model';
import {withParameterSchemas} from './parameters';
import type {BuilderModel} from './types';

export const BUILDERS_DIR = 'builders';

export function builderFileName(target: string): string {
  return validatorFileName(target).replace(/\.js$/, '.json');
}

export function buildBuilders(
  documents: {openapi: Json; asyncapi: Json | null},
  models: {rest: RestModel; ws: WsModel},
): BuilderModel[] {
  return [
    ...buildRestBuilders(documents.openapi, models.rest),
    ...(documents.asyncapi === null ? [] : buildWsBuilders(documents.asyncapi, models.ws)),
  ];
}

/**
 * The parameter validators, compiled with the payload validator's compiler
 * (Ajv standalone code, checked to load and evaluate nothing). They are written
 * beside the form models rather than with the payload validators: all of the
 * builder's data then makes one lazy chunk, so the builder adds two entries
 * (not thirty) to the chunk map every page's runtime carries.
 */
export function compileParameterValidators(
  openapi: Record<string, unknown>,
): Array<{target: string; file: string; status: 'ready' | 'unavailable'; source: string}> {
  const {document, targets} = withParameterSchemas(openapi);
  const compiler = new DocumentCompiler('openapi', document, targets);
  return targets.map((target) => {
    const compiled = compiler.compile(target);
    return {
      target: target.target,
      file: validatorFileName(target.target),
      status: compiled.status,
      source: compiled.source,
    };
  });
}

export async function emitBuilders(
  actions: {createData: (name: string, data: string) => Promise<string>},
  builders: BuilderModel[],
  openapi: Record<string, unknown>,
): Promise<void> {
  let folder: string | undefined;
  const files: string[] = [];
  for (const model of builders) {
    const file = builderFileName(model.target);
    files.push(file);
    folder = path.dirname(await actions.createData(`${BUILDERS_DIR}/${file}`, JSON.stringify(model)));
  }
  for (const {file, source} of compileParameterValidators(openapi)) {
    files.push(file);
    folder = path.dirname(await actions.createData(`${BUILDERS_DIR}/${file}`, source));
  }
  // Files of operations that no longer exist would still be bundled: remove them.
  if (folder === undefined) return;
  const keep = new Set(files);
  const present = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    present
      .filter((file) => /\.(json|js)$/.test(file) && !keep.has(file))
      .map((file) => rm(path.join(folder, file), {force: true})),
  );
}
