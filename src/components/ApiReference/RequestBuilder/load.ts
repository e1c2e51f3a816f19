/**
 * Loads the builder's data written at build time by plugins/api-reference/builder:
 * the form model of an operation or message (`<file>.json`) and the parameter
 * validators (`restparams-<operationId>.js`, standalone Ajv code). One context in
 * "lazy-once" mode puts all of it in a single chunk, fetched the first time a
 * reader opens a builder: one entry in the chunk map of every page's runtime
 * instead of one per file (the bundler names it by number: Rspack ignores a
 * context's chunk name).
 */
import type {BuilderModel} from '@site/plugins/api-reference/builder/types';
import type {CompiledValidator} from '../Validator/core';
import type {LoadedValidator} from '../Validator/load';
import {validatorFileName} from '@site/plugins/api-reference/client/validators';

interface LazyContext {
  keys(): string[];
  (key: string): Promise<unknown>;
}

declare global {
  interface ImportMeta {
    /** A bundler context in lazy-once mode: every module of the folder in one chunk (webpack's and Rspack's `import.meta.webpackContext`). */
    webpackContext(
      request: string,
      options: {recursive: boolean; regExp: RegExp; mode: 'lazy-once'; chunkName: string},
    ): LazyContext;
  }
}

function data(): LazyContext {
  return import.meta.webpackContext('@generated/api-reference/default/builders', {
    recursive: false,
    regExp: /\.(json|js)$/,
    mode: 'lazy-once',
    chunkName: 'request-builder-data',
  });
}

export async function loadBuilderModel(target: string): Promise<BuilderModel> {
  const key = `./${validatorFileName(target).replace(/\.js$/, '.json')}`;
  const context = data();
  if (!context.keys().includes(key)) throw new Error(`no form was generated for ${target}`);
  const module = (await context(key)) as {default?: BuilderModel} & Partial<BuilderModel>;
  return (module.default ?? module) as BuilderModel;
}

export async function loadParameterValidator(file: string): Promise<LoadedValidator> {
  let module: {validate?: unknown; unavailable?: unknown};
  try {
    const context = data();
    if (!context.keys().includes(`./${file}`))
      return {ok: false, reason: 'no validator was generated for these parameters'};
    module = (await context(`./${file}`)) as {validate?: unknown; unavailable?: unknown};
  } catch (error) {
    return {ok: false, reason: `its code could not be loaded (${(error as Error).message})`};
  }
  if (typeof module.unavailable === 'string') return {ok: false, reason: module.unavailable};
  if (typeof module.validate !== 'function')
    return {ok: false, reason: 'the generated module has no validator'};
  return {ok: true, validate: module.validate as CompiledValidator};
}
