/**
 * The guides are prose written for one API: they link to its operations and
 * messages and show its hosts. Built from other documents (`OPENAPI_FILE`,
 * `ASYNCAPI_FILE`), some of that no longer holds. This check runs in the
 * plugin's loadContent, before the bundler starts, and finds every such place:
 * the build prints them in one warning, and the pages show a notice in their
 * place instead of failing (see src/components/Identity and GuideNotice).
 *
 * Pure: the guide sources and models are passed in.
 */
import {hostLabel} from './client/hosts';
import type {SiteIdentity} from './identity';
import {ROUTES} from './client/routes';

/** What one page needs that the documents do not give, in sentences a reader understands. */
export type GuideGaps = Record<string, string[]>;

export interface GuideSource {
  /** Page key: the doc id (`getting_started`) or a route (`/version-history`). */
  key: string;
  /** The page's source text (MDX or TS). */
  text: string;
  /** References the page renders from data rather than from its text (error catalogue, version history). */
  refs?: Array<{page: 'rest' | 'ws'; anchor: string}>;
}

export interface GuideFitInput {
  identity: SiteIdentity;
  /** Every element id of /rest and of /docs/ws. */
  restAnchors: ReadonlySet<string>;
  wsAnchors: ReadonlySet<string>;
  /**
   * The newest recorded release (specs/releases) when the OpenAPI document's version is older
   * than it (the releases plugin compares: ReleasesContent.behind); null otherwise.
   */
  olderThanRelease: string | null;
  guides: GuideSource[];
}

/** Every string `id` in a view model: the anchors its page renders. */
export function collectAnchors(model: unknown): Set<string> {
  const ids = new Set<string>();
  const stack: unknown[] = [model];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'id' && typeof value === 'string') ids.add(value);
        else if (typeof value === 'object' && value !== null) stack.push(value);
      }
    }
  }
  return ids;
}

/** Whether the documents give the host a page asks for. */
export function hasHost(identity: SiteIdentity, api: 'rest' | 'ws', env: string | undefined): boolean {
  const servers = api === 'rest' ? identity.restServers : identity.wsServers;
  return servers.some((server) => (env === undefined ? server.isDefault : server.key === env));
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
}

/** Hosts a page's components ask for: `<Host api env>`, `<HostCode env>` (its placeholders), `<RequestExample env>`. */
function hostsNeeded(text: string): Array<{api: 'rest' | 'ws'; env: string | undefined}> {
  const needed: Array<{api: 'rest' | 'ws'; env: string | undefined}> = [];
  for (const match of text.matchAll(/<Host\b[^>]*>/g)) {
    needed.push({api: attribute(match[0], 'api') === 'ws' ? 'ws' : 'rest', env: attribute(match[0], 'env')});
  }
  for (const match of text.matchAll(/<HostCode\b([^>]*)>([\s\S]*?)<\/HostCode>/g)) {
    const env = attribute(match[1] ?? '', 'env');
    const body = match[2] ?? '';
    if (body.includes('{{REST_URL}}')) needed.push({api: 'rest', env});
    if (body.includes('{{WS_URL}}')) needed.push({api: 'ws', env});
  }
  for (const match of text.matchAll(/<RequestExample\b[^>]*>/g)) {
    needed.push({api: 'rest', env: attribute(match[0], 'env')});
  }
  return needed;
}

export function checkGuideFit(input: GuideFitInput): GuideGaps {
  const {identity} = input;
  const gaps: GuideGaps = {};
  const add = (key: string, gap: string): void => {
    const list = (gaps[key] ??= []);
    if (!list.includes(gap)) list.push(gap);
  };
  for (const guide of input.guides) {
    const refs = [
      ...Array.from(guide.text.matchAll(/\/(rest|docs\/ws)#([A-Za-z0-9_.~-]+)/g), (match) => ({
        page: match[1] === 'rest' ? ('rest' as const) : ('ws' as const),
        anchor: match[2] ?? '',
      })),
      ...(guide.refs ?? []),
    ];
    for (const page of ['rest', 'ws'] as const) {
      const known = page === 'rest' ? input.restAnchors : input.wsAnchors;
      const missing = Array.from(
        new Set(refs.filter((ref) => ref.page === page && !known.has(ref.anchor)).map((ref) => ref.anchor)),
      );
      if (missing.length > 0) {
        const document = page === 'rest' ? 'OpenAPI' : 'AsyncAPI';
        add(
          guide.key,
          `it refers to ${missing.map((a) => `\`${a}\``).join(', ')}, which the ${document} document does not have`,
        );
      }
    }
    for (const {api, env} of hostsNeeded(guide.text)) {
      if (!hasHost(identity, api, env)) {
        const where = api === 'rest' ? 'OpenAPI `servers`' : 'AsyncAPI `servers`';
        add(guide.key, `it shows ${hostLabel(api, env)}, which the ${where} do not give`);
      }
    }
    if (/<ContactEmail\b/.test(guide.text) && identity.contactEmail === '') {
      add(guide.key, 'it shows the contact address, which neither document gives (`info.contact.email`)');
    }
  }
  // The history is computed from the releases and the documents, so it cannot drift from them;
  // what can go wrong is documents older than the newest release recorded next to them.
  if (input.olderThanRelease !== null) {
    add(
      ROUTES.versionHistory,
      `the newest recorded release is ${input.olderThanRelease}, but the OpenAPI document is version ${identity.apiVersion || '(none)'}`,
    );
  }
  return gaps;
}

/** The one build-time warning: every gap, page by page. Null when the guides fit. */
export function describeGaps(gaps: GuideGaps): string | null {
  const pages = Object.entries(gaps);
  if (pages.length === 0) return null;
  return [
    'The guides were written for other API documents. These pages show a notice in place of what is missing:',
    ...pages.flatMap(([page, list]) => [`  ${page}:`, ...list.map((gap) => `    - ${gap}`)]),
  ].join('\n');
}
