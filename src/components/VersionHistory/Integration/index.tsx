/**
 * "Changes for your integration": the part of /version-history's first chunk is this stub, a
 * heading, one sentence and a button. The filter itself (parsers, matcher, the documents'
 * operations and messages) is fetched from the site on first use: the button, or a link whose
 * fragment holds a selection (`#integration?…`).
 */
import {useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import type {HistoryView} from '@site/plugins/releases/view';
import styles from '../styles.module.css';

export interface FilterProps {
  history: HistoryView;
  /** Move focus into the filter once shown (it was opened with the keyboard or a click). */
  focus: boolean;
}

export default function Integration({history}: {history: HistoryView}): ReactNode {
  const [Filter, setFilter] = useState<{component: ComponentType<FilterProps>; focus: boolean} | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);
  const open = useCallback((focus: boolean): void => {
    if (started.current) return;
    started.current = true;
    import('./Filter')
      .then((m) => setFilter({component: m.default, focus}))
      .catch((error: unknown) => {
        started.current = false;
        setFailed(String(error));
      });
  }, []);
  useEffect(() => {
    // A link that holds a selection opens the filter at once.
    if (/^#integration(\?|$)/.test(window.location.hash)) open(false);
  }, [open]);
  if (history.entries.length < 2) return null;
  if (Filter !== null) return <Filter.component history={history} focus={Filter.focus} />;
  return (
    <section className={styles.since} aria-labelledby="integration">
      <Heading as="h2" id="integration">
        Changes for your integration
      </Heading>
      <p>
        Paste the operations and messages you use, or drop a Postman collection or a HAR file, and see only
        the changes that reach them. Nothing is sent.
      </p>
      <button type="button" className="button button--secondary" onClick={() => open(true)}>
        Filter by what I use
      </button>
      {failed !== null ? <p role="alert">The filter could not be loaded: {failed}</p> : null}
    </section>
  );
}
