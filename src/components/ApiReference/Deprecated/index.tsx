import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {DeprecationMark} from '@site/plugins/api-reference/types';
import styles from './styles.module.css';

/**
 * The "deprecated" mark of an operation, a parameter, a field or a message: with the release that
 * deprecated it (a link to its entry on /version-history) and the sunset date, when known.
 */
export default function Deprecated({mark}: {mark?: DeprecationMark | undefined}): ReactNode {
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
