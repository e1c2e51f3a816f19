/**
 * Wraps (never ejects) the doc content to put the "Copy page as Markdown"
 * control above every guide and the WebSocket reference (an MDX doc), and, on a
 * guide that does not fit the API documents the site was built from, a notice
 * saying what does not apply (plugins/api-reference/guideFit.ts).
 */
import type {ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import CopyMarkdown from '@site/src/components/CopyMarkdown';
import {GapNotice} from '@site/src/components/Guide';
import {useGuideGaps, useIdentity} from '@site/src/components/Identity';

type Props = WrapperProps<typeof ContentType>;

function GuideNotice(): ReactNode {
  const {metadata} = useDoc();
  const gaps = useGuideGaps(metadata.id);
  const {title} = useIdentity();
  if (gaps.length === 0) return null;
  return (
    <GapNotice
      lead={`This guide was written for other API documents than the ones this site was built from (${title}). These parts of it do not apply:`}
      gaps={gaps}
    />
  );
}

export default function ContentWrapper(props: Props): ReactNode {
  return (
    <>
      <CopyMarkdown />
      <GuideNotice />
      <Content {...props} />
    </>
  );
}
