import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {ContactEmail, useGuideGaps, useIdentity} from '@site/src/components/Identity';
import {GapNotice, InlineCode} from '@site/src/components/Guide';
import {versionHistory, type VersionEntry} from '@site/src/data/versionHistory';
import styles from './version-history.module.css';

function formatDate(date: string | null): string {
  if (date === null) return 'Release date not published';
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

function Version({entry, current}: {entry: VersionEntry; current: boolean}): ReactNode {
  const id = `v${entry.version.replace(/\./g, '-')}`;
  const actions = entry.changes.filter((c) => c.action !== undefined).length;
  return (
    <section className={styles.version} aria-labelledby={id}>
      <Heading as="h2" id={id}>
        {entry.version}
        {current ? <span className={styles.badge}>Current</span> : null}
      </Heading>
      <p className={styles.meta}>
        {entry.date === null ? formatDate(null) : <time dateTime={entry.date}>{formatDate(entry.date)}</time>}
        {actions > 0
          ? ` · ${actions} change${actions > 1 ? 's' : ''} need${actions > 1 ? '' : 's'} action`
          : ''}
      </p>
      <ul className={styles.changes}>
        {entry.changes.map((change) => (
          <li key={change.summary} className={change.action !== undefined ? styles.actionChange : undefined}>
            {change.action !== undefined ? (
              <strong className={styles.actionMark}>Action required</strong>
            ) : null}
            <p>
              <InlineCode text={change.summary} />
            </p>
            {change.action !== undefined ? (
              <p>
                <InlineCode text={change.action.text} />
                {change.action.contactProvider === true ? (
                  <>
                    {' '}
                    Contact: <ContactEmail />.
                  </>
                ) : null}
              </p>
            ) : null}
            {change.operations !== undefined ? (
              <p className={styles.refs}>
                Reference:{' '}
                {change.operations.map((op, i) => (
                  <span key={op}>
                    {i > 0 ? ', ' : ''}
                    <Link to={`/rest#${op}`}>
                      <code>{op}</code>
                    </Link>
                  </span>
                ))}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function VersionHistory(): ReactNode {
  const {title, apiVersion} = useIdentity();
  // The history is written for one API; when the documents are at a version it does
  // not describe (src/data/versionHistory.ts not updated, or other documents), the
  // page says so instead of showing a history that belongs to something else.
  const gaps = useGuideGaps('/version-history');
  const describesThisVersion = versionHistory[0]?.version === apiVersion;
  const notice =
    gaps.length === 0 ? null : describesThisVersion ? (
      <GapNotice
        lead="Parts of this history do not apply to the API documents this site was built from:"
        gaps={gaps}
      />
    ) : (
      <GapNotice
        lead={
          <>
            No version history is shown: the history kept with this site does not describe version{' '}
            <code>{apiVersion || '(none)'}</code> of the {title}.
          </>
        }
        gaps={[]}
      />
    );
  return (
    <main className="container margin-vert--lg">
      <Heading as="h1">Version history</Heading>
      {notice}
      {describesThisVersion ? (
        <>
          <p className={styles.lead}>
            Changes to the {title}, newest first. Changes marked <strong>Action required</strong> need work on
            your side. Earlier versions have not been published.
          </p>
          {versionHistory.map((entry, i) => (
            <Version key={entry.version} entry={entry} current={i === 0} />
          ))}
        </>
      ) : null}
    </main>
  );
}

export default function VersionHistoryPage(): ReactNode {
  return (
    <Layout
      title="Version history"
      description="Changes to the API, version by version, and what integrators must do."
    >
      <VersionHistory />
    </Layout>
  );
}
