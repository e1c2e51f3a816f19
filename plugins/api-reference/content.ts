/**
 * The documents the api-reference plugin loaded in this build, for the plugins that run
 * after it. Docusaurus hands every plugin's loaded content to `allContentLoaded` (the licences
 * page, before bundling) and to `postBuild` (the machine-readable files, after the build): the
 * documents are loaded and checked once, in the api-reference plugin's `loadContent`, and a
 * rebuild in `npm start` hands the new ones over the same way.
 *
 * A consumer that finds none fails the build: it means the api-reference plugin did not run
 * (left out of docusaurus.config.ts, or renamed), and loading the files a second time would hide
 * that and could publish documents other than the ones the pages show.
 */
import type {AllContent, LoadedPlugin} from '@docusaurus/types';
import type {JsonObject} from './document';

/** The api-reference plugin's name (and so its key in Docusaurus's content of all plugins). */
export const API_REFERENCE_PLUGIN = 'api-reference';

export interface LoadedDocuments {
  readonly openapi: JsonObject;
  readonly asyncapi: JsonObject;
}

function documentsOf(content: unknown, consumer: string): LoadedDocuments {
  const documents = (content as {documents?: Partial<LoadedDocuments>} | undefined)?.documents;
  if (documents?.openapi === undefined || documents.asyncapi === undefined) {
    throw new Error(
      `[${consumer}] this build has no API documents from the ${API_REFERENCE_PLUGIN} plugin: list ['./plugins/api-reference/index.ts', {specPaths}] among the plugins of docusaurus.config.ts.`,
    );
  }
  return {openapi: documents.openapi, asyncapi: documents.asyncapi};
}

/** From `allContentLoaded({allContent})`. */
export function documentsFromAllContent(allContent: AllContent, consumer: string): LoadedDocuments {
  return documentsOf(allContent[API_REFERENCE_PLUGIN]?.default, consumer);
}

/** From `postBuild({plugins})`. */
export function documentsFromPlugins(plugins: readonly LoadedPlugin[], consumer: string): LoadedDocuments {
  const plugin = plugins.find(
    (p) => p.name === API_REFERENCE_PLUGIN && (p.options.id ?? 'default') === 'default',
  );
  return documentsOf(plugin?.content, consumer);
}

/** The element ids each reference page has: where links into the references can land. */
export interface ReferenceAnchors {
  readonly rest: ReadonlySet<string>;
  readonly ws: ReadonlySet<string>;
}

/** From `allContentLoaded({allContent})`: the anchors of the references the api-reference plugin built. */
export function anchorsFromAllContent(allContent: AllContent, consumer: string): ReferenceAnchors {
  const anchors = (allContent[API_REFERENCE_PLUGIN]?.default as {anchors?: ReferenceAnchors} | undefined)
    ?.anchors;
  if (anchors === undefined)
    throw new Error(
      `[${consumer}] this build has no references from the ${API_REFERENCE_PLUGIN} plugin: list ['./plugins/api-reference/index.ts', {specPaths}] among the plugins of docusaurus.config.ts.`,
    );
  return anchors;
}

/** The anchors of another reference the api-reference plugin built (`next`, a version), with its routes; undefined when none. */
export function referenceAnchorsFromAllContent(
  allContent: AllContent,
  id: string,
): (ReferenceAnchors & {routes: {rest: string; ws: string}}) | undefined {
  const references = (
    allContent[API_REFERENCE_PLUGIN]?.default as
      | {
          references?: Array<{
            option: {id: string; routes: {rest: string; ws: string}};
            anchors: ReferenceAnchors;
          }>;
        }
      | undefined
  )?.references;
  const found = references?.find((r) => r.option.id === id);
  return found === undefined
    ? undefined
    : {...found.anchors, routes: {rest: found.option.routes.rest, ws: found.option.routes.ws}};
}
