import type {ReactNode} from 'react';

/** Constraint sentences mark code with backticks (patterns, property names): show those as code. */
export default function Text({value}: {readonly value: string}): ReactNode {
  const parts = value.split('`');
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
