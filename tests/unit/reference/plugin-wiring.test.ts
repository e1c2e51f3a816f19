/**
 * The api-reference plugin, run as Docusaurus runs it: options as docusaurus.config.ts gives them
 * (document paths relative to the site), loadContent, then allContentLoaded with actions that behave
 * like Docusaurus's (createData writes under the generated files folder and returns the file's
 * absolute path). What reaches the route registry, and so the shipped bundle, must name no folder
 * of the build machine.
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
import apiReferencePlugin, {type ApiReferenceContent} from '../../../plugins/api-reference/index';
import {resolveSpecPaths, siteRelativeSpecPaths} from '../../../plugins/api-reference/identity';
import {ROUTES} from '../../../plugins/api-reference/client/routes';

const ROOT = path.resolve(__dirname, '../../..');
// Not written to: the fake createData below keeps what it is given in memory.
const GENERATED = path.join(ROOT, '.tmp', 'plugin-wiring', '.docusaurus');

describe('api-reference plugin wiring', () => {
  it('takes site-relative document paths and gives its routes @generated modules only', async () => {
    const context = {siteDir: ROOT, generatedFilesDir: GENERATED} as LoadContext;
    const specPaths = siteRelativeSpecPaths(ROOT, resolveSpecPaths(ROOT));
    expect(path.isAbsolute(specPaths.openapi)).toBe(false);
    const plugin = apiReferencePlugin(context, {
      specPaths,
      id: 'default',
      references: [],
    }) as Plugin<ApiReferenceContent>;
    // The paths Docusaurus watches are absolute again, resolved against the site.
    expect(plugin.getPathsToWatch?.()).toEqual(
      expect.arrayContaining([path.join(ROOT, specPaths.openapi), path.join(ROOT, specPaths.asyncapi)]),
    );

    const content = await plugin.loadContent?.();
    expect(content?.rest.title).toBeTruthy();
    const routes: RouteConfig[] = [];
    const data = new Map<string, string>();
    const actions = {
      addRoute: (route: RouteConfig) => void routes.push(route),
      createData: async (name: string, value: string) => {
        data.set(name, value);
        return path.join(GENERATED, 'api-reference', 'default', name);
      },
      setGlobalData: () => undefined,
    } as unknown as PluginContentLoadedActions;
    if (content === undefined) return;
    // Its pages are written after every plugin's loadContent, the releases plugin's marks placed.
    const allContent = {'api-reference': {default: content}} as unknown as AllContent;
    await plugin.allContentLoaded?.({allContent, actions});
    expect(routes.map((r) => r.component)).toContain('@theme/ApiRestPage');

    const rest = routes.find((route) => route.path === ROUTES.rest);
    expect(rest).toBeDefined();
    const modules = Object.values(rest?.modules ?? {});
    expect(modules.length).toBeGreaterThan(0);
    for (const route of routes)
      for (const module of Object.values(route.modules ?? {})) {
        expect(module).toMatch(/^@generated\/api-reference\/default\//);
        expect(JSON.stringify(module)).not.toContain(ROOT);
      }
    // The modules name files the plugin wrote.
    for (const module of modules)
      expect(data.has(String(module).replace('@generated/api-reference/default/', ''))).toBe(true);
  });
});
