/**
 * Loads one compiled validator through the loaders the build writes beside them
 * (plugins/api-reference/validator/index.ts, `validatorLoaders`): one chunk per validator
 * (`validator-<file>`), fetched the first time it is needed, on the page or inside the validation
 * worker.
 */
import loaders from '@generated/api-reference/default/validators/loaders.js';
import type {CompiledValidator} from './core';

export type LoadedValidator = {ok: true; validate: CompiledValidator} | {ok: false; reason: string};

function isValidator(value: unknown): value is CompiledValidator {
  return typeof value === 'function';
}

export async function loadValidator(file: string): Promise<LoadedValidator> {
  const load = Object.prototype.hasOwnProperty.call(loaders, file) ? loaders[file] : undefined;
  if (load === undefined) return {ok: false, reason: 'no validator was generated for this payload'};
  let module: {validate?: unknown; unavailable?: unknown};
  try {
    module = (await load()) as {validate?: unknown; unavailable?: unknown};
  } catch (error) {
    return {ok: false, reason: `its code could not be loaded (${(error as Error).message})`};
  }
  if (typeof module.unavailable === 'string') return {ok: false, reason: module.unavailable};
  if (!isValidator(module.validate)) return {ok: false, reason: 'the generated module has no validator'};
  return {ok: true, validate: module.validate};
}
