/** Test stand-in for @theme/Heading: the tag and id, as the real one renders them. */
import type {ReactNode} from 'react';

type Props = {
  as: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';
  id?: string;
  className?: string;
  children?: ReactNode;
};

export default function Heading({as: Tag, id, className, children}: Props): ReactNode {
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}
