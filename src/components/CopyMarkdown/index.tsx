/**
 * "Copy page as Markdown": copies the page's Markdown copy (written next to the
 * HTML by plugins/machine-readable at build time) to the clipboard, and links
 * to it. The Markdown is fetched from the same origin only when asked for, so
 * pages carry no copy of it. Where the browser refuses the clipboard, the text
 * is shown selected in a read-only box to copy by hand; every outcome is
 * announced in a live region.
 */
import {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {markdownPathFor} from '@site/plugins/api-reference/client/downloads';
import styles from './styles.module.css';

type Status =
  | {kind: 'idle'}
  | {kind: 'busy'}
  | {kind: 'copied'; characters: number}
  | {kind: 'manual'; text: string}
  | {kind: 'error'; message: string};

/**
 * The page's Markdown; a failed request names its status. The development
 * server answers any path with the app's HTML, and has no Markdown copies (the
 * production build writes them): HTML is not taken for Markdown.
 */
async function fetchMarkdown(href: string): Promise<string> {
  const response = await fetch(href, {headers: {Accept: 'text/markdown, text/plain'}});
  if (!response.ok) throw new Error(`the server answered ${response.status} for ${href}`);
  if (/html/i.test(response.headers.get('content-type') ?? '')) {
    throw new Error(`${href} is not there; Markdown copies are written by the production build`);
  }
  return response.text();
}

/**
 * Copies text that is still loading. `clipboard.write` with a pending
 * ClipboardItem keeps the click's user activation in browsers that drop it
 * across an await (Safari); `writeText` is the fallback. Rejects when the
 * clipboard is missing or refused.
 */
async function copyLoadingText(text: Promise<string>): Promise<void> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (clipboard === undefined) throw new Error('no clipboard');
  if (typeof clipboard.write === 'function' && typeof ClipboardItem !== 'undefined') {
    try {
      await clipboard.write([
        new ClipboardItem({'text/plain': text.then((t) => new Blob([t], {type: 'text/plain'}))}),
      ]);
      return;
    } catch {
      // Fall through to writeText (some browsers accept only strings).
    }
  }
  await clipboard.writeText(await text);
}

const IDLE: Status = {kind: 'idle'};

function message(status: Status): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'busy':
      return 'Copying the Markdown of this page…';
    case 'copied':
      return `Copied the Markdown of this page (${status.characters.toLocaleString('en')} characters).`;
    case 'manual':
      return 'This browser does not allow copying here. The Markdown is shown below, selected: press Ctrl+C (⌘C on a Mac) to copy it.';
    case 'error':
      return `Could not load the Markdown of this page (${status.message}). Open "View as Markdown" instead.`;
  }
}

export interface CopyMarkdownProps {
  readonly className?: string;
}

export default function CopyMarkdown({className}: CopyMarkdownProps): ReactNode {
  const {pathname} = useLocation();
  const href = markdownPathFor(pathname);
  const isBrowser = useIsBrowser();
  // Client-side navigation keeps this component: a status belongs to the page it was made on.
  const [state, setState] = useState<{pathname: string; status: Status}>({pathname, status: IDLE});
  const status = state.pathname === pathname ? state.status : IDLE;
  const setStatus = (next: Status): void => setState({pathname, status: next});
  const manualRef = useRef<HTMLTextAreaElement>(null);
  const manualId = useId();

  useEffect(() => {
    if (status.kind === 'manual') manualRef.current?.select();
  }, [status]);

  async function copy(): Promise<void> {
    setStatus({kind: 'busy'});
    const text = fetchMarkdown(href);
    text.catch(() => undefined); // handled below; keeps an early failure from being "unhandled"
    try {
      await copyLoadingText(text);
      setStatus({kind: 'copied', characters: (await text).length});
    } catch {
      try {
        setStatus({kind: 'manual', text: await text});
      } catch (error) {
        setStatus({kind: 'error', message: error instanceof Error ? error.message : String(error)});
      }
    }
  }

  return (
    <div className={clsx(styles.copyMarkdown, className)} data-markdown="skip">
      <div className={styles.actions}>
        <button
          type="button"
          className="button button--sm button--secondary"
          onClick={() => void copy()}
          disabled={!isBrowser || status.kind === 'busy'}
        >
          Copy page as Markdown
        </button>
        <Link to={`pathname://${href}`} type="text/markdown" className={styles.view}>
          View as Markdown
        </Link>
      </div>
      <p
        role="status"
        aria-live="polite"
        className={clsx(styles.status, status.kind === 'error' && styles.error)}
      >
        {message(status)}
      </p>
      {status.kind === 'manual' ? (
        <>
          <label htmlFor={manualId} className={styles.manualLabel}>
            Markdown of this page
          </label>
          <textarea
            id={manualId}
            ref={manualRef}
            className={styles.manual}
            readOnly
            value={status.text}
            rows={8}
          />
        </>
      ) : null}
    </div>
  );
}
