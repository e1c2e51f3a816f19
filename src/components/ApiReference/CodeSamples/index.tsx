import type {ReactNode} from 'react';
import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';
import CodeBlock from '@theme/CodeBlock';
import type {CodeSample} from '@site/plugins/api-reference/types';

/**
 * One tab per language. The shared groupId makes Docusaurus remember the
 * reader's language (local storage) and switch every sample on the site at once.
 */
export const CODE_LANGUAGE_GROUP = 'code-language';

export default function CodeSamples({
  samples,
  title,
}: {
  readonly samples: CodeSample[];
  readonly title: string;
}): ReactNode {
  if (samples.length === 0) return null;
  return (
    <div role="group" aria-label={title}>
      <Tabs groupId={CODE_LANGUAGE_GROUP} defaultValue={samples[0]?.language} lazy={false}>
        {samples.map((sample) => (
          <TabItem key={sample.language} value={sample.language} label={sample.label}>
            <CodeBlock language={sample.prism}>{sample.code}</CodeBlock>
          </TabItem>
        ))}
      </Tabs>
    </div>
  );
}
