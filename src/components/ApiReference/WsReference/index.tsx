/**
 * The WebSocket reference, rendered inside docs/ws.mdx (so it keeps the docs
 * layout and sidebar). Channels are h2 and messages h3, matching the TOC the
 * MDX page exports from the same model.
 */
import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import type {ChannelView, WsModel} from '@site/plugins/api-reference/types';
import {SequenceDiagram} from '@site/src/components/Diagram/SequenceDiagram';
import Markdown from '../Markdown';
import Servers from '../Servers';
import {DataTypes, DescribedSchemas} from '../Schema';
import {useMovedAnchors} from '../useMovedAnchors';
import Security from '../Security';
import Downloads from '../Downloads';
import Lead from '../Lead';
import Message from '../Message';
import ReleaseBar from '../Release';
import {CurrentReleaseContext} from '../Release/context';
import styles from './styles.module.css';

function Channel({channel}: {readonly channel: ChannelView}): ReactNode {
  const label = channel.title ?? channel.key;
  return (
    <section className={styles.channel} aria-labelledby={channel.id}>
      <Heading as="h2" id={channel.id}>
        {label}
      </Heading>
      <p className={styles.address}>
        {channel.address !== null ? (
          <>
            Address <code>{channel.address}</code>
          </>
        ) : (
          <>
            Address: <strong>not published by the provider</strong>
          </>
        )}
        {channel.servers !== undefined ? <> · on {channel.servers.join(', ')}</> : null}
        {channel.bindings !== undefined ? <> · bindings: {channel.bindings.join(', ')}</> : null}
      </p>
      <Markdown html={channel.description} />
      {channel.parameters.length > 0 ? (
        <dl className={styles.parameters}>
          {channel.parameters.map((p) => (
            <div key={p.name}>
              <dt>
                <code>{`{${p.name}}`}</code>
              </dt>
              <dd>
                <Markdown html={p.description} />
                {p.enum !== undefined ? (
                  <>
                    One of:{' '}
                    {p.enum.map((e) => (
                      <code key={e}>{e} </code>
                    ))}
                  </>
                ) : null}
                {p.default !== undefined ? (
                  <>
                    {' '}
                    Default: <code>{p.default}</code>
                  </>
                ) : null}
                {p.examples !== undefined ? (
                  <>
                    {' '}
                    Examples:{' '}
                    {p.examples.map((e) => (
                      <code key={e}>{e} </code>
                    ))}
                  </>
                ) : null}
                {p.location !== undefined ? (
                  <>
                    {' '}
                    From <code>{p.location}</code>
                  </>
                ) : null}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {channel.flows.length > 0 ? (
        <details className={styles.flows} open>
          <summary>Message flows on this channel ({channel.flows.length})</summary>
          {channel.flows.map((flow) => (
            <SequenceDiagram key={flow.title} {...flow} />
          ))}
        </details>
      ) : null}
      {channel.messages.map((message) => (
        <Message
          key={message.id}
          message={message}
          channelLabel={label}
          addressPublished={channel.address !== null}
        />
      ))}
    </section>
  );
}

export default function WsReference({model}: {readonly model: WsModel}): ReactNode {
  useMovedAnchors(model.movedAnchors);
  return (
    // api-ws-reference: the global class the page's layout rules look for (../navigation.css).
    <CurrentReleaseContext.Provider value={(model.release?.id ?? null) === null}>
      <div className={`api-ws-reference ${styles.reference}`}>
        <ReleaseBar release={model.release} api="ws" />
        <Lead title={model.title} version={model.version} format={`AsyncAPI ${model.asyncapi}`} />
        <Downloads name="asyncapi" label="AsyncAPI document" release={model.release} />
        {model.convertedFrom !== undefined ? (
          <p className={styles.legend}>
            This reference was converted at build time from AsyncAPI {model.convertedFrom} to AsyncAPI{' '}
            {model.asyncapi}.
          </p>
        ) : null}
        <p className={styles.legend}>
          Messages are labelled from your side: <strong>You send</strong> is a message your client sends to
          the server, <strong>You receive</strong> one the server sends to you.
        </p>
        <Markdown html={model.description} />
        <Servers servers={model.servers} />
        <Security schemes={model.securitySchemes} />
        {model.channels.map((channel) => (
          <Channel key={channel.id} channel={channel} />
        ))}
        <DescribedSchemas schemas={model.schemas ?? []} />
        <DataTypes types={model.dataTypes ?? []} />
      </div>
    </CurrentReleaseContext.Provider>
  );
}
