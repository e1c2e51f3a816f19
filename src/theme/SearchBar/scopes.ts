/** The search scopes of the browser, over the release routes of plugins/releases (client/scope.ts). */
import {NEXT_ID, releaseRoutes} from '@site/plugins/releases/client/routes';
import {searchScopes} from '@site/plugins/search-index/client/scope';

export const scopes = searchScopes({releaseRoutes, nextId: NEXT_ID});
