/** One operation's or message's changes, linked to the current reference. */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {InlineCode} from '@site/src/components/Guide';
import type {GroupView} from '@site/plugins/releases/view';
import styles from './styles.module.css';

const API_NAMES = {rest: 'REST', ws: 'WebSocket'} as const;

export default function Group({group}: {group: GroupView}): ReactNode {
  // A change to the whole document names its reach itself ("All REST operations (14)").
  const label = (
    <InlineCode text={group.kind === 'document' ? group.label : `${API_NAMES[group.api]} ${group.label}`} />
  );
  return (
    <li className={styles.group}>
      <p className={styles.subject}>
        {group.href !== undefined ? <Link to={group.href}>{label}</Link> : label}
        {group.href === undefined && group.kind !== 'document' ? (
          <span className={styles.gone}> (no longer in the reference)</span>
        ) : null}
      </p>
      <ul className={styles.items}>
        {group.items.map((item) => (
          <li key={item.text} className={item.breaking ? styles.breakingItem : undefined}>
            {item.breaking ? (
              <strong className={styles.breakingMark}>Breaking: </strong>
            ) : (
              <span className={styles.verdict}>{item.label}: </span>
            )}
            <InlineCode text={item.text} />
            {item.href !== undefined && item.href !== group.href ? (
              <>
                {' '}
                (<Link to={item.href}>in the reference</Link>)
              </>
            ) : null}
            {item.note !== undefined ? (
              <p className={styles.note}>
                <strong>Note: </strong>
                <InlineCode text={item.note} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </li>
  );
}
