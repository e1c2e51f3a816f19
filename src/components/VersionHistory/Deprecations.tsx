/** Everything the current documents deprecate, soonest sunset first (plugins/releases/changes/deprecations.ts). */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {InlineCode} from '@site/src/components/Guide';
import type {DeprecationView} from '@site/plugins/releases/view';
import styles from './styles.module.css';

const API_NAMES = {rest: 'REST', ws: 'WebSocket'} as const;

export default function Deprecations({deprecations}: {deprecations: DeprecationView[]}): ReactNode {
  return (
    <section aria-labelledby="deprecations">
      <Heading as="h2" id="deprecations">
        Deprecations
      </Heading>
      {deprecations.length === 0 ? (
        <p className={styles.meta}>Nothing is deprecated in the current API documents.</p>
      ) : (
        <>
          <p className={styles.meta}>
            What the current API documents deprecate, soonest sunset first: plan to stop using each by its
            sunset date. After that date it may be removed in a minor release.
          </p>
          <ul className={styles.deprecations}>
            {deprecations.map((d) => {
              const what = <InlineCode text={`${API_NAMES[d.api]} ${d.subject}: ${d.item}`} />;
              return (
                <li key={`${d.api}|${d.subject}|${d.item}`}>
                  {d.href !== undefined ? <Link to={d.href}>{what}</Link> : what}
                  {d.since !== undefined && d.sinceHref !== undefined ? (
                    <>
                      {' '}
                      · deprecated in <Link to={d.sinceHref}>{d.since}</Link>
                    </>
                  ) : null}
                  {' · '}
                  {d.sunset !== undefined ? (
                    <>
                      sunset <time dateTime={d.sunset}>{d.sunset}</time>
                    </>
                  ) : (
                    'no sunset date given'
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
