/**
 * /docs/ws/session-check: the reader drops, picks or pastes a recorded session and sees every
 * frame and every documented rule judged. Everything happens in this browser: the file is read
 * here and checked in a Web Worker (plugins/session-check); nothing is sent.
 */
import {useState, type DragEvent, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type {SessionCheckPageProps} from '@site/plugins/session-check/client/types';
import {ROUTES} from '@site/plugins/api-reference/client/routes';
import Results from './Results';
import Rules from './Rules';
import {useSessionCheck} from './useSessionCheck';
import styles from './styles.module.css';

const TRANSCRIPT_EXAMPLE = [
  '{"t": 1780000000.0, "dir": "send", "url": "wss://api.preprod.example.com/ws/orders", "data": "{\\"subscribe_order_channel\\": {\\"channel\\": \\"orders\\"}}"}',
  '{"t": 1780000000.1, "dir": "receive", "url": "wss://api.preprod.example.com/ws/orders", "data": "{\\"channel_subscription_confirmation\\": {…}}"}',
].join('\n');

function Checker({data}: SessionCheckPageProps): ReactNode {
  const {state, check, download} = useSessionCheck(data);
  const [pasted, setPasted] = useState('');
  const [dragging, setDragging] = useState(false);
  const readFile = (file: File | undefined): void => {
    if (file === undefined) return;
    check(file.name, file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>): void => {
    event.preventDefault();
    setDragging(false);
    readFile(event.dataTransfer.files[0]);
  };
  return (
    <>
      <p className={styles.private}>
        <strong>
          Your capture stays on this computer: it is read and checked in this browser, and nothing is sent.
        </strong>
      </p>
      <div
        className={`${styles.drop} ${dragging ? styles.dragging : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <label htmlFor="session-file">
          Choose a capture (HAR, mitmproxy .zhar or transcript), or drop it here
        </label>
        <input
          id="session-file"
          type="file"
          accept=".har,.zhar,.jsonl,.json,.txt,.ndjson"
          onChange={(event) => readFile(event.target.files?.[0])}
        />
      </div>
      <form
        className={styles.paste}
        onSubmit={(event) => {
          event.preventDefault();
          if (pasted.trim() !== '') check('pasted transcript', pasted);
        }}
      >
        <label htmlFor="session-paste">Or paste a transcript (one JSON object per line)</label>
        <textarea
          id="session-paste"
          rows={5}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          spellCheck={false}
        />
        <button type="submit" className="button button--primary" disabled={pasted.trim() === ''}>
          Check the pasted transcript
        </button>
      </form>
      <div aria-live="polite" className={styles.progress}>
        {state.kind === 'running' ? (
          <>
            <progress
              max={state.total || 1}
              value={state.stage === 'checking' ? state.done : undefined}
              aria-label={`Checking ${state.name}`}
            />{' '}
            {state.stage === 'reading'
              ? `Reading ${state.name}…`
              : state.stage === 'loading'
                ? 'Loading the validators…'
                : `Checked ${state.done} of ${state.total} frames…`}
          </>
        ) : null}
      </div>
      {state.kind === 'refused' || state.kind === 'failed' ? (
        <div role="alert" className="alert alert--danger">
          {state.kind === 'refused'
            ? `${state.name} cannot be read. `
            : `${state.name} could not be checked: `}
          {state.message}
        </div>
      ) : null}
      {state.kind === 'done' ? <Results name={state.name} report={state.view} download={download} /> : null}
    </>
  );
}

export default function SessionCheckPage({data}: SessionCheckPageProps): ReactNode {
  return (
    <Layout
      title="Check a recorded session"
      description="Check a recorded WebSocket and REST session against the API documents, in your browser."
    >
      <main className="container margin-vert--lg">
        <Heading as="h1">Check a recorded session</Heading>
        <p>
          Judge a whole recorded session against the documents: every WebSocket frame against its message in
          the <Link to={ROUTES.ws}>WebSocket API reference</Link>, every REST call against its operation in
          the <Link to={ROUTES.rest}>REST API reference</Link>, and the session rules of the{' '}
          <Link to="/docs/websockets">WebSocket guide</Link>. The same checker runs as{' '}
          <code>npm run session-check -- &lt;file&gt;</code>.
        </p>
        <Checker data={data} />
        <Heading as="h2" id="formats">
          What you can check
        </Heading>
        <ul>
          <li>
            A HAR file in Chrome’s shape (Chrome DevTools, Playwright, mitmproxy, HTTP Toolkit and others
            write it): its WebSocket entries and their <code>_webSocketMessages</code>, and its REST calls. A
            HAR holds credentials: the <code>Authorization</code> header, cookies and token parameters are
            redacted when the file is read.
          </li>
          <li>
            mitmproxy’s compressed <code>.zhar</code>.
          </li>
          <li>
            A transcript your own client writes: one JSON object per line, with <code>t</code> (seconds),{' '}
            <code>dir</code> (<code>send</code> or <code>receive</code>), <code>url</code> (the WebSocket URL)
            and <code>data</code> (the frame’s text). Lines with the same <code>url</code> are one connection.
            <pre className={styles.example}>
              <code>{TRANSCRIPT_EXAMPLE}</code>
            </pre>
          </li>
        </ul>
        <Heading as="h2" id="rules">
          Rules checked
        </Heading>
        <p>
          Each frame is checked against the message it is among those its channel carries in its direction.
          Then these session rules, each where the documents state it; what the documents do not publish is
          not checked.
        </p>
        <Rules />
      </main>
    </Layout>
  );
}
