/**
 * /rest of a multi-page reference (plugins/api-reference/openapi/pages.ts): every
 * tag and operation as a link to the page that documents it. Each entry carries
 * the operation's anchor, so an old link such as /rest#listPets still lands on
 * it, and the forwarder then moves the reader to the operation itself.
 */
import {useEffect, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {useHistory, useLocation} from '@docusaurus/router';
import type {RestIndex as RestIndexModel, RestIndexEntry} from '@site/plugins/api-reference/types';
import {SECTION_IDS, routeOfAnchor} from '@site/plugins/api-reference/client/anchors';
import Markdown from '../Markdown';
import {MethodBadge} from '../Operation';
import styles from './styles.module.css';
import Badge from '../Badge';

function Entries({entries}: {readonly entries: RestIndexEntry[]}): ReactNode {
  return (
    <ul className={styles.entries}>
      {entries.map((e) => (
        // The mark is beside the link, not in it: it links to its release itself, and a link in a
        // link is not HTML.
        <li key={e.id} id={e.id} className={styles.item}>
          <Link to={`${e.route}#${e.id}`} className={styles.entry}>
            <MethodBadge method={e.method} /> <code className={styles.path}>{e.path}</code>
            {e.summary !== undefined ? <span className={styles.summary}>{e.summary}</span> : null}
          </Link>
          {e.deprecated ? <Badge badge={{kind: 'deprecated', mark: e.deprecation}} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Forwards /rest#<anchor> to the page that has the anchor now (the browser has already scrolled to the entry). */
function useAnchorForwarding(anchorRoutes: Record<string, string>): void {
  const location = useLocation();
  const history = useHistory();
  useEffect(() => {
    const anchor = decodeURIComponent(location.hash.slice(1));
    if (anchor === '') return;
    const route = routeOfAnchor(anchorRoutes, anchor);
    if (route !== undefined) history.replace(`${route}#${encodeURIComponent(anchor)}`);
  }, [anchorRoutes, history, location.hash]);
}

export default function RestIndex({index}: {readonly index: RestIndexModel}): ReactNode {
  useAnchorForwarding(index.anchorRoutes);
  const count = index.tags.reduce((n, tag) => n + tag.operations.length, 0) + index.webhooks.length;
  return (
    <>
      <p>
        This reference has {count} operations, one page per tag. Every operation is listed below with a link
        to its page.
      </p>
      {index.tags.map((tag) => (
        <section key={tag.id} aria-labelledby={tag.id} className={styles.tag}>
          <Heading as="h2" id={tag.id}>
            <Link to={tag.route}>{tag.name}</Link>
          </Heading>
          <Markdown html={tag.description} />
          <Entries entries={tag.operations} />
        </section>
      ))}
      {index.webhooks.length > 0 ? (
        <section aria-labelledby={SECTION_IDS.webhooks} className={styles.tag}>
          <Heading as="h2" id={SECTION_IDS.webhooks}>
            Webhooks
          </Heading>
          <p>Requests the API sends to you.</p>
          <Entries entries={index.webhooks} />
        </section>
      ) : null}
    </>
  );
}
