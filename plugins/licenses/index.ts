/**
 * Docusaurus plugin behind /legal/licenses: the packages that ship in the
 * built site's browser bundle, with their licences, plus the API's own licence
 * (`info.license` of the OpenAPI document). The list is computed from the
 * client compilation itself (see ./webpack.ts), so it follows the dependencies
 * without configuration. Build-time tools never appear: they are not in the
 * client chunks.
 */
import type {LoadContext, Plugin} from '@docusaurus/types';
import {documentsFromAllContent} from '../api-reference/content';
import type {JsonObject} from '../api-reference/document';
import {resolveSpecPaths} from '../api-reference/identity';
import type {ApiLicense} from './types';
import {ClientResult, ShippedLicensesPlugin} from './webpack';

/** The API's own licence, `info.license` of the OpenAPI document. */
export function apiLicense(openapi: JsonObject): ApiLicense | null {
  const info = openapi.info;
  const license =
    typeof info === 'object' && info !== null ? (info as {license?: unknown}).license : undefined;
  if (typeof license !== 'object' || license === null) return null;
  const {name, url} = license as {name?: unknown; url?: unknown};
  if (typeof name !== 'string' || name.trim() === '') return null;
  return {name, url: typeof url === 'string' ? url : null};
}

export default function licensesPlugin(context: LoadContext): Plugin {
  // One hand-over per loaded site: Docusaurus loads plugins afresh for every build (and locale).
  const result = new ClientResult();
  let api: ApiLicense | null = null;
  return {
    name: 'licenses',

    getPathsToWatch() {
      return [resolveSpecPaths(context.siteDir).openapi];
    },

    // Bundling starts after every plugin's content is loaded: take the api-reference plugin's.
    allContentLoaded({allContent}) {
      api = apiLicense(documentsFromAllContent(allContent, 'licenses').openapi);
    },

    configureWebpack(_config, isServer) {
      const plugin = new ShippedLicensesPlugin({
        role: isServer ? 'server' : 'client',
        result,
        api,
      });
      // The server compilation waits inside its own hooks for the client's list (see ./webpack.ts).
      return {plugins: [plugin]};
    },
  };
}
