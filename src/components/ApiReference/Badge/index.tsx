import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {BadgeView} from '@site/plugins/api-reference/types';
import styles from './styles.module.css';

/**
 * Every badge of the references, drawn one way per kind: "New in 3.0.0" / "Changed in 3.0.0" (a
 * link to the release's entry on /version-history), "deprecated" (with the release that deprecated
 * it and its sunset date, when known) and a field's plain flags (read-only, write-only, nullable).
 */
export default function Badge({badge}: {badge: BadgeView | undefined}): ReactNode {
  if (badge === undefined) return null;
  if (badge.kind === 'new' || badge.kind === 'changed')
    return (
      <Link to={badge.href} className={styles.release}>
        {badge.kind === 'new' ? 'New' : 'Changed'} in {badge.version}
      </Link>
    );
  if (badge.kind === 'deprecated') {
    const {mark} = badge;
    return (
      <span className={styles.deprecated}>
        deprecated
        {mark?.since !== undefined ? (
          <>
            {' in '}
            {mark.href !== undefined ? <Link to={mark.href}>{mark.since}</Link> : <span>{mark.since}</span>}
          </>
        ) : null}
        {mark?.sunset !== undefined ? (
          <>
            {', sunset '}
            <time dateTime={mark.sunset}>{mark.sunset}</time>
          </>
        ) : null}
      </span>
    );
  }
  return <span className={styles.flag}>{badge.kind}</span>;
}
