import type {ReactNode} from 'react';
import clsx from 'clsx';
import type {Html} from '@site/plugins/api-reference/types';
import styles from './styles.module.css';

/**
 * Shows a description rendered to HTML at build time. The HTML comes from the
 * build's Markdown renderer, which escapes raw HTML in the documents.
 */
export default function Markdown({
  html,
  className,
}: {
  readonly html: Html | undefined;
  readonly className?: string;
}): ReactNode {
  if (html === undefined) return null;
  return <div className={clsx(styles.markdown, className)} dangerouslySetInnerHTML={{__html: html}} />;
}
