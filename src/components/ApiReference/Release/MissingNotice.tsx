/**
 * A link or a switch to an element this release's page does not have (`#createBulkOrder` on
 * 1.0.0's reference) lands on this notice, at the top of the reference, instead of a silent jump:
 * it says when the element was added or removed.
 */
import {useEffect, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import type {ReferenceRelease} from '@site/plugins/api-reference/types';
import {InlineCode} from '@site/src/components/InlineCode';
import {missingText, nearestPresent} from './switching';
import styles from './styles.module.css';

export default function MissingNotice({release}: {readonly release: ReferenceRelease}): ReactNode {
  const location = useLocation();
  const [missing, setMissing] = useState<{anchor: string; shown?: string} | null>(null);
  useEffect(() => {
    const anchor = decodeURIComponent(location.hash.slice(1));
    // After the moved-anchor forwarding (useMovedAnchors) has had its turn.
    const check = window.setTimeout(() => {
      if (anchor === '' || document.getElementById(anchor) !== null) {
        setMissing(null);
        return;
      }
      // A missing field: its operation or message, when this release has it, is brought into view.
      const shown = nearestPresent(anchor, (id) => document.getElementById(id) !== null);
      if (shown !== undefined) document.getElementById(shown)?.scrollIntoView();
      setMissing({anchor, ...(shown !== undefined ? {shown} : {})});
    }, 0);
    return () => window.clearTimeout(check);
  }, [location.hash]);
  if (missing === null) return null;
  const subject = missing.anchor.split('.')[0] ?? missing.anchor;
  const where = release.absent?.[missing.anchor] ?? release.absent?.[subject];
  return (
    <div className={`alert alert--info ${styles.missing}`} role="status">
      <p>
        <InlineCode text={missingText(missing.anchor, release.version, where, missing.shown)} />
      </p>
    </div>
  );
}
