import type {ReactNode} from 'react';
import CodeBlock from '../CodeBlock';
import type {ExampleView} from '@site/plugins/api-reference/types';
import styles from './styles.module.css';

/** Examples, each with its name and summary; each with a copy button. */
export default function Examples({
  examples,
  label = 'Example',
}: {
  readonly examples: ExampleView[];
  readonly label?: string;
}): ReactNode {
  if (examples.length === 0) return null;
  return (
    <div className={styles.examples}>
      {examples.map((example, i) => (
        <div key={i}>
          <p className={styles.caption}>
            <strong>{example.name !== undefined ? `${label}: ${example.name}` : label}</strong>
            {example.summary !== undefined ? <span> — {example.summary}</span> : null}
          </p>
          <CodeBlock language={example.language} code={example.value} />
        </div>
      ))}
    </div>
  );
}
