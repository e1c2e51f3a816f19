import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {SECTION_IDS, securitySchemeId} from '@site/plugins/api-reference/client/anchors';
import type {ServerView} from '@site/plugins/api-reference/types';
import Markdown from '../Markdown';
import styles from './styles.module.css';

/** The hosts, the documentation's default (the first server) marked as such. */
export default function Servers({
  servers,
  id = SECTION_IDS.servers,
}: {
  readonly servers: ServerView[];
  readonly id?: string;
}): ReactNode {
  if (servers.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" id={id}>
        Servers
      </Heading>
      <ul className={styles.servers}>
        {servers.map((server) => (
          <li key={server.url} className={styles.server}>
            <div className={styles.head}>
              {server.name !== undefined ? <strong>{server.name}</strong> : null}
              <code className={styles.url}>{server.url}</code>
              {server.isDefault ? (
                <span className="badge badge--primary">Default in this documentation</span>
              ) : null}
              {server.protocol !== undefined ? (
                <span className={styles.protocol}>{server.protocol}</span>
              ) : null}
            </div>
            <Markdown html={server.description} />
            {server.variables.length > 0 ? (
              <ul className={styles.variables}>
                {server.variables.map((v) => (
                  <li key={v.name}>
                    <code>{`{${v.name}}`}</code>: default <code>{v.default}</code>
                    {v.enum !== undefined ? (
                      <>
                        {' '}
                        (one of{' '}
                        {v.enum.map((e) => (
                          <code key={e}>{e} </code>
                        ))}
                        )
                      </>
                    ) : null}
                    {v.description !== undefined ? ` — ${v.description}` : null}
                  </li>
                ))}
              </ul>
            ) : null}
            {server.security !== undefined ? (
              <p className={styles.security}>
                Authentication:{' '}
                {server.security.map((s, i) => (
                  <span key={s}>
                    {i > 0 ? ' or ' : null}
                    <Link href={`#${securitySchemeId(s)}`}>{s}</Link>
                  </span>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
