/**
 * The request in the reader's language: one tab per language, and, where the
 * request has one, a last tab with its body (or message) alone, so the body is
 * never shown twice in one view. The reader's language is stored under
 * Docusaurus's own key for the tab group (docusaurus.tab.code-language), so
 * every sample on the site, and any Docusaurus <Tabs groupId="code-language">
 * in a guide, follows it, and it survives reloads. The body tab is a look at
 * one request, not a language: it is not remembered.
 *
 * Not Docusaurus's <Tabs>: that component remounts itself after hydration,
 * which re-renders and re-highlights every sample on /rest in the browser
 * (most of the page's main-thread time). Switching a tab here changes which
 * panel is hidden; the highlighted code itself is static markup.
 *
 * Every language's block gets the same height, set on the server from the
 * longest sample (in lines, capped by the room the pane gives code, see
 * styles.module.css): the language stored by the reader, applied once the page
 * runs, then swaps one panel for another of the same size, and nothing moves.
 */
import {useCallback, useId, useLayoutEffect, useRef, useState} from 'react';
import type {CSSProperties, ReactNode} from 'react';
import clsx from 'clsx';
import {useStorageSlot} from '@docusaurus/theme-common';
import type {CodeSample} from '@site/plugins/api-reference/types';
import CodeBlock, {ShownPanel} from '../CodeBlock';
import {onTabKey} from '../Pane/tabKeys';
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

/** Lines of the longest sample: every language's block is given this height (see above). */
function longest(samples: readonly CodeSample[]): number {
  return Math.max(1, ...samples.map((s) => s.code.replace(/\n$/, '').split('\n').length));
}

export interface BodyTab {
  /** The tab's text: "Body" for an HTTP request, "Message" for a WebSocket message. */
  readonly label: string;
  readonly content: ReactNode;
}

export default function CodeSamples({
  samples,
  title,
  body,
}: {
  readonly samples: CodeSample[];
  readonly title: string;
  /** The request's body alone, as the last tab. */
  readonly body?: BodyTab;
}): ReactNode {
  const id = useId();
  const [stored, slot] = useStorageSlot(STORAGE_KEY);
  const [bodyShown, setBodyShown] = useState(false);
  const keepInPlace = useKeepInPlace();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The server renders the first language; a stored choice applies once the page runs.
  const language = samples.find((s) => s.language === stored)?.language ?? samples[0]?.language;
  const withBody = body !== undefined;
  const count = samples.length + (withBody ? 1 : 0);
  const selectedIndex =
    withBody && bodyShown ? samples.length : samples.findIndex((s) => s.language === language);

  const select = (index: number, focus: boolean): void => {
    const tab = tabs.current[index];
    if (tab === null || tab === undefined) return;
    if (focus) tab.focus();
    if (index === selectedIndex) return;
    const sample = samples[index];
    if (sample === undefined) {
      setBodyShown(true);
      return;
    }
    setBodyShown(false);
    if (sample.language === language) return;
    keepInPlace(tab);
    slot.set(sample.language);
  };

  if (samples.length === 0) return null;
  const labels = [...samples.map((s) => s.label), ...(withBody ? [body.label] : [])];
  return (
    // tabs-container: Docusaurus's class for a tab set, which the Markdown copy expands (every language).
    <div
      role="group"
      aria-label={title}
      className={clsx('tabs-container', styles.samples)}
      style={{'--sample-lines': longest(samples)} as CSSProperties}
    >
      <div role="tablist" aria-label="Language" className={clsx('tabs', styles.tabs)}>
        {labels.map((label, i) => {
          const active = i === selectedIndex;
          return (
            <button
              key={label}
              ref={(element) => {
                tabs.current[i] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${i}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${i}`}
              tabIndex={active ? 0 : -1}
              className={clsx(
                'tabs__item',
                styles.tab,
                i === samples.length && styles.bodyTab,
                active && 'tabs__item--active',
              )}
              onClick={() => select(i, false)}
              onKeyDown={(event) => onTabKey(event, i, count, select)}
            >
              {label}
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
          hidden={i !== selectedIndex}
          className={clsx(styles.panel, styles.sample)}
        >
          <p className={styles.printLabel} aria-hidden="true" data-markdown="skip">
            {sample.label}
          </p>
          <ShownPanel shown={i === selectedIndex}>
            <CodeBlock language={sample.prism} code={sample.code} />
          </ShownPanel>
        </div>
      ))}
      {withBody ? (
        // Printed even when another tab is chosen: on paper the body is not inside a language.
        <div
          role="tabpanel"
          id={`${id}-panel-${samples.length}`}
          aria-labelledby={`${id}-tab-${samples.length}`}
          hidden={selectedIndex !== samples.length}
          className={clsx(styles.panel, styles.body)}
        >
          <p className={styles.printLabel} aria-hidden="true" data-markdown="skip">
            {body.label}
          </p>
          <ShownPanel shown={selectedIndex === samples.length}>{body.content}</ShownPanel>
        </div>
      ) : null}
    </div>
  );
}
