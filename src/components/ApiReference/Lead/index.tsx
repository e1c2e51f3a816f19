import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** The line under a reference's title: the API's title and version, and the document format. */
export default function Lead({
  title,
  version,
  format,
}: {
  readonly title: string;
  readonly version: string;
  /** e.g. "OpenAPI 3.1.0"; undefined when the document does not say. */
  readonly format: string | undefined;
}): ReactNode {
  return (
    <p className={styles.lead}>
      {title}
      {version !== '' ? <>, version {version}</> : null}
      {format !== undefined ? <span className={styles.muted}> · {format}</span> : null}
    </p>
  );
}
