/**
 * Build-time API reference plugin: reads the two API documents, hands the
 * identity to every page (global data, a few hundred bytes) and the reference
 * models to their own pages (createData, loaded only by those pages).
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {SiteIdentity, SpecPaths} from './identity';
import {loadIdentity} from './identity';

export interface PluginOptions {
  specPaths: SpecPaths;
  /** Already read by docusaurus.config.ts; re-read on reload when absent. */
  identity?: SiteIdentity;
}

export interface ApiReferenceContent {
  identity: SiteIdentity;
}

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
      return {identity: loadIdentity(specPaths)};
    },

    async contentLoaded({content, actions}) {
      const {createData, addRoute, setGlobalData} = actions;
      setGlobalData({identity: content.identity});
      const identityPath = await createData('identity.json', JSON.stringify(content.identity));
      addRoute({
        path: '/rest',
        component: '@site/src/components/ApiReference/RestPage/index.tsx',
        modules: {identity: identityPath},
        exact: true,
      });
    },
  };
}
