import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** The "deprecated" badge of an operation or a message. */
export default function Deprecated(): ReactNode {
  return <span className={styles.deprecated}>deprecated</span>;
}
