/**
 * The releases plugin: the history of the API documents, /version-history, its Atom feed and its
 * JSON file. A peer of the api-reference plugin, one direction per phase:
 * - `loadContent` computes the changes from specs/releases and the working documents (load.ts):
 *   documents in, changes and the marks the references should carry out;
 * - the api-reference plugin, in its `allContentLoaded`, reads those marks and places them on its
 *   models (plugins/api-reference/marks.ts); this plugin never writes into them;
 * - this plugin's `allContentLoaded` links each change to the reference's anchors and registers
 *   the page; `postBuild` writes the feeds from the same view.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {anchorsFromAllContent, referenceAnchorsFromAllContent} from '../api-reference/content';
import {generatedModule} from '../api-reference/generated';
import {absoluteSpecPaths} from '../api-reference/identity';
import type {OptionValidationContext} from '@docusaurus/types';
import {normalizeOptions, type PluginOptions as DocumentOptions} from '../api-reference/options';
import {renderReleasesOption, type RenderReleases} from './references';
import {HISTORY_ROUTE, NEXT_ID} from './client/routes';
import {
  HISTORY_DATA,
  historyFor,
  loadReleases,
  releasesDirFor,
  writeHistoryFeeds,
  type ReleasesContent,
} from './load';
import type {HistoryView, VersionHistoryProps} from './view';
import {SINCE_MARKS_DATA, sinceMarks} from './since';

export type {ReleasesContent} from './load';

/** The plugin's name, and its key in Docusaurus's content of all plugins. */
export const RELEASES_PLUGIN = 'releases';
export type ReleasesPluginName = typeof RELEASES_PLUGIN;

/** The page component, a theme slot that src/theme/VersionHistory fills. */
export const VERSION_HISTORY_COMPONENT = '@theme/VersionHistory';

/** The route's modules: one data file per prop of the page, so route data and props cannot drift. */
export type VersionHistoryModules = Record<keyof VersionHistoryProps, string>;

/** The documents (as the api-reference plugin takes them) and which older releases get a reference. */
export interface PluginOptions {
  specPaths: DocumentOptions['specPaths'];
  id: string;
  renderReleases: RenderReleases;
}

export function validateOptions({options}: OptionValidationContext<unknown, PluginOptions>): PluginOptions {
  const {renderReleases, ...rest} = (options ?? {}) as Record<string, unknown>;
  const documents = normalizeOptions(rest, RELEASES_PLUGIN);
  return {
    specPaths: documents.specPaths,
    id: documents.id,
    renderReleases: renderReleasesOption(renderReleases),
  };
}

export default function releasesPlugin(
  context: LoadContext,
  options: PluginOptions,
): Plugin<ReleasesContent> {
  const specPaths = absoluteSpecPaths(context.siteDir, options.specPaths);
  /** The view of this build, made in allContentLoaded and written as feeds in postBuild. */
  let view: HistoryView | undefined;
  return {
    name: RELEASES_PLUGIN,

    getPathsToWatch() {
      const dir = releasesDirFor(specPaths);
      return dir === null ? [] : [`${dir}/**/*.yaml`];
    },

    async loadContent() {
      return loadReleases(specPaths, options.renderReleases);
    },

    async allContentLoaded({allContent, actions}) {
      const content = allContent[RELEASES_PLUGIN]?.default as ReleasesContent;
      view = historyFor(
        content,
        anchorsFromAllContent(allContent, RELEASES_PLUGIN),
        referenceAnchorsFromAllContent(allContent, NEXT_ID),
      );
      const modules: VersionHistoryModules = {
        releases: generatedModule(
          context.generatedFilesDir,
          await actions.createData(HISTORY_DATA, JSON.stringify(view)),
        ),
      };
      // `?since=` on the references: loaded by a lazy chunk only when the reader asks (src/components/ApiReference/Since).
      await actions.createData(SINCE_MARKS_DATA, JSON.stringify(sinceMarks(view)));
      actions.addRoute({path: HISTORY_ROUTE, component: VERSION_HISTORY_COMPONENT, modules, exact: true});
    },

    async postBuild({outDir, siteConfig, content}) {
      if (view === undefined) throw new Error(`[${RELEASES_PLUGIN}] postBuild ran before allContentLoaded`);
      await writeHistoryFeeds(outDir, siteConfig, {history: view, identity: content.identity});
    },
  };
}
