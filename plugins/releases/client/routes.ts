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

/** The URL segment of the upcoming release's reference: /releases/next/rest. */
export const NEXT_ID = 'next';

/** Where one release's reference and documents live: /releases/<id>/rest, /releases/<id>/ws, … */
export interface ReleaseRoutes {
  base: string;
  rest: string;
  ws: string;
  /** The release's documents as recorded (YAML), for download. */
  openapi: string;
  asyncapi: string;
}

/** The routes of an older release (`2.0.0`) or of the upcoming one (`next`). */
export function releaseRoutes(id: string): ReleaseRoutes {
  const base = `/releases/${id}`;
  return {
    base,
    rest: `${base}/rest`,
    ws: `${base}/ws`,
    openapi: `${base}/openapi.yaml`,
    asyncapi: `${base}/asyncapi.yaml`,
  };
}
