/**
 * The releases plugin, wired the Docusaurus way: it takes the history the api-reference plugin
 * computed from Docusaurus's content of all plugins, registers /version-history with one data
 * module per page prop, and fails the build (naming the fix) when there is no history.
 */
import type {
  AllContent,
  LoadContext,
  LoadedPlugin,
  Plugin,
  PluginContentLoadedActions,
  RouteConfig,
} from '@docusaurus/types';
import {describe, expect, it} from 'vitest';
import releasesPlugin, {historyFromPlugins, VERSION_HISTORY_COMPONENT} from '../../../plugins/releases/index';
import {historyView} from '../../../plugins/releases/view';

const history = historyView([], {rest: new Set(), ws: new Set()});
const content = {history, identity: {title: 'Trading API', contactEmail: 'api@example.com'}};

/** Where Docusaurus writes this plugin's data: createData returns the absolute path of the file. */
const GENERATED = '/site/.docusaurus';
const context = {generatedFilesDir: GENERATED} as LoadContext;

function actions(routes: RouteConfig[], data: Map<string, string>): PluginContentLoadedActions {
  return {
    addRoute: (route: RouteConfig) => void routes.push(route),
    createData: async (name: string, value: string) => {
      data.set(name, value);
      return `${GENERATED}/releases/default/${name}`;
    },
    setGlobalData: () => undefined,
  } as PluginContentLoadedActions;
}

describe('releases plugin', () => {
  it('registers /version-history with the history as its `releases` module', async () => {
    const plugin = releasesPlugin(context) as Plugin;
    const routes: RouteConfig[] = [];
    const data = new Map<string, string>();
    const allContent = {'api-reference': {default: content}} as unknown as AllContent;
    await plugin.allContentLoaded?.({allContent, actions: actions(routes, data)});
    expect(routes).toEqual([
      {
        path: '/version-history',
        component: VERSION_HISTORY_COMPONENT,
        // Aliased, not the absolute path: module paths are written into the shipped bundle.
        modules: {releases: '@generated/releases/default/version-history.json'},
        exact: true,
      },
    ]);
    expect(JSON.parse(data.get('version-history.json') ?? '{}')).toEqual(JSON.parse(JSON.stringify(history)));
  });

  it('fails loudly, naming the fix, when the api-reference plugin computed no history', async () => {
    const plugin = releasesPlugin(context) as Plugin;
    const allContent = {} as AllContent;
    await expect(
      Promise.resolve().then(() => plugin.allContentLoaded?.({allContent, actions: actions([], new Map())})),
    ).rejects.toThrow(
      /no history from the api-reference plugin: list \['\.\/plugins\/api-reference\/index\.ts'/,
    );
    expect(() => historyFromPlugins([] as LoadedPlugin[])).toThrow(
      /no history from the api-reference plugin/,
    );
    const found = historyFromPlugins([
      {name: 'api-reference', options: {id: 'default'}, content} as unknown as LoadedPlugin,
    ]);
    expect(found.identity.contactEmail).toBe('api@example.com');
  });
});
