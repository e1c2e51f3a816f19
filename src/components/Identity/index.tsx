/**
 * Identity facts for guide pages (MDX): hosts, contact address and title come
 * from the API documents through the api-reference plugin's global data, never
 * from strings written in a page. When the documents do not give a fact a page
 * asks for (a site built from other documents), the page shows a visible notice
 * in its place rather than failing the build; the build has already named every
 * such place in one warning (plugins/api-reference/guideFit.ts).
 */
import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {usePluginData} from '@docusaurus/useGlobalData';
import type {ApiReferenceGlobalData} from '@site/plugins/api-reference';
import {hostLabel} from '@site/plugins/api-reference/client/hosts';
import type {ServerIdentity, SiteIdentity} from '@site/plugins/api-reference/identity';
import styles from './styles.module.css';

function useGlobalData(): ApiReferenceGlobalData {
  const data = usePluginData('api-reference') as ApiReferenceGlobalData | undefined;
  if (data === undefined) {
    throw new Error('The api-reference plugin is not loaded: identity is unavailable.');
  }
  return data;
}

export function useIdentity(): SiteIdentity {
  return useGlobalData().identity;
}

/** What a page shows that the documents do not give (keyed by doc id or route); empty when the guides fit. */
export function useGuideGaps(key: string): string[] {
  return useGlobalData().guideGaps[key] ?? [];
}

/** A visible, inline stand-in for a fact the API documents do not give. */
export function NotInDocuments({what}: {readonly what: string}): ReactNode {
  return <span className={styles.missing}>[{what} is not given by the API documents]</span>;
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
  if (contactEmail === '') return <NotInDocuments what="the contact address" />;
  return <Link href={`mailto:${contactEmail}`}>{contactEmail}</Link>;
}

function pickServer(servers: ServerIdentity[], env: string | undefined): ServerIdentity | undefined {
  return env === undefined ? servers.find((s) => s.isDefault) : servers.find((s) => s.key === env);
}

/** A host URL, as code: REST (`https://…`) or WebSocket (`wss://…`); default environment unless `env` names one. */
export function Host({api = 'rest', env}: {readonly api?: 'rest' | 'ws'; readonly env?: string}): ReactNode {
  const identity = useIdentity();
  const server = pickServer(api === 'rest' ? identity.restServers : identity.wsServers, env);
  if (server === undefined) return <NotInDocuments what={hostLabel(api, env)} />;
  return <code>{server.url}</code>;
}

/**
 * The URL of a server, for components that build code from it (request examples):
 * the default environment unless `env` names one; undefined when the documents
 * do not give that server (the caller shows a notice instead of the code).
 */
export function useServerUrl(api: 'rest' | 'ws' = 'rest', env?: string): string | undefined {
  const identity = useIdentity();
  return pickServer(api === 'rest' ? identity.restServers : identity.wsServers, env)?.url;
}

/**
 * "WebSocket API reference", or "MQTT API reference" for an MQTT document: the
 * title of /docs/ws follows the protocol of the AsyncAPI document. Also sets the
 * document title (the doc's front matter cannot depend on the documents).
 */
export function AsyncApiReferenceTitle(): ReactNode {
  const {asyncApiLabel, title} = useIdentity();
  const text = `${asyncApiLabel} API reference`;
  return (
    <>
      <Head>
        <title>{`${text} | ${title}`}</title>
        <meta property="og:title" content={`${text} | ${title}`} />
      </Head>
      {text}
    </>
  );
}
