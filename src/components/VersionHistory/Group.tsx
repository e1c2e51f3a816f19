/** One operation's or message's changes (or corrections, in an amendment), linked to the current reference. */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {GroupView, ItemView} from '@site/plugins/releases/view';
import ChangeText from './ChangeText';
import styles from './styles.module.css';

const API_NAMES = {rest: 'REST', ws: 'WebSocket'} as const;

function Mark({item}: {item: ItemView}): ReactNode {
  if (item.breaking) return <strong className={styles.breakingMark}>Breaking: </strong>;
  return <span className={styles.verdict}>{item.label}: </span>;
}

function Text({item}: {item: ItemView}): ReactNode {
  const c = item.correction;
  if (c === undefined) return <ChangeText text={item.text} />;
  return <ChangeText text={`The earlier text ${c.earlier}; the corrected text ${c.corrected}.`} />;
}

/** After a correction (and its link): what a reader who built from the earlier text should check. */
function Check({item}: {item: ItemView}): ReactNode {
  if (item.correction === undefined) return null;
  return (
    <span className={styles.check}>
      {' '}
      <em>If you followed the earlier text:</em> <ChangeText text={`${item.correction.check}.`} />
    </span>
  );
}

export default function Group({group}: {group: GroupView}): ReactNode {
  // A change to the whole document names its reach itself ("All REST operations (14)").
  const label = (
    <ChangeText text={group.kind === 'document' ? group.label : `${API_NAMES[group.api]} ${group.label}`} />
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
            <Mark item={item} />
            <Text item={item} />
            {item.in !== undefined ? <span className={styles.meta}> (in {item.in})</span> : null}
            {item.href !== undefined && item.href !== group.href ? (
              <>
                {' '}
                (<Link to={item.href}>in the reference</Link>)
              </>
            ) : null}
            <Check item={item} />
            {item.noteRef !== undefined ? (
              <>
                {' '}
                (<Link to={`#${item.noteRef}`}>see note {item.noteRef.split('-').pop()}</Link>)
              </>
            ) : null}
            {item.note !== undefined ? (
              <p className={styles.note}>
                <strong>Note: </strong>
                <ChangeText text={item.note} />
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </li>
  );
}
