import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type {SiteIdentity} from '@site/plugins/api-reference/identity';

interface Props {
  readonly identity: SiteIdentity;
}

/** Data work happens inside Layout's children so a failure shows the crash fallback. */
function RestReference({identity}: Props): ReactNode {
  return (
    <main className="container margin-vert--lg">
      <Heading as="h1">REST API reference</Heading>
      <p>
        {identity.title} {identity.apiVersion}. The generated reference is being written.
      </p>
    </main>
  );
}

export default function RestPage(props: Props): ReactNode {
  return (
    <Layout title="REST API reference" description={`REST API reference of the ${props.identity.title}`}>
      <RestReference {...props} />
    </Layout>
  );
}
