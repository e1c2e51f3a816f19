import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {pageDownloads, releaseDownloadsFolder} from '@site/plugins/api-reference/client/downloads';
import type {ReferenceRelease} from '@site/plugins/api-reference/types';
import styles from './styles.module.css';

/**
 * Links to the API document as YAML and JSON and to the files generated from it (Postman
 * collection, JSON Schemas, TypeScript types), written by the build (postBuild). The list is
 * client/downloads.ts's DOWNLOADS, which llms.txt reads too: the current reference's files are
 * under /downloads, an older or upcoming release's are the same files beside its reference
 * (/releases/<id>/openapi.yaml, /releases/<id>/postman-collection.json, …), made from that
 * release's documents. `pathname://` makes them plain file links: no client-side routing and no
 * false report from the broken-link checker.
 */
export default function Downloads({
  name,
  label,
  release,
}: {
  readonly name: 'openapi' | 'asyncapi';
  readonly label: string;
  /** An older or upcoming release's page offers that release's files. */
  readonly release?: ReferenceRelease | undefined;
}): ReactNode {
  const recorded = release?.documents?.[name];
  const of = recorded !== undefined && release !== undefined ? ` of ${release.version}` : '';
  const files = pageDownloads(name, recorded === undefined ? undefined : releaseDownloadsFolder(recorded));
  return (
    <nav className={styles.downloads} aria-label={`Download the ${label}${of}`}>
      <span>
        Download the {label}
        {of}:
      </span>
      {files.map((file) => (
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
