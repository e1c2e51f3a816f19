/**
 * The routes the site links to and registers, in one place: the build (plugins,
 * docusaurus.config.ts, sidebars.ts) and the browser (src/) read them here.
 * Browser-safe. A route's page is registered by the plugin that owns it:
 * /rest (and its parts) by api-reference, /docs/ws by the docs plugin (docs/ws.mdx),
 * /version-history by the plugin that renders the release history.
 */
export const ROUTES = {
  /** The REST reference (openapi.yaml); a large document adds `/rest/<tag>` pages. */
  rest: '/rest',
  /** The WebSocket (AsyncAPI) reference: docs/ws.mdx. */
  ws: '/docs/ws',
  /** The version history (plugins/releases, whose client/routes.ts names its parts). */
  versionHistory: '/version-history',
  /** The history's Atom feed. */
  versionHistoryFeed: '/version-history/feed.xml',
  /** The history as JSON. */
  versionHistoryJson: '/version-history/changes.json',
  /** The session checker (plugins/session-check). */
  sessionCheck: '/docs/ws/session-check',
} as const;

export type Route = (typeof ROUTES)[keyof typeof ROUTES];

/** A link to an anchor on a route: `/rest#getOrder`. */
export function routeAnchor(route: string, anchor: string): string {
  return `${route}#${anchor}`;
}
