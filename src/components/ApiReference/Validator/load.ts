/**
 * Loads one compiled validator. `import.meta.webpackContext` in lazy mode makes
 * one chunk per generated module (`validator-<file>`), fetched the first time it
 * is needed, on the page or inside the validation worker. It is used instead of a
 * dynamic `import()` with a variable part because the server build's Babel turns
 * such imports into `require(variable)`, which webpack cannot resolve.
 */
import type {CompiledValidator} from './core';

export type LoadedValidator = {ok: true; validate: CompiledValidator} | {ok: false; reason: string};

interface LazyContext {
  keys(): string[];
  (key: string): Promise<unknown>;
}

declare global {
  interface ImportMeta {
    /** webpack 5: a context module over a folder (https://webpack.js.org/api/module-variables/#importmetawebpackcontext). */
    webpackContext(
      request: string,
      options: {recursive: boolean; regExp: RegExp; mode: 'lazy'; chunkName: string},
    ): LazyContext;
  }
}

function validators(): LazyContext {
  return import.meta.webpackContext('@generated/api-reference/default/validators', {
    recursive: false,
    regExp: /\.js$/,
    mode: 'lazy',
    chunkName: 'validator-[request]',
  });
}

function isValidator(value: unknown): value is CompiledValidator {
  return typeof value === 'function';
}

export async function loadValidator(file: string): Promise<LoadedValidator> {
  const key = `./${file}`;
  let module: {validate?: unknown; unavailable?: unknown};
  try {
    const context = validators();
    if (!context.keys().includes(key))
      return {ok: false, reason: 'no validator was generated for this payload'};
    module = (await context(key)) as {validate?: unknown; unavailable?: unknown};
  } catch (error) {
    return {ok: false, reason: `its code could not be loaded (${(error as Error).message})`};
  }
  if (typeof module.unavailable === 'string') return {ok: false, reason: module.unavailable};
  if (!isValidator(module.validate)) return {ok: false, reason: 'the generated module has no validator'};
  return {ok: true, validate: module.validate};
}
