import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {pageDownloads} from '@site/plugins/api-reference/client/downloads';
import type {ReferenceRelease} from '@site/plugins/api-reference/types';
import styles from './styles.module.css';

/**
 * Links to the API document as YAML and JSON, written to /downloads by the
 * build (postBuild), and to the files generated from it (the list is
 * client/downloads.ts's DOWNLOADS, which llms.txt reads too). `pathname://` makes
 * them plain file links: no client-side routing and no false report from the
 * broken-link checker.
 */
export default function Downloads({
  name,
  label,
  release,
}: {
  readonly name: 'openapi' | 'asyncapi';
  readonly label: string;
  /** An older or upcoming release's page offers that release's document, as recorded. */
  readonly release?: ReferenceRelease | undefined;
}): ReactNode {
  const recorded = release?.documents?.[name];
  if (recorded !== undefined)
    return (
      <nav className={styles.downloads} aria-label={`Download the ${label} of ${release?.version ?? ''}`}>
        <span>
          Download the {label} of {release?.version}:
        </span>
        {[
          {path: recorded, label: 'YAML', primary: true},
          {path: recorded.replace(/\.yaml$/, '.json'), label: 'JSON', primary: false},
        ].map((file) => (
          <Link
            key={file.path}
            className={`button button--sm button--outline ${file.primary ? 'button--primary' : 'button--secondary'}`}
            to={`pathname://${file.path}`}
            download
          >
            {file.label}
          </Link>
        ))}
      </nav>
    );
  return (
    <nav className={styles.downloads} aria-label={`Download the ${label}`}>
      <span>Download the {label}:</span>
      {pageDownloads(name).map((file) => (
        <Link
          key={file.path}
          className={`button button--sm button--outline ${file.primary === true ? 'button--primary' : 'button--secondary'}`}
          to={`pathname://${file.path}`}
          download={file.download}
        >
          {file.label}
        </Link>
      ))}
    </nav>
  );
}
