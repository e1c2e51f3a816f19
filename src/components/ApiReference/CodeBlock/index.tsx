/**
 * A code block for the references: code highlighted by Prism on the server
 * and kept as static markup in the browser (see StaticMarkup), with a copy
 * button that copies the source string, not the DOM. Docusaurus's own
 * CodeBlock re-tokenises every sample in the browser and measures each block
 * for word wrapping, which on /rest (about 140 blocks) was most of the page's
 * main-thread time; this one keeps the look (same Prism theme and spacing)
 * without that cost.
 */
import {createContext, Fragment, useCallback, useContext, useEffect, useRef, useState} from 'react';
import type {CSSProperties, ReactNode} from 'react';
import clsx from 'clsx';
import {Highlight} from 'prism-react-renderer';
import {usePrismTheme} from '@docusaurus/theme-common';
import StaticMarkup from '@site/src/components/StaticMarkup';
import {ensurePrismLanguage} from '@site/src/prismLanguages';
import styles from './styles.module.css';

interface Segment {
  text: string;
  /** Undefined for text in the plain colour: a text node, not an element. */
  className?: string;
  style?: CSSProperties;
}

function isPlain(style: CSSProperties | undefined, plainColor: string | undefined): boolean {
  if (style === undefined) return true;
  return Object.entries(style).every(([key, value]) => key === 'color' && value === plainColor);
}

/**
 * The highlighted code as few nodes as possible: runs of tokens in one colour
 * become one <span>, text in the plain colour (punctuation, spaces, newlines)
 * stays text. A JSON example then needs about a third of the elements Prism's
 * one-span-per-token output has, which is what the browser parses and styles.
 * Runs on the server, and in the browser only after a client-side navigation.
 */
function Lines({code, language}: {readonly code: string; readonly language: string}): ReactNode {
  // The site's Prism theme (src/prismTheme.ts, set in docusaurus.config.ts).
  const theme = usePrismTheme();
  ensurePrismLanguage(language);
  return (
    <Highlight theme={theme} code={code.replace(/\n$/, '')} language={language}>
      {({tokens, getTokenProps}) => {
        const segments: Segment[] = [];
        const push = (segment: Segment): void => {
          const last = segments.at(-1);
          const same =
            last !== undefined &&
            (segment.style === undefined
              ? last.style === undefined
              : last.style !== undefined && JSON.stringify(last.style) === JSON.stringify(segment.style));
          if (same) last.text += segment.text;
          else segments.push(segment);
        };
        tokens.forEach((line, i) => {
          if (i > 0) push({text: '\n'});
          for (const token of line) {
            const props = getTokenProps({token});
            push(
              isPlain(props.style, theme.plain.color)
                ? {text: token.content}
                : {text: token.content, className: props.className, style: props.style},
            );
          }
        });
        return segments.map((segment, i) =>
          segment.style === undefined ? (
            <Fragment key={i}>{segment.text}</Fragment>
          ) : (
            <span key={i} className={segment.className} style={segment.style}>
              {segment.text}
            </span>
          ),
        );
      }}
    </Highlight>
  );
}

/**
 * False inside a tab panel that is hidden (a language, status or example the reader has
 * not picked). A hidden panel's code is plain text in the page's HTML and is highlighted
 * in the browser the first time its panel is shown: on /rest about two thirds of the
 * highlighted code sat in hidden panels, a fifth of the page's HTML, parsed on every
 * load for colours nobody saw. The text is the same either way (copy, print, the
 * Markdown copy and search read it).
 */
export const PanelShown = createContext(true);

/** Provides PanelShown for a panel: shown when it is selected and everything around it is. */
export function ShownPanel({
  shown,
  children,
}: {
  readonly shown: boolean;
  readonly children: ReactNode;
}): ReactNode {
  const outer = useContext(PanelShown);
  return <PanelShown.Provider value={outer && shown}>{children}</PanelShown.Provider>;
}

type CopyState = 'idle' | 'copied' | 'selected';

const LABELS: Record<CopyState, {text: string; aria: string}> = {
  idle: {text: 'Copy', aria: 'Copy code to clipboard'},
  copied: {text: 'Copied', aria: 'Copied'},
  selected: {
    text: 'Press Ctrl+C',
    aria: 'Clipboard unavailable: the code is selected, press Ctrl+C (⌘C on a Mac)',
  },
};

function CopyButton({
  code,
  target,
}: {
  readonly code: string;
  readonly target: () => Element | null;
}): ReactNode {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(() => {
    const done = (next: CopyState): void => {
      setState(next);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => setState('idle'), next === 'copied' ? 1500 : 6000);
    };
    // Where the clipboard is missing (plain http) or refused, select the code so Ctrl+C copies it.
    const selectInstead = (): void => {
      const element = target();
      const selection = window.getSelection();
      if (element !== null && selection !== null) selection.selectAllChildren(element);
      done('selected');
    };
    if (typeof navigator.clipboard?.writeText !== 'function') {
      selectInstead();
      return;
    }
    navigator.clipboard.writeText(code).then(() => done('copied'), selectInstead);
  }, [code, target]);
  const label = LABELS[state];
  return (
    <>
      <button
        type="button"
        className={clsx(styles.copy, state !== 'idle' && styles.copyDone)}
        aria-label={label.aria}
        title="Copy to clipboard"
        onClick={copy}
      >
        {label.text}
      </button>
      {/* Screen readers hear the outcome; a changed button label is not always announced. */}
      <span role="status" className="visually-hidden">
        {state === 'idle' ? '' : label.aria}
      </span>
    </>
  );
}

export default function CodeBlock({
  code,
  language,
}: {
  readonly code: string;
  /** A Prism language name (json, bash, python, …); unknown names are shown unhighlighted. */
  readonly language: string;
}): ReactNode {
  const theme = usePrismTheme();
  const pre = useRef<HTMLPreElement>(null);
  const shown = useContext(PanelShown);
  // Once highlighted, a block stays so; the server highlights only what is shown.
  const [highlighted, setHighlighted] = useState(shown);
  if (shown && !highlighted) setHighlighted(true);
  const target = useCallback(() => pre.current?.querySelector('code') ?? null, []);
  return (
    <div
      className={clsx(styles.container, 'theme-code-block', `language-${language}`)}
      style={
        {
          '--prism-color': theme.plain.color,
          '--prism-background-color': theme.plain.backgroundColor,
        } as CSSProperties
      }
    >
      {/* Focusable so keyboard users can scroll long lines (WCAG scrollable-region-focusable). */}
      <pre
        ref={pre}
        tabIndex={0}
        className={clsx('prism-code', `language-${language}`, styles.pre, 'thin-scrollbar')}
      >
        {/* A new key when the block is first highlighted: the plain server markup is replaced. */}
        <StaticMarkup key={highlighted ? 'highlighted' : 'plain'} as="code" className={styles.code}>
          {highlighted ? <Lines code={code} language={language} /> : code.replace(/\n$/, '')}
        </StaticMarkup>
      </pre>
      <CopyButton code={code} target={target} />
    </div>
  );
}
