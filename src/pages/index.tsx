import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {ContactEmail, useIdentity} from '@site/src/components/Identity';
import {EnvironmentsTable, RequestExample} from '@site/src/components/Guide';
import styles from './index.module.css';
import {ROUTES, routeAnchor} from '@site/plugins/api-reference/client/routes';
import {tagId} from '@site/plugins/api-reference/client/anchors';

const sections = [
  {
    to: '/docs/intro',
    title: 'Guides',
    text: 'Access, environments, authentication and the settlement flow, step by step.',
  },
  {
    to: ROUTES.rest,
    title: 'REST API',
    text: 'Instruments, risk figures, orders, trades, settlement requests and transactions.',
  },
  {to: ROUTES.ws, title: 'WebSocket API', text: 'Streaming prices, order placement and trade updates.'},
] as const;

const capabilities = [
  {
    text: 'List tradeable instruments: crypto-asset and fiat pairs such as BTC-EUR.',
    to: routeAnchor(ROUTES.rest, 'listInstruments'),
  },
  {
    text: 'Read your risk figures: exposure, margin requirement and margin usage.',
    to: routeAnchor(ROUTES.rest, 'getRiskFigures'),
  },
  {text: 'Stream prices and place fill-or-kill market orders over WebSocket.', to: '/docs/websockets'},
  {
    text: 'Read your order and trade history, by time range or sequence number.',
    to: routeAnchor(ROUTES.rest, tagId('orders')),
  },
  {
    text: 'Request settlement of trades and follow it to the end.',
    to: '/docs/getting_started#settle-a-trade-step-by-step',
  },
  {
    text: 'Read settlement transactions and map them to settlement requests.',
    to: routeAnchor(ROUTES.rest, tagId('transactions')),
  },
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
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/docs/getting_started">
              Get started
            </Link>
            <Link className="button button--secondary button--lg" to="/docs/intro">
              Read the introduction
            </Link>
          </div>
          <p className={styles.version}>
            API version <strong>{identity.apiVersion}</strong> ·{' '}
            <Link to={ROUTES.versionHistory}>Version history</Link>
          </p>
        </div>
      </header>

      <section className="container margin-vert--lg" aria-labelledby="home-docs">
        <Heading as="h2" id="home-docs" className={styles.sectionTitle}>
          Documentation
        </Heading>
        <ul className={styles.cards}>
          {sections.map((s) => (
            <li key={s.to} className={styles.card}>
              <Link to={s.to} className={styles.cardLink}>
                <Heading as="h3">{s.title}</Heading>
                <p>{s.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container margin-vert--lg" aria-labelledby="home-offers">
        <Heading as="h2" id="home-offers" className={styles.sectionTitle}>
          What the API offers
        </Heading>
        <ul className={styles.offers}>
          {capabilities.map((c) => (
            <li key={c.to}>
              <Link to={c.to}>{c.text}</Link>
            </li>
          ))}
        </ul>
        <p>
          Placing bulk orders over REST is currently disabled; to place bulk orders, contact <ContactEmail />.
        </p>
      </section>

      <section className="container margin-vert--lg" aria-labelledby="home-environments">
        <Heading as="h2" id="home-environments" className={styles.sectionTitle}>
          Environments
        </Heading>
        <p>
          Two environments exist, pre-production and production; pre-production is the default throughout this
          documentation. See <Link to="/docs/environments">Environments</Link>.
        </p>
        <div className={styles.tableWrap}>
          <EnvironmentsTable />
        </div>
      </section>

      <section className="container margin-vert--lg" aria-labelledby="home-first-request">
        <Heading as="h2" id="home-first-request" className={styles.sectionTitle}>
          A first request
        </Heading>
        <p>
          With your token in <code>API_TOKEN</code>, list the instruments you can trade on pre-production (see{' '}
          <Link to="/docs/authentication">Authentication</Link>):
        </p>
        <RequestExample method="GET" path="/api/instruments" title="List the instruments" />
        <p>
          Next: <Link to="/docs/getting_started">Getting started</Link> walks through a complete settlement,
          and the <Link to={routeAnchor(ROUTES.rest, 'listInstruments')}>REST reference</Link> documents the
          answer field by field.
        </p>
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
