import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import data from '@shipped-licenses/data';
import {useIdentity} from '@site/src/components/Identity';
import type {ShippedPackage} from '@site/plugins/licenses/types';
import styles from './licenses.module.css';

function licenseId(license: string): string {
  return `license-${license
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

function PackageEntry({pkg}: {pkg: ShippedPackage}): ReactNode {
  const registry = `https://www.npmjs.com/package/${pkg.name}/v/${pkg.version}`;
  return (
    <li className={styles.package}>
      <span className={styles.packageName}>
        <Link href={pkg.url ?? registry}>{pkg.name}</Link>{' '}
        <span className={styles.version}>{pkg.version}</span>
      </span>
      {pkg.licenseText !== null ? (
        <details className={styles.text}>
          <summary>
            Licence text <span className={styles.file}>({pkg.licenseFile})</span>
          </summary>
          <pre>{pkg.licenseText}</pre>
        </details>
      ) : (
        <span className={styles.noText}>
          {' '}
          — no licence file in the package; see its <Link href={registry}>registry page</Link>.
        </span>
      )}
    </li>
  );
}

function Licenses(): ReactNode {
  const {title} = useIdentity();
  if (!data.complete) {
    // Only possible if the licences plugin did not run on this bundle: say so rather than show an empty list.
    throw new Error('The list of shipped packages was not computed (is the licenses plugin registered?).');
  }
  return (
    <main className="container margin-vert--lg">
      <Heading as="h1">Licenses</Heading>

      <Heading as="h2" id="api">
        The API
      </Heading>
      {data.api !== null ? (
        <p>
          The {title} is provided under a {data.api.name.toLowerCase()} licence
          {data.api.url !== null ? (
            <>
              : <Link href={data.api.url}>{data.api.name} licence terms</Link>
            </>
          ) : null}
          .
        </p>
      ) : (
        <p>The API documents do not name a licence for the {title}.</p>
      )}

      <Heading as="h2" id="software">
        Software in this website
      </Heading>
      <p>
        This website sends {data.packageCount} open-source packages to your browser, listed below with their
        licences. The list is generated when the site is built, from the modules in its browser bundle, so it
        changes with the site&apos;s dependencies. Tools used only to build or test the site do not reach the
        browser and are not listed.
      </p>
      {data.mode === 'development' ? (
        <p className={styles.devNote}>
          You are viewing the development server: its bundle also carries development tools (such as
          webpack&apos;s hot reloading), which the built site does not ship.
        </p>
      ) : null}
      <nav aria-label="Licences">
        <ul className={styles.summary}>
          {data.groups.map((g) => (
            <li key={g.license}>
              <Link href={`#${licenseId(g.license)}`}>{g.license}</Link>: {g.packages.length}{' '}
              {g.packages.length === 1 ? 'package' : 'packages'}
            </li>
          ))}
        </ul>
      </nav>
      {data.groups.map((g) => (
        <section key={g.license} aria-labelledby={licenseId(g.license)}>
          <Heading as="h3" id={licenseId(g.license)}>
            {g.license}
          </Heading>
          <ul className={styles.packages}>
            {g.packages.map((p) => (
              <PackageEntry key={`${p.name}@${p.version}`} pkg={p} />
            ))}
          </ul>
        </section>
      ))}
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
