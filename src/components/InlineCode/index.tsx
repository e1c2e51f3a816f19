/** Text in which `backticks` mark code, as the data files write it: the guides, the history and the references use it. */
import type {ReactNode} from 'react';

export function InlineCode({text}: {text: string}): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
        <code key={i}>{part.slice(1, -1)}</code>
      ) : (
        part
      ),
    );
}
