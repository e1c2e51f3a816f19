import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {useIdentity} from '@site/src/components/Identity';
import styles from './index.module.css';

const sections = [
  {
    to: '/docs/intro',
    title: 'Guides',
    text: 'Access, environments, authentication and the settlement flow, step by step.',
  },
  {
    to: '/rest',
    title: 'REST API',
    text: 'Instruments, risk figures, orders, trades, settlement requests and transactions.',
  },
  {to: '/docs/ws', title: 'WebSocket API', text: 'Streaming prices, order placement and trade updates.'},
] as const;

function Home(): ReactNode {
  const identity = useIdentity();
  return (
    <main>
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1">{identity.title}</Heading>
          <p className={styles.lead}>
            Documentation for institutional clients integrating with {identity.providerName}: trade
            crypto-asset and fiat pairs, follow your orders and trades, and settle them.
          </p>
        </div>
      </header>
      <section className="container margin-vert--lg" aria-label="Documentation sections">
        <ul className={styles.cards}>
          {sections.map((s) => (
            <li key={s.to} className={styles.card}>
              <Link to={s.to} className={styles.cardLink}>
                <Heading as="h2">{s.title}</Heading>
                <p>{s.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

export default function HomePage(): ReactNode {
  return (
    <Layout description="Guides and reference for the trading API: REST and WebSocket.">
      <Home />
    </Layout>
  );
}
