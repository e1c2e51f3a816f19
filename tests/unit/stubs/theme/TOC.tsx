/* eslint-disable @docusaurus/no-html-links -- this stub stands in for Link itself */
import type {ReactNode} from 'react';

type Item = {value: string; id: string; level: number};

export default function TOC({
  toc,
}: {
  toc: readonly Item[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
}): ReactNode {
  return (
    <ul data-toc="">
      {toc.map((item) => (
        <li key={item.id} data-level={item.level}>
          <a href={`#${item.id}`}>{item.value}</a>
        </li>
      ))}
    </ul>
  );
}
