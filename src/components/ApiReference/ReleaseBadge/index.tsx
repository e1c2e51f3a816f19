import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {ReleaseBadge as Badge} from '@site/plugins/api-reference/types';
import styles from './styles.module.css';

/** "New in 3.0.0" / "Changed in 3.0.0": a link to the release's entry on /version-history. */
export default function ReleaseBadge({badge}: {badge: Badge | undefined}): ReactNode {
  if (badge === undefined) return null;
  return (
    <Link to={badge.href} className={styles.release}>
      {badge.kind === 'new' ? 'New' : 'Changed'} in {badge.version}
    </Link>
  );
}
