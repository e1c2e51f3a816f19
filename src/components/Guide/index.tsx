/**
 * Components for the guide pages. Hosts are never written in a page: examples
 * are built here from the servers of the API documents (see Identity), so
 * changing a server in the documents changes every example.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';
import {NotInDocuments, useIdentity, useServerUrl} from '@site/src/components/Identity';
import {hostLabel} from '@site/plugins/api-reference/client/hosts';
import {errorCatalogue, type ErrorCatalogueEntry} from '@site/plugins/api-reference/client/errorCatalogue';
import {curlCommand, fillHosts, type HttpMethod, type QueryValue} from './curl';
import styles from './styles.module.css';
import {ROUTES, routeAnchor} from '@site/plugins/api-reference/client/routes';
import {errorCodeId} from '@site/plugins/api-reference/client/anchors';

export interface RequestExampleProps {
  method: HttpMethod;
  /** Concrete path of the request, e.g. `/api/instruments`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** JSON body; validated against the operation's request schema by the guide tests. */
  body?: unknown;
  /** Environment key (`x-environment` of the server); the documentation's default when left out. */
  env?: string;
  title?: string;
}

/** A curl command for a REST call on the default (pre-production) host. */
export function RequestExample({method, path, query, body, env, title}: RequestExampleProps): ReactNode {
  const base = useServerUrl('rest', env);
  const spec = {method, path, ...(query !== undefined ? {query} : {}), ...(body !== undefined ? {body} : {})};
  if (base === undefined) return <MissingHostExample hosts={[hostLabel('rest', env)]} />;
  return (
    <CodeBlock language="bash" title={title ?? `${method} ${path}`}>
      {curlCommand(base, spec)}
    </CodeBlock>
  );
}

/**
 * A code block whose `{{REST_URL}}` and `{{WS_URL}}` placeholders are replaced
 * by the hosts of the chosen environment (default: the documentation's default).
 */
export function HostCode({
  children,
  language,
  title,
  env,
}: {
  children: string;
  language: string;
  title?: string;
  env?: string;
}): ReactNode {
  const rest = useServerUrl('rest', env);
  const ws = useServerUrl('ws', env);
  const missing = [
    ...(children.includes('{{REST_URL}}') && rest === undefined ? [hostLabel('rest', env)] : []),
    ...(children.includes('{{WS_URL}}') && ws === undefined ? [hostLabel('ws', env)] : []),
  ];
  if (missing.length > 0) return <MissingHostExample hosts={missing} />;
  return (
    <CodeBlock language={language} {...(title !== undefined ? {title} : {})}>
      {fillHosts(children, {...(rest !== undefined ? {rest} : {}), ...(ws !== undefined ? {ws} : {})}).trim()}
    </CodeBlock>
  );
}

/** Where an example would run against a host the documents do not give: say so instead of inventing one. */
function MissingHostExample({hosts}: {hosts: string[]}): ReactNode {
  return (
    <p className={styles.missingExample} role="note">
      An example belongs here, but it needs{' '}
      {hosts.map((host, i) => (
        <span key={host}>
          {i > 0 ? ' and ' : ''}
          <NotInDocuments what={host} />
        </span>
      ))}
      .
    </p>
  );
}

import {InlineCode} from '../InlineCode';

export {InlineCode};

/**
 * What does not fit the documents the site was built from (plugins/api-reference/guideFit.ts):
 * a warning with a lead sentence and, when given, the list of parts.
 */
export function GapNotice({lead, gaps}: {lead: ReactNode; gaps: readonly string[]}): ReactNode {
  return (
    <div className="alert alert--warning margin-bottom--md" role="note">
      <p>{lead}</p>
      {gaps.length > 0 ? (
        <ul>
          {gaps.map((gap) => (
            <li key={gap}>
              <InlineCode text={gap} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * The environments of both APIs, from the servers of the two documents: REST
 * servers are matched to WebSocket servers by their key (`x-environment` and
 * the AsyncAPI server name).
 */
export function EnvironmentsTable(): ReactNode {
  const {restServers, wsServers} = useIdentity();
  // Array.from, not a spread: the client's Babel (loose mode) cannot spread a Set.
  const keys = Array.from(new Set([...restServers.map((s) => s.key), ...wsServers.map((s) => s.key)]));
  // The wrapper, not the table, scrolls on narrow screens; it is focusable so
  // keyboard users can scroll it too (axe: scrollable-region-focusable).
  return (
    <div className={styles.tableWrap} role="region" aria-label="Environments and hosts" tabIndex={0}>
      <table className={styles.plainTable}>
        <thead>
          <tr>
            <th scope="col">Environment</th>
            <th scope="col">REST base URL</th>
            <th scope="col">WebSocket host</th>
            <th scope="col">Documentation default</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => {
            const rest = restServers.find((s) => s.key === key);
            const ws = wsServers.find((s) => s.key === key);
            const isDefault = rest?.isDefault === true || (rest === undefined && ws?.isDefault === true);
            return (
              <tr key={key}>
                <th scope="row">{rest?.name ?? ws?.name ?? key}</th>
                <td>{rest !== undefined ? <code>{rest.url}</code> : '—'}</td>
                <td>{ws !== undefined ? <code>{ws.url}</code> : '—'}</td>
                <td>{isDefault ? 'Yes' : 'No'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function sourceLink(source: ErrorCatalogueEntry['sources'][number]): {to: string; label: string} {
  return source.kind === 'rest'
    ? {to: routeAnchor(ROUTES.rest, source.operationId), label: source.operationId}
    : {to: routeAnchor(ROUTES.ws, source.message), label: source.message};
}

/** HTTP status, WebSocket, or nothing the documents give. */
function statusLabel(entry: ErrorCatalogueEntry): string {
  if (entry.status !== null) return `HTTP ${entry.status}`;
  return entry.sources.some((s) => s.kind === 'ws') ? 'WebSocket' : 'Status not published';
}

/** One group of the error catalogue (plugins/api-reference/client/errorCatalogue.ts) as a table. */
export function ErrorTable({group}: {group: ErrorCatalogueEntry['group']}): ReactNode {
  const entries = errorCatalogue.filter((e) => e.group === group);
  if (entries.length === 0) throw new Error(`The error catalogue has no group "${group}".`);
  return (
    <div className={styles.tableWrap} role="region" aria-label={`${group} error codes`} tabIndex={0}>
      <table className={styles.errorTable}>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">What the provider says</th>
            <th scope="col">Returned by</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.code} id={errorCodeId(e.code)}>
              <th scope="row">
                <code>{e.code}</code>
                <span className={styles.status}>{statusLabel(e)}</span>
              </th>
              <td>
                <p className={styles.cellText}>
                  <InlineCode text={e.meaning} />
                </p>
                {e.providerAdvice !== undefined ? (
                  <p className={styles.cellText}>
                    <strong>The provider asks:</strong> <InlineCode text={e.providerAdvice} />
                  </p>
                ) : null}
              </td>
              <td>
                {e.sources.length === 0 ? (
                  <p className={styles.cellText}>Not published by the provider</p>
                ) : null}
                <ul className={styles.plainList}>
                  {e.sources.map((s) => {
                    const link = sourceLink(s);
                    return (
                      <li key={link.to}>
                        <Link to={link.to}>
                          <code>{link.label}</code>
                        </Link>
                      </li>
                    );
                  })}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
