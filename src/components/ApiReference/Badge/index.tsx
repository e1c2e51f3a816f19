import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {BadgeView} from '@site/plugins/api-reference/types';
import styles from './styles.module.css';

function Drawn({badge}: {badge: BadgeView}): ReactNode {
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
  if (badge.kind === 'required') return <span className={styles.required}>required</span>;
  if (badge.kind === 'optional') return <span className={styles.optional}>optional</span>;
  return <span className={styles.flag}>{badge.kind}</span>;
}

/**
 * Every badge of the references, drawn one way per kind: "New in 3.0.0" / "Changed in 3.0.0" (a
 * link to the release's entry on /version-history), "deprecated" (with the release that deprecated
 * it and its sunset date, when known), "required" / "optional", and a field's plain flags
 * (read-only, write-only, nullable).
 *
 * Each badge is preceded by a space: where badges sit inline (a field's line, a label, a list of
 * values) the words stay apart in the page's text, in what a reader copies and in what a screen
 * reader reads as one line ("required read-only", not "requiredread-only"). In a flex row the
 * space is dropped by the layout, so nothing moves there.
 */
export default function Badge({badge}: {badge: BadgeView | undefined}): ReactNode {
  if (badge === undefined) return null;
  return (
    <>
      {' '}
      <Drawn badge={badge} />
    </>
  );
}
