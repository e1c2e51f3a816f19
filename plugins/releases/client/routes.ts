/**
 * Where the release history lives, in one place for the build (plugins/releases) and the browser
 * (src/theme/VersionHistory, src/components/VersionHistory). Browser-safe. The page's route is
 * the site's (ROUTES.versionHistory); this module derives everything else from it.
 */
import {ROUTES} from '../../api-reference/client/routes';

/** The history page. */
export const HISTORY_ROUTE = ROUTES.versionHistory;

/** The Atom feed of releases and amendments (RFC 4287), as a site path. */
export const FEED_ROUTE = ROUTES.versionHistoryFeed;

/** Every release and change as JSON, as a site path. */
export const JSON_ROUTE = ROUTES.versionHistoryJson;

/** A site path as a path inside the build folder (`version-history/feed.xml`). */
export function outputPath(route: string): string {
  return route.replace(/^\/+/, '');
}

/** A release's element id on the history page and the feeds' entry key: `v3-1-0`. */
export function versionId(version: string): string {
  return `v${version.replace(/[^0-9A-Za-z]+/g, '-')}`;
}

/** A link to a release's entry on the history page. */
export function releaseHref(version: string): string {
  return `${HISTORY_ROUTE}#${versionId(version)}`;
}
