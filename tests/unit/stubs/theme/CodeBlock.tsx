import type {ReactNode} from 'react';

export default function CodeBlock({
  language,
  children,
}: {
  language?: string;
  children?: ReactNode;
}): ReactNode {
  return (
    <pre data-language={language}>
      <code>{children}</code>
    </pre>
  );
}
