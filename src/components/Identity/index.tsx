/**
 * Identity facts for guide pages (MDX): hosts, contact address and title come
 * from the API documents through the api-reference plugin's global data, never
 * from strings written in a page.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {ServerIdentity, SiteIdentity} from '@site/plugins/api-reference/identity';

export function useIdentity(): SiteIdentity {
  const data = usePluginData('api-reference') as {identity: SiteIdentity} | undefined;
  if (data === undefined) {
    throw new Error('The api-reference plugin is not loaded: identity is unavailable.');
  }
  return data.identity;
}

export function ApiTitle(): ReactNode {
  return useIdentity().title;
}

export function ProviderName(): ReactNode {
  return useIdentity().providerName;
}

/** The contact address as a mailto link. */
export function ContactEmail(): ReactNode {
  const {contactEmail} = useIdentity();
  return <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>;
}

function pickServer(servers: ServerIdentity[], env: string | undefined): ServerIdentity {
  const server = env === undefined ? servers.find((s) => s.isDefault) : servers.find((s) => s.key === env);
  if (server === undefined) {
    throw new Error(
      `No server "${env ?? 'default'}" in the API documents (have: ${servers.map((s) => s.key).join(', ')}).`,
    );
  }
  return server;
}

/** A host URL, as code: REST (`https://…`) or WebSocket (`wss://…`); default environment unless `env` names one. */
export function Host({api = 'rest', env}: {readonly api?: 'rest' | 'ws'; readonly env?: string}): ReactNode {
  const identity = useIdentity();
  const server = pickServer(api === 'rest' ? identity.restServers : identity.wsServers, env);
  return <code>{server.url}</code>;
}

/**
 * The URL of a server, for components that build code from it (request examples):
 * the default environment unless `env` names one.
 */
export function useServerUrl(api: 'rest' | 'ws' = 'rest', env?: string): string {
  const identity = useIdentity();
  return pickServer(api === 'rest' ? identity.restServers : identity.wsServers, env).url;
}
