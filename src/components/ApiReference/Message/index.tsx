/**
 * One message of a channel, labelled from the reader's side ("You send" /
 * "You receive"), with the replies a request can get, the payload schema,
 * examples, code samples for sending it and the payload validator.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import Link from '@docusaurus/Link';
import {securitySchemeId} from '@site/plugins/api-reference/client/anchors';
import {wsTarget} from '@site/plugins/api-reference/client/validators';
import type {MessageRef, MessageView} from '@site/plugins/api-reference/types';
import Markdown from '../Markdown';
import Schema from '../Schema';
import RequestBuilder from '../RequestBuilder';
import Pane, {ExampleSet, PaneTitle, RequestSamples} from '../Pane';
import layout from '../layout.module.css';
import StaticMarkup from '@site/src/components/StaticMarkup';
import styles from './styles.module.css';
import Badge from '../Badge';
import History from '../History';
import {useIsCurrentRelease} from '../Release/context';

function Refs({refs}: {readonly refs: MessageRef[]}): ReactNode {
  return (
    <>
      {refs.map((r, i) => (
        <span key={r.id}>
          {i > 0 ? (i === refs.length - 1 ? ' or ' : ', ') : null}
          <Link href={`#${r.id}`}>
            <code>{r.name}</code>
          </Link>
        </span>
      ))}
    </>
  );
}

export function Direction({message}: {readonly message: MessageView}): ReactNode {
  return (
    <span className={styles.directions}>
      {message.youSend ? <span className={clsx(styles.direction, styles.send)}>You send</span> : null}
      {message.youReceive ? (
        <span className={clsx(styles.direction, styles.receive)}>You receive</span>
      ) : null}
      {!message.youSend && !message.youReceive ? (
        <span className={styles.direction}>No operation uses this message</span>
      ) : null}
    </span>
  );
}

export default function Message({
  message,
  channelLabel,
  addressPublished = true,
}: {
  readonly message: MessageView;
  readonly channelLabel: string;
  /** False when the channel's address is null: there is nothing to connect to, so no sample. */
  readonly addressPublished?: boolean;
}): ReactNode {
  const m = message;
  const current = useIsCurrentRelease();
  const validator =
    current && m.youSend && m.primaryRef === undefined
      ? {target: wsTarget(m.name), example: m.validatorExample}
      : undefined;
  const noSampleNote = m.youSend && !addressPublished && m.samples.length === 0;
  const hasPane = m.examples.length > 0 || m.samples.length > 0 || validator !== undefined || noSampleNote;
  return (
    // Content first, then its pane (example, send sample, validator): the reading and tab order.
    <article className={clsx(styles.message, layout.workspace)} aria-labelledby={m.id}>
      <div className={layout.content}>
        <Heading as="h3" id={m.id} className={styles.heading}>
          {m.name}
        </Heading>
        {/* Everything up to the examples is text and links: kept as the server rendered it. */}
        <StaticMarkup>
          <p className={styles.meta}>
            <Direction message={m} />
            {m.title !== undefined && m.title !== m.name ? (
              <span className={styles.title}>{m.title}</span>
            ) : null}
            {m.deprecated === true ? <Badge badge={{kind: 'deprecated', mark: m.deprecation}} /> : null}
            <Badge badge={m.release} />
          </p>
          {m.summary !== undefined ? <p>{m.summary}</p> : null}
          <History history={m.history} name={m.name} />
          {m.replies.length > 0 ? (
            <p className={styles.flow}>
              After you send it, you receive <Refs refs={m.replies} />.
            </p>
          ) : null}
          {m.replyTo.length > 0 ? (
            <p className={styles.flow}>
              {m.youSend ? 'You send it in answer to' : 'The server sends it in answer to'}{' '}
              <Refs refs={m.replyTo} />.
            </p>
          ) : null}
          {m.primaryRef !== undefined ? (
            <p className={styles.flow}>
              Same message as on the {m.primaryRef.channel} channel:{' '}
              <Link href={`#${m.primaryRef.id}`}>
                full description and fields of <code>{m.name}</code>
              </Link>
              .
            </p>
          ) : null}
          <Markdown html={m.description} />
          {m.operations.length > 0 ? (
            <ul className={styles.operations} aria-label={`Operations using ${m.name} on ${channelLabel}`}>
              {m.operations.map((op) => (
                <li key={op.key}>
                  <strong>{op.title}</strong> ({op.youSend ? 'you send' : 'you receive'})
                  {op.security !== undefined ? (
                    <>
                      {' '}
                      · authentication:{' '}
                      {op.security.map((key, i) => (
                        <span key={key}>
                          {i > 0 ? ' or ' : null}
                          <Link href={`#${securitySchemeId(key)}`}>{key}</Link>
                        </span>
                      ))}
                    </>
                  ) : null}
                  <Markdown html={op.description} />
                </li>
              ))}
            </ul>
          ) : null}
          {m.correlationId !== undefined ? (
            <div className={styles.flow}>
              <p>
                Correlation id at <code>{m.correlationId.location}</code>
              </p>
              <Markdown html={m.correlationId.description} />
            </div>
          ) : null}
          {m.contentType !== undefined && m.primaryRef === undefined ? (
            <p className={styles.small}>
              Content type <code>{m.contentType}</code>
              {m.bindings !== undefined ? <> · bindings: {m.bindings.join(', ')}</> : null}
              {m.tags !== undefined ? <> · tags: {m.tags.join(', ')}</> : null}
            </p>
          ) : null}
          {m.headers !== undefined ? <Schema node={m.headers} label={`Headers of ${m.name}`} /> : null}
          {m.payload !== undefined ? (
            <>
              <Heading as="h4">Payload</Heading>
              <Schema node={m.payload} label={`Payload of ${m.name}`} />
            </>
          ) : null}
        </StaticMarkup>
      </div>
      {hasPane ? (
        <Pane label={`Example and samples: ${m.name}`} className={clsx(layout.pane, styles.roomy)}>
          {m.samples.length > 0 ? (
            <>
              {/* The request first: the send sample, with the message alone as its last tab. */}
              <PaneTitle>Send it</PaneTitle>
              <RequestSamples
                samples={m.samples}
                title={`Code samples for sending ${m.name} on ${channelLabel}`}
                bodyLabel="Message"
                contents={[
                  {mediaType: m.contentType ?? 'application/json', idPrefix: m.id, examples: m.examples},
                ]}
                validator={validator}
              >
                {validator !== undefined ? <RequestBuilder target={validator.target} /> : null}
              </RequestSamples>
            </>
          ) : m.examples.length > 0 || validator !== undefined ? (
            <>
              {/* The direction in words: the badges stay with the heading, the pane says it again plainly. */}
              <PaneTitle>
                {`${m.examples.length > 1 ? 'Examples' : 'Example'} of the message ${
                  m.youSend && m.youReceive
                    ? 'you send and receive'
                    : m.youSend
                      ? 'you send'
                      : m.youReceive
                        ? 'you receive'
                        : ''
                }`.trim()}
              </PaneTitle>
              <ExampleSet examples={m.examples} validator={validator} />
              {/* Where the channel has no address, the builder still writes the message; a note says why there is no sample. */}
              {validator !== undefined ? <RequestBuilder target={validator.target} /> : null}
            </>
          ) : null}
          {noSampleNote ? (
            <p className={styles.small}>
              No code sample: the address of this channel is not published by the provider.
            </p>
          ) : null}
        </Pane>
      ) : null}
    </article>
  );
}
