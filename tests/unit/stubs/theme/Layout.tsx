import type {ReactNode} from 'react';

export default function Layout({
  children,
}: {
  title?: string;
  description?: string;
  children?: ReactNode;
}): ReactNode {
  return <div data-layout="">{children}</div>;
}
