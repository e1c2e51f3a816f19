/**
 * Build step of the request builder: writes one form model per operation and
 * per sent message into the plugin's data folder (`builders/<file>.json`, the
 * validator's file name with .json), which the browser imports lazily when a
 * reader opens "Build request". Nothing of it is in the page's data.
 */
import {readdir, rm} from 'node:fs/promises';
import path from 'node:path';
import {validatorFileName} from '../../../src/components/ApiReference/Validator/naming';
import type {Json} from '../json';
import type {RestModel, WsModel} from '../types';
import {buildRestBuilders, buildWsBuilders} from './model';
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

export async function emitBuilders(
  actions: {createData: (name: string, data: string) => Promise<string>},
  builders: BuilderModel[],
): Promise<void> {
  let folder: string | undefined;
  for (const model of builders)
    folder = path.dirname(
      await actions.createData(`${BUILDERS_DIR}/${builderFileName(model.target)}`, JSON.stringify(model)),
    );
  // Models of operations that no longer exist would still be bundled: remove them.
  if (folder === undefined) return;
  const keep = new Set(builders.map((model) => builderFileName(model.target)));
  const files = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(
    files
      .filter((file) => file.endsWith('.json') && !keep.has(file))
      .map((file) => rm(path.join(folder, file), {force: true})),
  );
}
