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
  /**
   * Other references to render besides the current one (older releases, the upcoming one), each
   * at its own routes; docusaurus.config.ts reads them from the releases folder
   * (plugins/releases/references.ts). Paths relative to the site directory, like specPaths.
   */
  references: ReferenceOption[];
}

/** One more reference: what its banner and switcher say, where it lives and which documents it shows. */
export interface ReferenceOption {
  /** The URL segment: a version, or `next`. */
  id: string;
  version: string;
  kind: 'release' | 'next';
  date: string | null;
  specPaths: SpecPaths;
  routes: {base: string; rest: string; ws: string; openapi: string; asyncapi: string};
}

function referenceOption(raw: unknown, where: string): ReferenceOption {
  const bad = (what: string): Error =>
    new Error(`${where}: \`references\` ${what}, got ${JSON.stringify(raw)}`);
  if (!isObject(raw)) throw bad('must list objects');
  const {id, version, kind, date, specPaths, routes} = raw;
  if (typeof id !== 'string' || !/^[0-9A-Za-z.+-]+$/.test(id)) throw bad('needs an `id` (a version or next)');
  if (typeof version !== 'string') throw bad('needs a `version`');
  if (kind !== 'release' && kind !== 'next') throw bad('needs a `kind` of release or next');
  if (date !== null && typeof date !== 'string') throw bad('needs a `date` (YYYY-MM-DD or null)');
  if (!isObject(specPaths) || typeof specPaths.openapi !== 'string' || typeof specPaths.asyncapi !== 'string')
    throw bad('needs `specPaths` {openapi, asyncapi}');
  const keys = ['base', 'rest', 'ws', 'openapi', 'asyncapi'] as const;
  if (!isObject(routes) || keys.some((k) => typeof routes[k] !== 'string'))
    throw bad(`needs \`routes\` {${keys.join(', ')}}`);
  return {
    id,
    version,
    kind,
    date,
    specPaths: {openapi: specPaths.openapi, asyncapi: specPaths.asyncapi},
    routes: Object.fromEntries(keys.map((k) => [k, routes[k] as string])) as ReferenceOption['routes'],
  };
}

/** The options as the plugin uses them; throws naming the first option that is wrong. */
export function normalizeOptions(raw: unknown, plugin = 'api-reference'): PluginOptions {
  const where = `${plugin} plugin options`;
  if (!isObject(raw)) throw new Error(`${where}: expected an object, got ${JSON.stringify(raw)}`);
  const known = new Set(['specPaths', 'id', 'references']);
  const unknown = Object.keys(raw).filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`${where}: unknown option(s) ${unknown.join(', ')}`);
  const specPaths = raw.specPaths;
  if (!isObject(specPaths)) throw new Error(`${where}: \`specPaths\` must be {openapi, asyncapi}`);
  for (const key of ['openapi', 'asyncapi'] as const) {
    const value = specPaths[key];
    if (typeof value !== 'string' || value === '')
      throw new Error(`${where}: \`specPaths.${key}\` must be the path of the ${key} document`);
  }
  if (raw.references !== undefined && !Array.isArray(raw.references))
    throw new Error(`${where}: \`references\` must be a list`);
  return {
    specPaths: {openapi: specPaths.openapi as string, asyncapi: specPaths.asyncapi as string},
    references: ((raw.references as unknown[] | undefined) ?? []).map((r) => referenceOption(r, where)),
    // Docusaurus keys the plugin's data folder by it; its own validation would default it the same way.
    id: typeof raw.id === 'string' && raw.id !== '' ? raw.id : 'default',
  };
}

/** Docusaurus calls this with the options given in docusaurus.config.ts. */
export function validateOptions({options}: OptionValidationContext<unknown, PluginOptions>): PluginOptions {
  return normalizeOptions(options);
}
