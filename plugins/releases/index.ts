/**
 * The releases plugin: /version-history, its Atom feed and its JSON file.
 *
 * The history is computed while the api-reference plugin loads its content (plugin.ts
 * `loadHistory`), because the "New in X" badges and deprecation marks must be on the reference
 * models before those pages are written. Docusaurus then hands every plugin's loaded content to
 * `allContentLoaded` (this plugin registers its route there) and to `postBuild` (it writes the
 * feeds there). A build without the api-reference plugin's history fails, naming the fix.
 */
import type {AllContent, LoadContext, LoadedPlugin, Plugin} from '@docusaurus/types';
import {API_REFERENCE_PLUGIN} from '../api-reference/content';
import {ROUTES} from '../api-reference/client/routes';
import {generatedModule} from '../api-reference/generated';
import {HISTORY_DATA, writeHistoryFeeds} from './plugin';
import type {HistoryView, VersionHistoryProps} from './view';

/** The page component, rendered with the route's modules as its props. */
export const VERSION_HISTORY_COMPONENT = '@site/src/components/VersionHistory/index.tsx';

/** The route's modules: one data file per prop of the page, so route data and props cannot drift. */
export type VersionHistoryModules = Record<keyof VersionHistoryProps, string>;

interface HistoryContent {
  history: HistoryView;
  identity: {title: string; contactEmail: string};
}

function historyOf(content: unknown): HistoryContent {
  const found = content as Partial<HistoryContent> | undefined;
  if (found?.history === undefined || found.identity === undefined) {
    throw new Error(
      `[releases] this build has no history from the ${API_REFERENCE_PLUGIN} plugin: list ['./plugins/api-reference/index.ts', {specPaths}] before './plugins/releases/index.ts' among the plugins of docusaurus.config.ts.`,
    );
  }
  return {history: found.history, identity: found.identity};
}

export function historyFromAllContent(allContent: AllContent): HistoryContent {
  return historyOf(allContent[API_REFERENCE_PLUGIN]?.default);
}

export function historyFromPlugins(plugins: readonly LoadedPlugin[]): HistoryContent {
  return historyOf(
    plugins.find((p) => p.name === API_REFERENCE_PLUGIN && (p.options.id ?? 'default') === 'default')
      ?.content,
  );
}

export default function releasesPlugin(context: LoadContext): Plugin {
  return {
    name: 'releases',

    async allContentLoaded({allContent, actions}) {
      const {history} = historyFromAllContent(allContent);
      const modules: VersionHistoryModules = {
        releases: generatedModule(
          context.generatedFilesDir,
          await actions.createData(HISTORY_DATA, JSON.stringify(history)),
        ),
      };
      actions.addRoute({
        path: ROUTES.versionHistory,
        component: VERSION_HISTORY_COMPONENT,
        modules,
        exact: true,
      });
    },

    async postBuild({outDir, siteConfig, plugins}) {
      await writeHistoryFeeds(outDir, siteConfig, historyFromPlugins(plugins));
    },
  };
}
