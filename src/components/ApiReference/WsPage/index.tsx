/**
 * An older or upcoming release's WebSocket reference, at /releases/<id>/ws: the same WsReference
 * as /docs/ws (which the docs plugin renders from docs/ws.mdx), in a page of its own with the
 * channels and messages beside it, as the REST reference has its operations.
 */
import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import TOC from '@theme/TOC';
import TOCCollapsible from '@theme/TOCCollapsible';
import type {WsPageProps} from '@site/plugins/api-reference/routes';
import WsReference from '../WsReference';
import {wsNavigation} from '../navigation';
import {releaseSuffix} from '../RestPage';
import styles from '../RestPage/styles.module.css';

function Reference({model}: WsPageProps): ReactNode {
  const toc = wsNavigation(model);
  return (
    <div className={`container margin-vert--lg ${styles.page}`}>
      <div className={styles.columns}>
        <nav className={styles.desktopToc} aria-label="Channels and messages">
          <TOC toc={toc} minHeadingLevel={2} maxHeadingLevel={3} />
        </nav>
        <main className={styles.main}>
          <article className={styles.reference}>
            <Heading as="h1">WebSocket API reference</Heading>
            <div className={styles.mobileToc}>
              <TOCCollapsible toc={toc} minHeadingLevel={2} maxHeadingLevel={3} />
            </div>
            <WsReference model={model} />
          </article>
        </main>
      </div>
    </div>
  );
}

export default function WsPage(props: WsPageProps): ReactNode {
  return (
    <Layout
      title={`WebSocket API reference${releaseSuffix(props.model.release)}`}
      description={`WebSocket API reference of the ${props.identity.title}`}
    >
      <Reference {...props} />
    </Layout>
  );
}
