/**
 * The routes of the API reference plugin, pure: what `contentLoaded` adds, from
 * the REST model alone (no Docusaurus actions, no files), so it is tested alone.
 * /docs/ws is not a route of this plugin: docs/ws.mdx imports WS_DATA.
 */
import type {SiteIdentity} from './identity';
import {planRestPages} from './openapi/pages';
import type {RestModel, WsModel} from './types';
import {ROUTES} from './client/routes';

/** Names of the data files under `.docusaurus/api-reference/default/`; ws.mdx imports WS_DATA. */
export const REST_DATA = 'rest-reference.json';
export const WS_DATA = 'ws-reference.json';
/** The readings list (readings.ts), imported by docs/intro.mdx. */
export const READINGS_DATA = 'readings.json';
/** The data file every /rest page shares. */
export const IDENTITY_DATA = 'identity.json';

/** The component of every /rest page. */
export const REST_PAGE_COMPONENT = '@theme/ApiRestPage';

/** Props of the /rest page component: one route module each (RestPage takes exactly these). */
export interface RestPageProps {
  readonly identity: SiteIdentity;
  readonly model: RestModel;
}

/** The data file (createData) behind each of RestPage's props: a prop added there must be given here. */
export type RestRouteModules = Record<keyof RestPageProps, string>;

export interface RestRoute {
  path: string;
  /** Data file of the page's model. */
  dataName: string;
  model: RestModel;
}

/** /rest, plus one page per tag (or part of one) when the document is too large for one page (openapi/pages.ts). */
export function restRoutes(
  rest: RestModel,
  limits?: Parameters<typeof planRestPages>[2],
  /** Another reference's: its /releases/<id>/rest and a prefix for its data files. */
  at: {route: string; dataPrefix: string} = {route: ROUTES.rest, dataPrefix: ''},
): RestRoute[] {
  const site = planRestPages(rest, at.route, limits);
  return [
    {path: at.route, model: site.main, dataName: `${at.dataPrefix}${REST_DATA}`},
    ...site.pages.map((page) => ({
      path: page.route,
      model: page.model,
      dataName: `${at.dataPrefix}${page.dataName}`,
    })),
  ];
}

/** The component of an older or upcoming release's WebSocket reference (the current one is docs/ws.mdx). */
export const WS_PAGE_COMPONENT = '@theme/ApiWsPage';

/** Props of that page: one route module each. */
export interface WsPageProps {
  readonly identity: SiteIdentity;
  readonly model: WsModel;
}

/** The data prefix of another reference's files: `release-2.0.0-`, `release-next-`. */
export function referenceDataPrefix(id: string): string {
  return `release-${id}-`;
}
