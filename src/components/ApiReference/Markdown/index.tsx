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
  // Most descriptions are one paragraph: that paragraph is the element (one wrapper fewer per
  // field, hundreds on a reference page).
  const single = /^<p>((?:(?!<\/?p[\s>])[\s\S])*)<\/p>\s*$/.exec(html);
  if (single !== null)
    return (
      <p className={clsx(styles.markdown, className)} dangerouslySetInnerHTML={{__html: single[1] ?? ''}} />
    );
  return <div className={clsx(styles.markdown, className)} dangerouslySetInnerHTML={{__html: html}} />;
}
