import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {useIdentity} from '@site/src/components/Identity';

function VersionHistory(): ReactNode {
  const {title, apiVersion} = useIdentity();
  return (
    <main className="container margin-vert--lg">
      <Heading as="h1">Version history</Heading>
      <p>
        The current version of the {title} is <strong>{apiVersion}</strong>. The full history is being
        written.
      </p>
    </main>
  );
}

export default function VersionHistoryPage(): ReactNode {
  return (
    <Layout title="Version history" description="Changes to the API, version by version.">
      <VersionHistory />
    </Layout>
  );
}
