import type {ReactNode} from 'react';

export default function Tabs({groupId, children}: {groupId?: string; children?: ReactNode}): ReactNode {
  return <div data-group-id={groupId}>{children}</div>;
}
