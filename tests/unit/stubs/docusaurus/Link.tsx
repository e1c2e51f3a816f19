/* eslint-disable @docusaurus/no-html-links -- this stub stands in for Link itself */
import type {ReactNode} from 'react';

type Props = {
  href?: string;
  to?: string;
  children?: ReactNode;
  className?: string;
  download?: string;
  'aria-label'?: string;
};

/** Like the real Link for what tests see: `pathname://` becomes a plain path. */
export default function Link({href, to, children, ...rest}: Props): ReactNode {
  const target = (to ?? href ?? '').replace(/^pathname:\/\//, '');
  return (
    <a href={target} {...rest}>
      {children}
    </a>
  );
}
