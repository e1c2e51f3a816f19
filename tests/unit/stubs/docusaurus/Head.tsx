/** Test stub: static rendering of a page body; what goes to <head> is the build's (tests/build). */
import type {ReactNode} from 'react';

export default function Head(_props: {children?: ReactNode}): ReactNode {
  return null;
}
