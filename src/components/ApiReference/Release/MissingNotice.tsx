/**
 * A link or a switch to an element this release's page does not have (`#createBulkOrder` on
 * 1.0.0's reference) lands on this notice, at the top of the reference, instead of a silent jump:
 * it says when the element was added or removed.
 */
import {useEffect, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import type {ReferenceRelease} from '@site/plugins/api-reference/types';
import {InlineCode} from '@site/src/components/InlineCode';
import {missingText} from './switching';
import styles from './styles.module.css';

export default function MissingNotice({release}: {readonly release: ReferenceRelease}): ReactNode {
  const location = useLocation();
  const [missing, setMissing] = useState<string | null>(null);
  useEffect(() => {
    const anchor = decodeURIComponent(location.hash.slice(1));
    // After the moved-anchor forwarding (useMovedAnchors) has had its turn.
    const check = window.setTimeout(() => {
      setMissing(anchor !== '' && document.getElementById(anchor) === null ? anchor : null);
    }, 0);
    return () => window.clearTimeout(check);
  }, [location.hash]);
  if (missing === null) return null;
  return (
    <div className={`alert alert--info ${styles.missing}`} role="status">
      <p>
        <InlineCode text={missingText(missing, release.version, release.absent?.[missing])} />
      </p>
    </div>
  );
}
