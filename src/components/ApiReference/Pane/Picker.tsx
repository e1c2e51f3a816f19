/**
 * A small tab set for the pane beside an operation or a message: one button per
 * choice (a status code, an example), one panel each, only the chosen one shown.
 * It follows the WAI-ARIA tabs pattern (arrow keys, Home, End; automatic
 * activation) and carries Docusaurus's `tabs-container` class so the Markdown
 * copy lists every panel, hidden ones included.
 *
 * Switching shows another panel in the pane; the panels' content is static
 * markup (highlighted code), so a switch costs one attribute change per panel.
 */
import {useId, useRef, useState} from 'react';
import type {ReactNode} from 'react';
import clsx from 'clsx';
import {ShownPanel} from '../CodeBlock';
import {onTabKey} from './tabKeys';
import styles from './styles.module.css';

export interface PickerChoice {
  readonly key: string;
  /** The button's text. */
  readonly label: ReactNode;
  /** Extra class on the button (status colours). */
  readonly className?: string;
  readonly content: ReactNode;
}

export default function Picker({
  label,
  choices,
  onChange,
}: {
  /** Names the tab list for screen readers ("Response status", "Example"). */
  readonly label: string;
  readonly choices: readonly PickerChoice[];
  readonly onChange?: (index: number) => void;
}): ReactNode {
  const id = useId();
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (index: number, focus: boolean): void => {
    if (focus) tabs.current[index]?.focus();
    if (index === selected) return;
    setSelected(index);
    onChange?.(index);
  };

  return (
    <div className={clsx('tabs-container', styles.picker)}>
      <div role="tablist" aria-label={label} className={styles.choices}>
        {choices.map((choice, i) => (
          <button
            key={choice.key}
            ref={(element) => {
              tabs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-t${i}`}
            aria-selected={i === selected}
            aria-controls={`${id}-p${i}`}
            tabIndex={i === selected ? 0 : -1}
            className={clsx(styles.choice, choice.className)}
            onClick={() => select(i, false)}
            onKeyDown={(event) => onTabKey(event, i, choices.length, select)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      {choices.map((choice, i) => (
        <div
          key={choice.key}
          role="tabpanel"
          id={`${id}-p${i}`}
          aria-labelledby={`${id}-t${i}`}
          hidden={i !== selected}
        >
          <ShownPanel shown={i === selected}>{choice.content}</ShownPanel>
        </div>
      ))}
    </div>
  );
}
