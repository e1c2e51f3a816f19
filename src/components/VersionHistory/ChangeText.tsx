/**
 * A change line's text: `code` spans as <code>, with a break opportunity (<wbr>) after each `.`,
 * `/` and `_` inside them, so a long field path or URL wraps between its parts on a narrow
 * screen, never in the middle of a name.
 */
import {Fragment, type ReactNode} from 'react';

/** Splits inside code after `.`, `/` and `_` (the parts keep their characters). */
export function codeParts(code: string): string[] {
  return code.split(/(?<=[./_])/).filter((part) => part !== '');
}

function Code({code}: {code: string}): ReactNode {
  const parts = codeParts(code);
  return (
    <code>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </code>
  );
}

export default function ChangeText({text}: {text: string}): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, i) =>
      part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
        <Code key={i} code={part.slice(1, -1)} />
      ) : (
        part
      ),
    );
}
