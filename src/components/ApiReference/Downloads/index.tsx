import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {
  POSTMAN_FILE,
  REST_TYPES_FILE,
  TYPES_DIR,
  WS_SCHEMAS_DIR,
  WS_SCHEMAS_INDEX,
  WS_TYPES_FILE,
  downloadPath,
} from '@site/plugins/api-reference/client/downloads';
import styles from './styles.module.css';

/**
 * Links to the API document as YAML and JSON, written to /downloads by the
 * build (postBuild). `pathname://` makes them plain file links: no client-side
 * routing and no false report from the broken-link checker.
 */
/** Other files generated from the same document (Postman collection, message schemas). */
export interface ExtraDownload {
  readonly path: string;
  readonly label: string;
  /** Saved rather than opened: a `.ts` file is served as video (MPEG transport stream) by many hosts. */
  readonly download?: string;
}

const EXTRAS: Record<'openapi' | 'asyncapi', readonly ExtraDownload[]> = {
  openapi: [
    {path: downloadPath(TYPES_DIR, REST_TYPES_FILE), label: 'TypeScript types', download: REST_TYPES_FILE},
    {path: downloadPath(POSTMAN_FILE), label: 'Postman collection'},
  ],
  asyncapi: [
    {
      path: downloadPath(TYPES_DIR, WS_TYPES_FILE),
      label: 'TypeScript types of every message',
      download: WS_TYPES_FILE,
    },
    {path: downloadPath(WS_SCHEMAS_DIR, WS_SCHEMAS_INDEX), label: 'JSON Schema of every message'},
  ],
};

export default function Downloads({
  name,
  label,
}: {
  readonly name: 'openapi' | 'asyncapi';
  readonly label: string;
}): ReactNode {
  return (
    <nav className={styles.downloads} aria-label={`Download the ${label}`}>
      <span>Download the {label}:</span>
      {(['yaml', 'json'] as const).map((ext) => (
        <Link
          key={ext}
          className="button button--sm button--outline button--primary"
          to={`pathname://${downloadPath(`${name}.${ext}`)}`}
          download={`${name}.${ext}`}
        >
          {name}.{ext}
        </Link>
      ))}
      {EXTRAS[name].map((extra) => (
        <Link
          key={extra.path}
          className="button button--sm button--outline button--secondary"
          to={`pathname://${extra.path}`}
          download={extra.download}
        >
          {extra.label}
        </Link>
      ))}
    </nav>
  );
}
