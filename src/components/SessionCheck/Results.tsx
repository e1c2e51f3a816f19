import {useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import {isFailingFrame, seconds, type FrameVerdict} from '@site/plugins/session-check/client/check';
import type {ReportView} from '@site/plugins/session-check/client/report';
import {counted} from '@site/plugins/api-reference/client/counted';
import styles from './styles.module.css';

const STATUS_WORDS: Record<FrameVerdict['status'], string> = {
  valid: 'valid',
  invalid: 'fails',
  unknown: 'fails',
  'not-json': 'fails',
  binary: 'binary',
  error: 'error',
  unchecked: 'not checked',
};

function Frame({frame}: {frame: FrameVerdict}): ReactNode {
  const failing = isFailingFrame(frame);
  return (
    <li className={failing ? styles.failing : undefined}>
      <span className={styles.status}>{STATUS_WORDS[frame.status]}</span> connection {frame.connection},{' '}
      {frame.source}, {frame.from === 'client' ? 'client to server' : 'server to client'}
      {frame.message !== undefined ? (
        <>: {frame.link !== undefined ? <Link to={frame.link}>{frame.message}</Link> : frame.message}</>
      ) : null}
      {frame.ambiguous !== undefined ? (
        <> (it is also {frame.ambiguous.slice(1).join(', ')}: ambiguous)</>
      ) : null}
      {frame.problems.length > 0 ? (
        <ul>
          {frame.problems.map((p, i) => (
            <li key={i}>
              {p.pointer !== '' ? <code>{p.pointer}</code> : null} {p.message}
              {p.value !== null ? (
                <>
                  {' '}
                  (value <code>{p.value}</code>)
                </>
              ) : null}
              {p.link !== undefined ? (
                <>
                  {' '}
                  <Link to={p.link}>in the reference</Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <pre className={styles.preview}>{frame.preview}</pre>
    </li>
  );
}

export default function Results({
  name,
  report,
  download,
}: {
  name: string;
  report: ReportView;
  download: (format: 'json' | 'markdown', file: string, title: string) => void;
}): ReactNode {
  const [failuresOnly, setFailuresOnly] = useState(false);
  const frames = failuresOnly ? report.failing : report.frames;
  const count = failuresOnly ? report.failingCount : report.frameCount;
  const base = name.replace(/\.[^.]*$/, '') || 'session';
  return (
    <section aria-labelledby="session-summary">
      <Heading as="h2" id="session-summary">
        Summary
      </Heading>
      <p role="status" className={report.ok ? styles.ok : styles.bad}>
        {report.ok
          ? `${name}: every frame, call and checked rule holds.`
          : `${name}: ${counted(report.failingCount, 'failing frame')}, ${counted(report.findings.length, 'broken rule')}, ${counted(report.calls.filter((c) => c.verdict === 'invalid').length, 'failing call')}.`}
        {report.redacted > 0
          ? ` ${report.redacted === 1 ? '1 credential value was' : `${report.redacted} credential values were`} redacted when the file was read.`
          : ''}
      </p>
      {/* Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it. */}
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Connections">
        <table>
          <caption>Connections</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">URL and channel</th>
              <th scope="col">Sent</th>
              <th scope="col">Received</th>
              <th scope="col">Failing frames</th>
              <th scope="col">Broken rules</th>
              <th scope="col">Sequence gaps</th>
              <th scope="col">Longest silence</th>
              <th scope="col">Heartbeats</th>
            </tr>
          </thead>
          <tbody>
            {report.connections.map((c) => (
              <tr key={c.id}>
                <td>{c.id}</td>
                <td>
                  <code>{c.url}</code> {c.channel ?? 'no documented channel'}
                  {c.channelNote !== undefined ? <> ({c.channelNote})</> : null}
                  {c.binary > 0 ? <>, {c.binary} binary</> : null}
                  {c.errors > 0 ? <>, {counted(c.errors, 'error')}</> : null}
                </td>
                <td>{c.sent}</td>
                <td>{c.received}</td>
                <td>{c.failingFrames}</td>
                <td>{c.brokenRules}</td>
                <td>{c.sequenceGaps}</td>
                <td>{c.longestSilence === null ? '–' : seconds(c.longestSilence)}</td>
                <td>
                  {c.heartbeatInterval === null
                    ? '–'
                    : c.heartbeatInterval === 0
                      ? 'not asked'
                      : `every ${seconds(c.heartbeatInterval)}; longest gap ${c.longestHeartbeatGap === null ? '–' : seconds(c.longestHeartbeatGap)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.downloads}>
        Download the report (credentials redacted):{' '}
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => download('json', `${base}.session-check.json`, `Session check of ${name}`)}
        >
          JSON
        </button>{' '}
        <button
          type="button"
          className="button button--secondary button--sm"
          onClick={() => download('markdown', `${base}.session-check.md`, `Session check of ${name}`)}
        >
          Markdown
        </button>
      </p>
      <Heading as="h3" id="session-rules-broken">
        Broken rules
      </Heading>
      {report.findings.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {report.findings.map((f, i) => {
            const rule = report.rules.find((r) => r.id === f.rule);
            return (
              <li key={i} className={styles.failing}>
                Connection {f.connection}
                {f.source !== undefined ? `, ${f.source}` : ''}: {f.message}.{' '}
                {rule !== undefined ? <Link to={rule.where.link}>{rule.title}</Link> : f.rule}
              </li>
            );
          })}
        </ul>
      )}
      {report.calls.length > 0 ? (
        <>
          <Heading as="h3" id="session-calls">
            REST calls
          </Heading>
          <ul>
            {report.calls.map((call) => (
              <li key={call.index} className={call.verdict === 'invalid' ? styles.failing : undefined}>
                <span className={styles.status}>
                  {call.verdict === 'valid'
                    ? 'valid'
                    : call.verdict === 'invalid'
                      ? 'fails'
                      : 'not an operation of the documents'}
                </span>{' '}
                {call.method} <code>{call.url}</code>, status {call.status}
                {call.operation !== undefined && call.link !== undefined ? (
                  <>
                    : <Link to={call.link}>{call.operation}</Link>
                  </>
                ) : null}
                {call.problems.length > 0 ? (
                  <ul>
                    {call.problems.map((p, i) => (
                      <li key={i}>
                        {p.part} {p.pointer !== '' ? <code>{p.pointer}</code> : null} {p.message}
                        {p.value !== null ? (
                          <>
                            {' '}
                            (value <code>{p.value}</code>)
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <Heading as="h3" id="session-timeline">
        Timeline
      </Heading>
      <p>
        <label>
          <input type="checkbox" checked={failuresOnly} onChange={(e) => setFailuresOnly(e.target.checked)} />{' '}
          Show failing frames only ({report.failingCount} of {report.frameCount})
        </label>
      </p>
      {count > frames.length ? (
        <p>
          Showing the first {frames.length} of {count} frames; the downloads hold every one.
        </p>
      ) : null}
      <ol className={styles.timeline} aria-label={failuresOnly ? 'Failing frames' : 'Frames'}>
        {frames.map((frame) => (
          <Frame key={`${frame.connection}-${frame.index}`} frame={frame} />
        ))}
      </ol>
    </section>
  );
}
