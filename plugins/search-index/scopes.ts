/** The search scopes of the build, over the release routes of plugins/releases (client/scope.ts). */
import {NEXT_ID, releaseRoutes} from '../releases/client/routes';
import {searchScopes} from './client/scope';

export const scopes = searchScopes({releaseRoutes, nextId: NEXT_ID});
