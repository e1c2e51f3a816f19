/**
 * One message on one channel → MessageView. Written in full (headers, payload,
 * every example) where it first appears; elsewhere a short view linking there.
 */
import type {IdRegistry} from '../client/anchors';
import {asArray, asObject, deref, isObject, prettyJson, text, type Json, type JsonObject} from '../document';
import {markdown} from '../markdown';
import {buildSchema} from '../schema/build';
import type {MessageView, ServerView} from '../types';
import {bindingsView} from './bindings';
import {channelAddress, UNLISTED_CHANNEL} from './channels';
import {examplesFor, messageExamples, payloadSchema} from './examples';
import type {ChannelEntry, OperationEntry} from './model';
import {messageRoles, operationViews, replyRefs} from './operations';
import type {Placements} from './placements';
import {buildWsSamples, confirmationOf, isChannelSubscription} from './samples';
import {connectUrl} from './servers';
import {describe} from '../readings';

export interface MessageContext {
  doc: JsonObject;
  ids: IdRegistry;
  placements: Placements;
  /** The server the "Send it" samples connect to: the first, when it is a WebSocket server. */
  socketServer: ServerView | undefined;
  /** The handshake credentials of the default server, when it asks for them. */
  auth: {header: string; value: string} | undefined;
}

export function buildMessage(
  ctx: MessageContext,
  c: ChannelEntry,
  m: ChannelEntry['messages'][number],
  onChannel: OperationEntry[],
  repliesHere: OperationEntry[],
): MessageView {
  const {doc, ids, placements} = ctx;
  const p = placements.place(m.name, c.key);
  const primary = p?.primary === true && p.channel === c.key;
  const id = p?.id ?? m.name;
  const roles = messageRoles(m.name, onChannel, repliesHere);
  const youSend = roles.sentBy.length > 0 || roles.asYourReply.length > 0;
  const youReceive = roles.receivedBy.length > 0 || roles.asReplyToYou.length > 0;
  const message = m.message;
  const full = placements.primaryOf(m.name);
  const view: MessageView = {
    name: m.name,
    id,
    primary,
    youSend,
    youReceive,
    operations: operationViews(roles),
    ...replyRefs(roles, placements),
    examples: [],
    samples: [],
  };
  if (!primary && full !== undefined) view.primaryRef = {id: full.id, channel: full.channel};
  for (const key of ['title', 'summary'] as const) {
    const value = text(message[key]);
    if (value !== undefined) view[key] = value;
  }
  const description = describe(message, 4);
  if (description !== undefined) view.description = description;
  if (message.deprecated === true) view.deprecated = true;
  const contentType = text(message.contentType) ?? text(doc.defaultContentType);
  if (contentType !== undefined) view.contentType = contentType;
  const tags = asArray(message.tags).flatMap((t) =>
    isObject(t) && typeof t.name === 'string' ? [t.name] : [],
  );
  if (tags.length > 0) view.tags = tags;
  const bindings = bindingsView(message.bindings);
  if (bindings !== undefined) view.bindings = bindings;
  const correlation = asObject(deref(doc, message.correlationId).node);
  if (typeof correlation.location === 'string') {
    const d = markdown(correlation.description, 5);
    view.correlationId = {location: correlation.location, ...(d !== undefined ? {description: d} : {})};
  }
  const allExamples = messageExamples(doc, message);
  const relevant = c.key === UNLISTED_CHANNEL ? allExamples : examplesFor(allExamples, c.key);
  if (primary) {
    if (message.headers !== undefined)
      view.headers = buildSchema(message.headers, {doc, ids, mode: 'message'}, `${id}~headers`);
    if (message.payload !== undefined)
      view.payload = buildSchema(payloadSchema(message), {doc, ids, mode: 'message'}, id);
    view.examples = allExamples.map((e) => e.view);
  } else {
    view.examples = relevant.slice(0, 1).map((e) => e.view);
  }
  const first = relevant[0];
  if (youSend && first !== undefined) {
    if (primary) view.validatorExample = prettyJson(first.payload);
    const address = channelAddress(c);
    if (ctx.socketServer !== undefined && address !== null) {
      const subscribe = channelSubscription(doc, c, onChannel, repliesHere);
      view.samples = buildWsSamples({
        url: `${connectUrl(ctx.socketServer)}${address}`,
        payload: first.payload,
        ...(ctx.auth !== undefined ? {auth: ctx.auth} : {}),
        ...(subscribe !== undefined && subscribe.message !== m.name ? {subscribe} : {}),
      });
    }
  }
  return view;
}

/**
 * The channel's subscription, which every other message sent on the channel
 * follows: the first message the reader sends there that subscribes, with its
 * example for this channel and the reply that confirms it.
 */
function channelSubscription(
  doc: JsonObject,
  c: ChannelEntry,
  onChannel: OperationEntry[],
  repliesHere: OperationEntry[],
): {message: string; payload: Json; confirmation?: string} | undefined {
  for (const candidate of c.messages) {
    if (!isChannelSubscription(candidate.name)) continue;
    const roles = messageRoles(candidate.name, onChannel, repliesHere);
    if (roles.sentBy.length === 0) continue;
    const example = examplesFor(messageExamples(doc, candidate.message), c.key)[0];
    if (example === undefined) return undefined;
    const confirmation = confirmationOf(roles.sentBy.flatMap((op) => op.reply?.messages ?? []));
    return {
      message: candidate.name,
      payload: example.payload,
      ...(confirmation !== undefined ? {confirmation} : {}),
    };
  }
  return undefined;
}
