/**
 * "Changes since version …": every change between the reader's version and the
 * newest, in one list. The data is the page's own (no request).
 */
import {useId, useState, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import type {GroupView, HistoryView} from '@site/plugins/releases/view';
import Group from './Group';
import styles from './styles.module.css';

export default function SinceControl({history}: {history: HistoryView}): ReactNode {
  const [since, setSince] = useState(history.versions[1] ?? '');
  const id = useId();
  const at = history.entries.findIndex((e) => e.kind === 'release' && e.version === since);
  const newer = at < 0 ? [] : history.entries.slice(0, at);
  const groups: GroupView[] = newer.flatMap((entry) =>
    entry.sections.flatMap((section) =>
      section.groups.map((group) => ({
        ...group,
        label: `${group.label} (${section.change} in ${entry.title})`,
      })),
    ),
  );
  const breaking = groups.reduce((n, g) => n + g.items.filter((i) => i.breaking).length, 0);
  return (
    <section className={styles.since} aria-labelledby="changes-since">
      <Heading as="h2" id="changes-since">
        Changes since a version
      </Heading>
      <label htmlFor={`${id}-select`}>Your version </label>
      <select id={`${id}-select`} value={since} onChange={(event) => setSince(event.target.value)}>
        {history.versions.slice(1).map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      <p aria-live="polite">
        {groups.length === 0
          ? `No changes since ${since}.`
          : `${groups.length} operation${groups.length > 1 ? 's' : ''} or message${groups.length > 1 ? 's' : ''} changed since ${since}, ${breaking} breaking change${breaking === 1 ? '' : 's'}.`}
      </p>
      <ul className={styles.groups}>
        {groups.map((group) => (
          <Group key={`${group.api}:${group.key}:${group.label}`} group={group} />
        ))}
      </ul>
    </section>
  );
}
