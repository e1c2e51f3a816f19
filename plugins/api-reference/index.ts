/**
 * Build-time API reference plugin: reads and validates the two API documents,
 * turns them into view models, hands the identity to every page (global data,
 * a few hundred bytes) and each reference model to its own page only
 * (createData: /rest through its route, /docs/ws through an import in ws.mdx).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {SiteIdentity, SpecPaths} from './identity';
import {identityFromDocuments, readDocument} from './identity';
import {loadAsyncApi, loadOpenApi} from './load';
import {buildRestModel} from './openapi/build';
import {buildWsModel} from './asyncapi/build';
import type {RestModel, WsModel} from './types';
import type {Json} from './json';
import {emitValidators} from './validator';
import {writeDownloads} from './downloads';
import {buildBuilders, emitBuilders} from './builder';

export interface PluginOptions {
  specPaths: SpecPaths;
  /** Already read by docusaurus.config.ts; re-read on reload when absent. */
  identity?: SiteIdentity;
}

export interface ApiReferenceContent {
  identity: SiteIdentity;
  rest: RestModel;
  ws: WsModel;
}

/** Names of the data files under `.docusaurus/api-reference/default/`; ws.mdx imports WS_DATA. */
export const REST_DATA = 'rest-reference.json';
export const WS_DATA = 'ws-reference.json';

/** Route modules of /rest, typed so the route data and RestPage's props cannot drift. */
export type RestPageModules = Record<'identity' | 'model', string>;

export default function apiReferencePlugin(
  _context: LoadContext,
  options: PluginOptions,
): Plugin<ApiReferenceContent> {
  const {specPaths} = options;
  return {
    name: 'api-reference',

    getPathsToWatch() {
      return [specPaths.openapi, specPaths.asyncapi];
    },

    async loadContent() {
      const [openapi, asyncapi] = await Promise.all([
        loadOpenApi(specPaths.openapi),
        loadAsyncApi(specPaths.asyncapi),
      ]);
      return {
        identity: identityFromDocuments(openapi, asyncapi, specPaths.openapi),
        rest: buildRestModel(openapi),
        ws: buildWsModel(asyncapi),
      };
    },

    async contentLoaded({content, actions}) {
      const {createData, addRoute, setGlobalData} = actions;
      setGlobalData({identity: content.identity});
      const modules: RestPageModules = {
        identity: await createData('identity.json', JSON.stringify(content.identity)),
        model: await createData(REST_DATA, JSON.stringify(content.rest)),
      };
      await createData(WS_DATA, JSON.stringify(content.ws));
      // Payload validators: one standalone module per request body / sent message, imported lazily by the panels.
      await emitValidators(actions, {
        openapi: readDocument(specPaths.openapi),
        asyncapi: readDocument(specPaths.asyncapi),
      });
      // Request builder: one form model per operation and sent message, imported lazily by the panes.
      await emitBuilders(
        actions,
        buildBuilders(
          {
            openapi: readDocument(specPaths.openapi) as unknown as Json,
            asyncapi: readDocument(specPaths.asyncapi) as unknown as Json,
          },
          content,
        ),
        readDocument(specPaths.openapi),
      );
      addRoute({
        path: '/rest',
        component: '@site/src/components/ApiReference/RestPage/index.tsx',
        modules,
        exact: true,
      });
    },

    // Downloads: /downloads/{openapi,asyncapi}.{yaml,json}, from the same documents.
    async postBuild({outDir}) {
      await writeDownloads(outDir, specPaths);
    },
  };
}
