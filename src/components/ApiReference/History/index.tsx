/**
 * An operation's or message's "History" disclosure: the releases that changed it, newest first,
 * each with its change lines and verdicts as /version-history lists them, and a link to that entry.
 * A native <details>: it opens with the keyboard and a screen reader, and adds no JavaScript.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {ElementHistoryEntry} from '@site/plugins/api-reference/types';
import ChangeText from '@site/src/components/VersionHistory/ChangeText';
import styles from './styles.module.css';

export default function History({history, name}: {history?: ElementHistoryEntry[]; name: string}): ReactNode {
  if (history === undefined || history.length === 0) return null;
  const titles = history.map((h) => h.title).join('; ');
  return (
    <details className={styles.history}>
      <summary>
        History <span className={styles.titles}>{`(${titles})`}</span>
      </summary>
      <ol className={styles.entries} aria-label={`Releases that changed ${name}, newest first`}>
        {history.map((entry) => (
          <li key={entry.href}>
            <Link to={entry.href}>{entry.title}</Link>
            {entry.correction === true ? (
              <span className={styles.note}> (a correction of the documents: the API did not change)</span>
            ) : null}
            <ul className={styles.lines}>
              {entry.lines.map((line) => (
                <li key={line.text}>
                  {line.breaking ? (
                    <strong className={styles.breaking}>Breaking: </strong>
                  ) : (
                    <span className={styles.label}>{line.label}: </span>
                  )}
                  <ChangeText text={line.text} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </details>
  );
}
