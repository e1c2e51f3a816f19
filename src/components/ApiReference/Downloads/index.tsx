import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import styles from './styles.module.css';

/**
 * Links to the API document as YAML and JSON, written to /downloads by the
 * build (postBuild). `pathname://` makes them plain file links: no client-side
 * routing and no false report from the broken-link checker.
 */
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
          to={`pathname:///downloads/${name}.${ext}`}
          download={`${name}.${ext}`}
        >
          {name}.{ext}
        </Link>
      ))}
    </nav>
  );
}
