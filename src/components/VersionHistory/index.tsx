/**
 * /version-history: rendered from the history the releases plugin computes at build time from
 * specs/releases and the working documents (plugins/releases). Nothing here is hand-kept.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Head from '@docusaurus/Head';
import useBaseUrl from '@docusaurus/useBaseUrl';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import {ContactEmail, useGuideGaps, useIdentity} from '@site/src/components/Identity';
import {GapNotice, InlineCode} from '@site/src/components/Guide';
import type {EntryView, HistoryView, VersionHistoryProps} from '@site/plugins/releases/view';
import {
  FEED_ROUTE,
  HISTORY_ROUTE,
  JSON_ROUTE,
  NEXT_ID,
  releaseRoutes,
} from '@site/plugins/releases/client/routes';
import {judgedSentence} from '@site/plugins/releases/client/verdicts';
import {releaseDateText} from '@site/src/components/ApiReference/Release/switching';
import ChangeText from './ChangeText';
import Deprecations from './Deprecations';
import Group from './Group';
import Integration from './Integration';
import Rules, {RULES_ID} from './Rules';
import SinceControl from './SinceControl';
import styles from './styles.module.css';

function formatDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const SECTION_TITLES = {added: 'Added', changed: 'Changed', removed: 'Removed'} as const;

function Entry({entry, current}: {entry: EntryView; current: boolean}): ReactNode {
  return (
    <section className={styles.version} aria-labelledby={entry.id}>
      <Heading as="h2" id={entry.id}>
        {entry.title}
        {current ? <span className={styles.badge}>Current</span> : null}
      </Heading>
      <p className={styles.meta}>
        {entry.kind === 'unreleased' && entry.version !== null ? (
          <>
            The upcoming release ({releaseDateText(entry.date)}), not yet in production. Changes since{' '}
            {entry.since ?? 'the newest release'}; preview its{' '}
            <Link to={releaseRoutes(NEXT_ID).rest}>REST</Link> and{' '}
            <Link to={releaseRoutes(NEXT_ID).ws}>WebSocket</Link> references.
          </>
        ) : entry.kind === 'unreleased' ? (
          `Changes in the documents not yet recorded as a release (since ${entry.since ?? 'the newest release'}).`
        ) : entry.kind === 'amendment' ? (
          <strong>{entry.lead}</strong>
        ) : entry.date === null ? (
          'Release date: not published'
        ) : (
          <>
            Released <time dateTime={entry.date}>{formatDate(entry.date)}</time>
          </>
        )}
        {entry.total > 0 && !entry.initial ? ` · ${entry.summary}` : ''}
      </p>
      {entry.judgedAt !== undefined ? (
        <p className={styles.meta}>{judgedSentence(entry.judgedAt, formatDate)}</p>
      ) : null}
      {entry.kind === 'amendment' && entry.reason !== undefined ? (
        <p>
          <InlineCode text={entry.reason} />
        </p>
      ) : null}
      {entry.notes.map((note) => (
        <p key={note.text}>
          <InlineCode text={note.text} />
          {note.contactProvider === true ? (
            <>
              {' '}
              Contact: <ContactEmail />.
            </>
          ) : null}
        </p>
      ))}
      {entry.initial ? (
        <p className={styles.meta}>
          The first recorded release: there is no earlier release to compare it with.
        </p>
      ) : entry.total === 0 ? (
        <p className={styles.meta}>The documents did not change.</p>
      ) : (
        <>
          {entry.changeNotes.length > 0 ? (
            <ol className={styles.sharedNotes} aria-label={`Notes on the changes of ${entry.title}`}>
              {entry.changeNotes.map((note, i) => (
                <li key={note.id} id={note.id}>
                  <strong>Note {i + 1}</strong>
                  {note.about !== undefined ? (
                    <>
                      , on every use of <ChangeText text={note.about} />
                    </>
                  ) : null}{' '}
                  ({note.lines} lines below): <ChangeText text={note.text} />
                </li>
              ))}
            </ol>
          ) : null}
          {entry.kind === 'amendment' ? (
            <div>
              <Heading as="h3" id={`${entry.id}-corrections`}>
                Corrections
              </Heading>
              <p className={styles.meta}>
                What the earlier text said, what the corrected text says, and what to check if you built from
                the earlier text.
              </p>
              <ul className={styles.groups}>
                {entry.sections
                  .flatMap((section) => section.groups)
                  .sort((a, b) => a.api.localeCompare(b.api) || a.label.localeCompare(b.label))
                  .map((group) => (
                    <Group key={`${group.api}:${group.key}`} group={group} />
                  ))}
              </ul>
            </div>
          ) : (
            entry.sections.map((section) => (
              <div key={section.change}>
                <Heading as="h3" id={`${entry.id}-${section.change}`}>
                  {SECTION_TITLES[section.change]}
                </Heading>
                <ul className={styles.groups}>
                  {section.groups.map((group) => (
                    <Group key={`${group.api}:${group.key}`} group={group} />
                  ))}
                </ul>
              </div>
            ))
          )}
          {entry.docs.length > 0 ? (
            <div>
              <Heading as="h3" id={`${entry.id}-documentation`}>
                Descriptions and examples
              </Heading>
              <p className={styles.meta}>
                {entry.kind === 'amendment'
                  ? 'Only words or examples were corrected: nothing you built is affected.'
                  : 'Only words or examples changed: no integration is affected.'}
              </p>
              <ul className={styles.docs}>
                {entry.docs.map((d) => (
                  <li key={`${d.subject}|${d.text}`}>
                    <ChangeText text={`${d.subject}: ${d.text}`} />
                    {d.href !== undefined ? (
                      <>
                        {' '}
                        (<Link to={d.href}>in the reference</Link>)
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}

function VersionHistory({history}: {history: HistoryView}): ReactNode {
  const {title} = useIdentity();
  const gaps = useGuideGaps(HISTORY_ROUTE);
  const newest = history.entries.find((e) => e.kind === 'release');
  return (
    <main className="container margin-vert--lg">
      <Heading as="h1">Version history</Heading>
      {gaps.length > 0 ? (
        <GapNotice lead="This history does not match the API documents:" gaps={gaps} />
      ) : null}
      {history.entries.length === 0 ? (
        <p className={styles.lead}>
          No releases are recorded for the API documents this site was built from, so there is no history to
          show.
        </p>
      ) : (
        <>
          <p className={styles.lead}>
            Releases of the {title}, newest first, with the changes computed from the API documents of each
            release. Each change is listed under every operation and message it reaches, and judged for the
            side you are on there: what you send, or what you receive. Changes marked{' '}
            <strong>Breaking</strong> can break an integration built for the previous version; see{' '}
            <Link to={`#${RULES_ID}`}>how changes are classified</Link>.
          </p>
          <p>
            {/* Files of the build, not routes: `pathname://` makes them plain file links. */}
            <Link to={`pathname://${FEED_ROUTE}`} type="application/atom+xml">
              Atom feed of releases
            </Link>{' '}
            ·{' '}
            <Link to={`pathname://${JSON_ROUTE}`} type="application/json">
              all releases and changes as JSON
            </Link>
          </p>
          {history.versions.length > 1 ? <SinceControl history={history} /> : null}
          <Integration history={history} />
          <Deprecations deprecations={history.deprecations} />
          {history.entries.map((entry) => (
            <Entry key={entry.id} entry={entry} current={entry === newest} />
          ))}
        </>
      )}
      <Rules rules={history.rules} />
    </main>
  );
}

/** The route module is `releases` (a route component's `history` prop is the router's). */
export default function VersionHistoryPage({releases: history}: VersionHistoryProps): ReactNode {
  const feed = useBaseUrl(FEED_ROUTE);
  return (
    <Layout
      title="Version history"
      description="Releases of the API and what changed in each, computed from its documents."
    >
      <Head>
        <link rel="alternate" type="application/atom+xml" title="Releases" href={feed} />
      </Head>
      <VersionHistory history={history} />
    </Layout>
  );
}
