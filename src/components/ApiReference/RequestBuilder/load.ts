/**
 * Loads one form model (written at build time by plugins/api-reference/builder)
 * as its own lazy chunk, the way the validators are loaded (see
 * ../Validator/load.ts for why a webpack context rather than `import()` with a
 * variable).
 */
import type {BuilderModel} from '@site/plugins/api-reference/builder/types';
import {validatorFileName} from '../Validator/naming';

interface LazyContext {
  keys(): string[];
  (key: string): Promise<unknown>;
}

function builders(): LazyContext {
  return import.meta.webpackContext('@generated/api-reference/default/builders', {
    recursive: false,
    regExp: /\.json$/,
    mode: 'lazy',
    chunkName: 'builder-[request]',
  });
}

export async function loadBuilderModel(target: string): Promise<BuilderModel> {
  const key = `./${validatorFileName(target).replace(/\.js$/, '.json')}`;
  const context = builders();
  if (!context.keys().includes(key)) throw new Error(`no form was generated for ${target}`);
  const module = (await context(key)) as {default?: BuilderModel} & Partial<BuilderModel>;
  return (module.default ?? module) as BuilderModel;
}
