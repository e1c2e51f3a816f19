import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';

function Licenses(): ReactNode {
  return (
    <main className="container margin-vert--lg">
      <Heading as="h1">Licenses</Heading>
      <p>The list of the open-source packages this site ships, with their licences, is being written.</p>
    </main>
  );
}

export default function LicensesPage(): ReactNode {
  return (
    <Layout title="Licenses" description="Licences of the API and of the software this site ships.">
      <Licenses />
    </Layout>
  );
}
