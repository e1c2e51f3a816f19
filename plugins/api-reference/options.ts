/**
 * The plugin's options, checked when Docusaurus loads the config (its
 * `validateOptions` hook): a wrong or missing option fails the build at once,
 * naming the option, instead of failing later while the documents load.
 */
import type {OptionValidationContext} from '@docusaurus/types';
import type {SpecPaths} from './identity';
import {isObject} from './document';

export interface PluginOptions {
  /**
   * Paths of the two API documents, relative to the site directory (or absolute); the plugin
   * resolves them against it (docusaurus.config.ts: resolveSpecPaths, siteRelativeSpecPaths).
   */
  specPaths: SpecPaths;
  /** The plugin instance id ('default' when the config gives none): names its data folder. */
  id: string;
}

/** The options as the plugin uses them; throws naming the first option that is wrong. */
export function normalizeOptions(raw: unknown, plugin = 'api-reference'): PluginOptions {
  const where = `${plugin} plugin options`;
  if (!isObject(raw)) throw new Error(`${where}: expected an object, got ${JSON.stringify(raw)}`);
  const known = new Set(['specPaths', 'id']);
  const unknown = Object.keys(raw).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`${where}: unknown option(s) ${unknown.join(', ')}`);
  const specPaths = raw.specPaths;
  if (!isObject(specPaths)) throw new Error(`${where}: \`specPaths\` must be {openapi, asyncapi}`);
  for (const key of ['openapi', 'asyncapi'] as const) {
    const value = specPaths[key];
    if (typeof value !== 'string' || value === '')
      throw new Error(`${where}: \`specPaths.${key}\` must be the path of the ${key} document`);
  }
  return {
    specPaths: {openapi: specPaths.openapi as string, asyncapi: specPaths.asyncapi as string},
    // Docusaurus keys the plugin's data folder by it; its own validation would default it the same way.
    id: typeof raw.id === 'string' && raw.id !== '' ? raw.id : 'default',
  };
}

/** Docusaurus calls this with the options given in docusaurus.config.ts. */
export function validateOptions({options}: OptionValidationContext<unknown, PluginOptions>): PluginOptions {
  return normalizeOptions(options);
}

/** The same check for another plugin that reads the documents (plugins/releases), naming it. */
export function optionsValidatorFor(
  plugin: string,
): (context: OptionValidationContext<unknown, PluginOptions>) => PluginOptions {
  return ({options}) => normalizeOptions(options, plugin);
}
