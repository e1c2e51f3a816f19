/**
 * "Changes since version …": what still applies between the reader's version and the newest
 * release, in one list (view.ts sinceView: a change later reverted, superseded, or inside
 * something added or removed since is not counted). The data is the page's own (no request).
 */
import {useId, useState, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import type {HistoryView} from '@site/plugins/releases/view';
import Group from './Group';
import styles from './styles.module.css';

export default function SinceControl({history}: {history: HistoryView}): ReactNode {
  const [since, setSince] = useState(history.versions[1] ?? '');
  const id = useId();
  const view = history.since[since];
  const groups = view?.groups ?? [];
  const lines = view?.lines ?? 0;
  const breaking = view?.breaking ?? 0;
  return (
    <section className={styles.since} aria-labelledby="changes-since">
      <Heading as="h2" id="changes-since">
        Changes since a version
      </Heading>
      <p className={styles.meta}>
        What still applies between your version and the newest release: a change later reverted or superseded
        by a later change to the same place, or made inside something added or removed since, is not listed on
        its own.
      </p>
      <label htmlFor={`${id}-select`}>Your version </label>
      <select id={`${id}-select`} value={since} onChange={(event) => setSince(event.target.value)}>
        {history.versions.slice(1).map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      <p aria-live="polite">
        {lines === 0
          ? `No changes apply since ${since}.`
          : `${lines} change${lines === 1 ? '' : 's'} since ${since} apply to ${view?.to ?? 'the newest release'}, ${breaking} breaking, in ${groups.length} operation${groups.length === 1 ? '' : 's'} or message${groups.length === 1 ? '' : 's'}.`}
      </p>
      <ul className={styles.groups}>
        {groups.map((group) => (
          <Group key={`${group.api}:${group.key}`} group={group} />
        ))}
      </ul>
    </section>
  );
}
