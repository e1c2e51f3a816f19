import type {ReactNode} from 'react';

export default function TabItem({
  value,
  label,
  children,
}: {
  value: string;
  label?: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <div role="tabpanel" data-value={value} aria-label={label}>
      {children}
    </div>
  );
}
