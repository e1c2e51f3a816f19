/**
 * Which release a reference page shows: a banner on an older or upcoming release's pages (with
 * `noindex` and a canonical link to the current page), and a switcher on every reference page of a
 * site with more than one. Switching keeps the reader's place: the same operation or message
 * (element ids are operationIds and message names in every release), and the field when there is one.
 * When the target release lacks it, that page says so (MissingNotice), never a silent jump to the top.
 */
import {useEffect, useId, useState, type FormEvent, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import type {ReferenceRelease, ReleaseChoice} from '@site/plugins/api-reference/types';
import {switchTarget, SWITCHED_KEY, choiceLabel, releaseDateText} from './switching';
import MissingNotice from './MissingNotice';
import Since from '../Since';
import styles from './styles.module.css';

type Api = 'rest' | 'ws';

function Switcher({release, api}: {readonly release: ReferenceRelease; readonly api: Api}): ReactNode {
  const id = useId();
  const history = useHistory();
  const location = useLocation();
  const [chosen, setChosen] = useState(release.id ?? '');
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    const choice = release.choices.find((c) => (c.id ?? '') === chosen);
    if (choice === undefined || (choice.id ?? '') === (release.id ?? '')) return;
    try {
      window.sessionStorage.setItem(SWITCHED_KEY, choiceLabel(choice));
    } catch {
      // Storage refused (private mode): the page still opens, without the announcement.
    }
    history.push(switchTarget(choice, api, location.hash));
  };
  return (
    <form className={styles.switcher} onSubmit={submit} aria-label="Release">
      <label htmlFor={id}>Release</label>
      <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        {release.choices.map((choice: ReleaseChoice) => (
          <option key={choice.id ?? ''} value={choice.id ?? ''}>
            {choiceLabel(choice)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--sm button--secondary">
        Open
      </button>
    </form>
  );
}

/** After a switch, the new page says which release it shows (a polite live region). */
function SwitchAnnouncement(): ReactNode {
  const [text, setText] = useState('');
  useEffect(() => {
    let switched: string | null = null;
    try {
      switched = window.sessionStorage.getItem(SWITCHED_KEY);
      window.sessionStorage.removeItem(SWITCHED_KEY);
    } catch {
      // No storage: nothing to announce.
    }
    if (switched === null) return undefined;
    // A moment after the page is in place, so that screen readers hear the change in the live region.
    const announce = window.setTimeout(() => setText(`Now reading ${switched}.`), 100);
    return () => window.clearTimeout(announce);
  }, []);
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {text}
    </p>
  );
}

function Banner({release, api}: {readonly release: ReferenceRelease; readonly api: Api}): ReactNode {
  const location = useLocation();
  const currentPage = api === 'rest' ? release.current.rest : release.current.ws;
  // The same operation or message in the current release; the hash is known in the browser only.
  const hash = useIsBrowser() ? location.hash : '';
  const since =
    release.kind === 'release' ? `${currentPage}?since=${encodeURIComponent(release.version)}${hash}` : null;
  return (
    <div className={`alert alert--warning ${styles.banner}`} role="note" aria-label="Release shown">
      {release.kind === 'next' ? (
        <p>
          You are reading the <strong>upcoming release {release.version}</strong> (
          {releaseDateText(release.date)}). The current version is {release.current.version}: integrations in
          production use it.
        </p>
      ) : (
        <p>
          You are reading <strong>{release.version}</strong>. The current version is {release.current.version}
          .
        </p>
      )}
      <p>The payload validator and the request builder are on the current release's pages only.</p>
      <p>
        <Link to={`${currentPage}${hash}`}>Open this in the current release</Link>
        {since !== null ? (
          <>
            {' · '}
            <Link to={since}>What changed since {release.version}</Link>
          </>
        ) : null}
      </p>
    </div>
  );
}

export default function ReleaseBar({
  release,
  api,
}: {
  readonly release: ReferenceRelease | undefined;
  readonly api: Api;
}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  // `?since=` marks the current reference only: an older or upcoming release's pages link to it.
  const since = release === undefined || release.id === null ? <Since api={api} /> : null;
  if (release === undefined) return since;
  const currentPage = api === 'rest' ? release.current.rest : release.current.ws;
  return (
    <>
      {release.id !== null ? (
        <Head>
          <meta name="robots" content="noindex" />
          <link rel="canonical" href={new URL(currentPage, siteConfig.url).href} />
        </Head>
      ) : null}
      {release.id !== null ? <Banner release={release} api={api} /> : null}
      {release.choices.length > 1 ? <Switcher release={release} api={api} /> : null}
      <SwitchAnnouncement />
      <MissingNotice release={release} />
      {since}
    </>
  );
}
