/**
 * Docusaurus's code block content (the guides' code), with the block's Prism grammar set up
 * before it is highlighted: see src/prismLanguages.ts.
 */
import type {ReactNode} from 'react';
import Content from '@theme-original/CodeBlock/Content';
import type ContentType from '@theme/CodeBlock/Content';
import type {WrapperProps} from '@docusaurus/types';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import {ensurePrismLanguage} from '@site/src/prismLanguages';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useCodeBlockContext();
  ensurePrismLanguage(metadata.language);
  return <Content {...props} />;
}
