/**
 * One operation: method and path, what it does, what it takes, what it
 * returns (errors apart), and code samples. Its heading's id is the
 * operationId, the anchor other pages link to.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import {restTarget} from '@site/plugins/api-reference/client/validators';
import type {OperationView, ServerView} from '@site/plugins/api-reference/types';
import Markdown from '../Markdown';
import ParameterTable from '../ParameterTable';
import ResponseList, {Contents} from '../ResponseList';
import RequestBuilder from '../RequestBuilder';
import {Requirements} from '../Security';
import Pane, {PaneTitle, RequestExamples, RequestSamples, ResponseExamples} from '../Pane';
import layout from '../layout.module.css';
import StaticMarkup from '@site/src/components/StaticMarkup';
import styles from './styles.module.css';
import Badge from '../Badge';
import History from '../History';
import {useIsCurrentRelease} from '../Release/context';

export function MethodBadge({method}: {readonly method: string}): ReactNode {
  return <span className={clsx(styles.method, styles[method.toLowerCase()])}>{method}</span>;
}

function OperationServers({servers}: {readonly servers: ServerView[]}): ReactNode {
  return (
    <p className={styles.note}>
      Served from{' '}
      {servers.map((s, i) => (
        <span key={s.url}>
          {i > 0 ? ', ' : null}
          <code>{s.url}</code>
        </span>
      ))}{' '}
      (instead of the servers above).
    </p>
  );
}

export default function Operation({
  operation,
  level = 3,
}: {
  readonly operation: OperationView;
  readonly level?: 3 | 4;
}): ReactNode {
  const op = operation;
  const title = op.summary ?? `${op.method} ${op.path}`;
  const sub: 'h4' | 'h5' = level === 3 ? 'h4' : 'h5';
  const nested = level === 4;
  const current = useIsCurrentRelease();
  const validator =
    current && !nested && op.requestBody !== undefined && op.hasJsonBody
      ? {target: restTarget(op.id), example: op.validatorExample}
      : undefined;
  const hasRequestPane =
    op.requestBody !== undefined &&
    (validator !== undefined || op.requestBody.contents.some((m) => m.examples.length > 0));
  const hasResponseExamples = op.responses.some((r) => r.contents.some((m) => m.examples.length > 0));
  const requestContents = op.requestBody?.contents ?? [];
  return (
    // An article, not a section: hundreds of named sections would flood the landmark list.
    // What the operation takes, then its pane (the request first), then what it returns: the
    // reading and tab order on every width, so one column reads description, sample, responses.
    <article
      className={clsx(styles.operation, nested ? styles.nested : layout.workspace)}
      aria-labelledby={op.id}
    >
      <div className={layout.content}>
        <Heading as={level === 3 ? 'h3' : 'h4'} id={op.id} className={styles.title}>
          {title}
        </Heading>
        {/* Endpoint, description and parameters are text and links: kept as the server rendered them. */}
        <StaticMarkup>
          <p className={styles.endpoint}>
            <MethodBadge method={op.method} />
            <code className={styles.path}>{op.path}</code>
            {op.deprecated ? <Badge badge={{kind: 'deprecated', mark: op.deprecation}} /> : null}
            <Badge badge={op.release} />
          </p>
          <Markdown html={op.description} />
          <History history={op.history} name={op.id} />
          {op.security !== undefined ? (
            <p className={styles.note}>
              Authentication: <Requirements requirements={op.security} />.
            </p>
          ) : null}
          {op.servers !== undefined ? <OperationServers servers={op.servers} /> : null}
          {op.externalDocs !== undefined ? (
            <p className={styles.note}>
              More:{' '}
              <Link href={op.externalDocs.url}>{op.externalDocs.description ?? op.externalDocs.url}</Link>
            </p>
          ) : null}

          {op.parameters.length > 0 ? (
            <>
              <Heading as={sub}>Parameters</Heading>
              <ParameterTable parameters={op.parameters} caption={`Parameters of ${title}`} />
            </>
          ) : null}
          {op.requestBody !== undefined ? (
            <>
              <Heading as={sub}>
                Request body{op.requestBody.required ? ' (required)' : ' (optional)'}
              </Heading>
              <Markdown html={op.requestBody.description} />
              <Contents contents={op.requestBody.contents} label={`Request body of ${op.id}`} />
            </>
          ) : null}
        </StaticMarkup>
      </div>

      {hasRequestPane || op.samples.length > 0 || hasResponseExamples ? (
        <Pane label={`Samples and examples: ${title}`} className={nested ? undefined : layout.pane}>
          {op.samples.length > 0 ? (
            <>
              <PaneTitle>Request</PaneTitle>
              <RequestSamples
                samples={op.samples}
                title={`Code samples for ${title}`}
                bodyLabel="Body"
                contents={requestContents}
                validator={validator}
              >
                {nested || !current ? null : <RequestBuilder target={restTarget(op.id)} />}
              </RequestSamples>
            </>
          ) : hasRequestPane ? (
            <>
              <PaneTitle>Request example</PaneTitle>
              <RequestExamples contents={requestContents} validator={validator} />
            </>
          ) : null}
          {hasResponseExamples ? (
            <>
              <PaneTitle>Response examples</PaneTitle>
              <ResponseExamples responses={op.responses} />
            </>
          ) : null}
        </Pane>
      ) : null}

      <div className={layout.rest}>
        <ResponseList responses={op.responses} operationId={op.id} />

        {op.callbacks.map((callback) => (
          <div key={callback.name} className={styles.callback}>
            <Heading as={sub}>Callback {callback.name}</Heading>
            <p className={styles.note}>
              The API calls you at <code>{callback.expression}</code>:
            </p>
            {callback.operations.map((cb) => (
              <Operation key={cb.id} operation={cb} level={4} />
            ))}
          </div>
        ))}
      </div>
    </article>
  );
}
