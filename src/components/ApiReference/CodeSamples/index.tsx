/**
 * Code samples, one tab per language. The reader's choice is stored under
 * Docusaurus's own key for the tab group (docusaurus.tab.code-language), so
 * every sample on the site, and any Docusaurus <Tabs groupId="code-language">
 * in a guide, follows it, and it survives reloads.
 *
 * Not Docusaurus's <Tabs>: that component remounts itself after hydration,
 * which re-renders and re-highlights every sample on /rest in the browser
 * (most of the page's main-thread time). Switching a tab here changes which
 * panel is hidden; the highlighted code itself is static markup.
 */
import {useCallback, useId, useLayoutEffect, useRef} from 'react';
import type {KeyboardEvent, ReactNode} from 'react';
import clsx from 'clsx';
import {useStorageSlot} from '@docusaurus/theme-common';
import type {CodeSample} from '@site/plugins/api-reference/types';
import CodeBlock, {ShownPanel} from '../CodeBlock';
import styles from './styles.module.css';

export const CODE_LANGUAGE_GROUP = 'code-language';
const STORAGE_KEY = `docusaurus.tab.${CODE_LANGUAGE_GROUP}`;

/**
 * Switching the language changes the height of every sample above the tab the
 * reader clicked; this keeps that tab where it was on the screen.
 */
function useKeepInPlace(): (element: HTMLElement) => void {
  const pending = useRef<{element: HTMLElement; top: number} | undefined>(undefined);
  useLayoutEffect(() => {
    const held = pending.current;
    if (held === undefined) return;
    pending.current = undefined;
    const shift = held.element.getBoundingClientRect().top - held.top;
    // 'instant': the site scrolls smoothly, and an animated correction would be seen as a jump.
    if (shift !== 0) window.scrollBy({top: shift, behavior: 'instant'});
  });
  return useCallback((element: HTMLElement) => {
    pending.current = {element, top: element.getBoundingClientRect().top};
  }, []);
}

export default function CodeSamples({
  samples,
  title,
}: {
  readonly samples: CodeSample[];
  readonly title: string;
}): ReactNode {
  const id = useId();
  const [stored, slot] = useStorageSlot(STORAGE_KEY);
  const keepInPlace = useKeepInPlace();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The server renders the first language; a stored choice applies once the page runs.
  const selected = samples.find((s) => s.language === stored)?.language ?? samples[0]?.language;

  const select = (index: number, focus: boolean): void => {
    const sample = samples[index];
    const tab = tabs.current[index];
    if (sample === undefined || tab === null || tab === undefined) return;
    if (focus) tab.focus();
    if (sample.language === selected) return;
    keepInPlace(tab);
    slot.set(sample.language);
  };

  // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number): void => {
    const last = samples.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  if (samples.length === 0) return null;
  return (
    // tabs-container: Docusaurus's class for a tab set, which the Markdown copy expands (every language).
    <div role="group" aria-label={title} className={clsx('tabs-container', styles.samples)}>
      <div role="tablist" aria-label="Language" className={clsx('tabs', styles.tabs)}>
        {samples.map((sample, i) => {
          const active = sample.language === selected;
          return (
            <button
              key={sample.language}
              ref={(element) => {
                tabs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={active ? 0 : -1}
              className={clsx('tabs__item', styles.tab, active && 'tabs__item--active')}
              onClick={() => select(i, false)}
              onKeyDown={(event) => onKeyDown(event, i)}
            >
              {sample.label}
            </button>
          );
        })}
      </div>
      {samples.map((sample, i) => (
        <div
          key={sample.language}
          role="tabpanel"
          id={`${id}-panel-${i}`}
          aria-labelledby={`${id}-tab-${i}`}
          hidden={sample.language !== selected}
          className={styles.panel}
        >
          <p className={styles.printLabel} aria-hidden="true" data-markdown="skip">
            {sample.label}
          </p>
          <ShownPanel shown={sample.language === selected}>
            <CodeBlock language={sample.prism} code={sample.code} />
          </ShownPanel>
        </div>
      ))}
    </div>
  );
}
