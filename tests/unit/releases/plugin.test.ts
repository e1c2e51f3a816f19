/**
 * The two peer plugins, wired the Docusaurus way: the releases plugin computes the history in its
 * own loadContent (documents in, changes out), registers /version-history with one data module
 * per page prop once the reference's anchors are known, and fails the build (naming the fix) when
 * there is no reference; the api-reference plugin places the history's marks on its own models.
 */
import path from 'node:path';
import type {
  AllContent,
  LoadContext,
  Plugin,
  PluginContentLoadedActions,
  RouteConfig,
} from '@docusaurus/types';
import {describe, expect, it} from 'vitest';
import releasesPlugin, {
  RELEASES_PLUGIN,
  validateOptions,
  VERSION_HISTORY_COMPONENT,
  type ReleasesContent,
} from '../../../plugins/releases/index';
import {historyFor} from '../../../plugins/releases/load';
import {placeReleaseMarks} from '../../../plugins/api-reference/marks';
import type {OptionValidationContext} from '@docusaurus/types';
import type {PluginOptions} from '../../../plugins/releases';

const ROOT = path.resolve(__dirname, '../../..');
const specPaths = {openapi: 'specs/openapi.yaml', asyncapi: 'specs/asyncapi.yaml'};

/** Where Docusaurus writes this plugin's data: createData returns the absolute path of the file. */
const GENERATED = '/site/.docusaurus';
const context = {generatedFilesDir: GENERATED, siteDir: ROOT} as LoadContext;

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

const anchors = {rest: new Set(['listOrders']), ws: new Set<string>()};

describe('releases plugin', () => {
  it('computes the history from specs/releases in its own loadContent', async () => {
    const plugin = releasesPlugin(context, {
      specPaths,
      id: 'default',
      renderReleases: 'all',
    }) as Plugin<ReleasesContent>;
    const content = await plugin.loadContent?.();
    expect(content).toBeDefined();
    if (content === undefined) return;
    const versions = content.entries.filter((e) => e.kind === 'release').map((e) => e.version);
    expect(versions).toEqual(['2.0.0']);
    // Its amendments are corrections of it, listed beside it.
    expect(content.entries.filter((e) => e.kind === 'amendment').length).toBeGreaterThan(0);
    // The working documents are the newest release: nothing behind, no unreleased entry.
    expect(content.behind).toBeNull();
    expect(content.identity.title).not.toBe('');
    // One release: nothing to compare it with, so no badges; marks are data, never written here.
    expect(content.marks.badges).toEqual([]);
  });

  it('registers /version-history with the history as its `releases` module', async () => {
    const plugin = releasesPlugin(context, {
      specPaths,
      id: 'default',
      renderReleases: 'all',
    }) as Plugin<ReleasesContent>;
    const content = (await plugin.loadContent?.()) as ReleasesContent;
    const routes: RouteConfig[] = [];
    const data = new Map<string, string>();
    const allContent = {
      [RELEASES_PLUGIN]: {default: content},
      'api-reference': {default: {anchors}},
    } as unknown as AllContent;
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
    expect(VERSION_HISTORY_COMPONENT).toBe('@theme/VersionHistory');
    expect(JSON.parse(data.get('version-history.json') ?? '{}')).toEqual(
      JSON.parse(JSON.stringify(historyFor(content, anchors))),
    );
  });

  it('fails loudly, naming the fix, when there is no api-reference plugin', async () => {
    const plugin = releasesPlugin(context, {
      specPaths,
      id: 'default',
      renderReleases: 'all',
    }) as Plugin<ReleasesContent>;
    const content = (await plugin.loadContent?.()) as ReleasesContent;
    const allContent = {[RELEASES_PLUGIN]: {default: content}} as unknown as AllContent;
    await expect(
      Promise.resolve().then(() => plugin.allContentLoaded?.({allContent, actions: actions([], new Map())})),
    ).rejects.toThrow(
      /\[releases\] this build has no references from the api-reference plugin: list \['\.\/plugins\/api-reference\/index\.ts'/,
    );
  });

  it('refuses options without the documents, naming this plugin', () => {
    const check = (options: unknown) =>
      validateOptions({options} as OptionValidationContext<unknown, PluginOptions>);
    expect(() => check({})).toThrow(/^releases plugin options: `specPaths` must be/);
    expect(check({specPaths}).id).toBe('default');
  });

  it("the api-reference plugin's placer writes a badge on the first candidate its model has", () => {
    const model = {
      operations: [
        {id: 'listOrders', method: 'get', responses: [], fields: [{id: 'listOrders-side', enum: ['"buy"']}]},
      ],
    };
    placeReleaseMarks(
      {rest: model, ws: {}},
      {
        badges: [
          [
            {
              api: 'rest',
              anchors: ['listOrders-side', 'listOrders'],
              addedItem: false,
              subjectAnchor: 'listOrders',
              values: ['"buy"'],
              version: '3.1.0',
              href: '/version-history#v3-1-0',
            },
            {
              api: 'rest',
              anchors: ['listOrders-missing', 'listOrders'],
              addedItem: true,
              version: '3.1.0',
              href: '/version-history#v3-1-0',
            },
          ],
        ],
        deprecations: [
          {api: 'rest', anchors: ['nowhere', 'listOrders'], since: '3.0.0', sunset: '2027-01-01'},
        ],
        histories: [
          {
            api: 'rest',
            anchor: 'listOrders',
            entry: {
              title: '3.1.0',
              href: '/version-history#v3-1-0',
              lines: [{label: 'Addition', breaking: false, text: 'Query parameter `side` added.'}],
            },
          },
        ],
      },
    );
    const operation = model.operations[0] as Record<string, unknown>;
    const field = (operation.fields as Array<Record<string, unknown>>)[0] as Record<string, unknown>;
    // The field changed (it was there before); its added value is new.
    expect(field.release).toEqual({kind: 'changed', version: '3.1.0', href: '/version-history#v3-1-0'});
    expect(field.valueReleases).toEqual({
      '"buy"': {kind: 'new', version: '3.1.0', href: '/version-history#v3-1-0'},
    });
    // A change that fell back to the operation is "Changed in", never "New in".
    expect(operation.release).toEqual({kind: 'changed', version: '3.1.0', href: '/version-history#v3-1-0'});
    expect(operation.deprecation).toEqual({since: '3.0.0', sunset: '2027-01-01'});
    // The History disclosure's data goes on the operation itself, never on a field with its id.
    expect(operation.history).toEqual([
      {
        title: '3.1.0',
        href: '/version-history#v3-1-0',
        lines: [{label: 'Addition', breaking: false, text: 'Query parameter `side` added.'}],
      },
    ]);
    expect(field.history).toBeUndefined();
  });
});
