/**
 * A WebSocket mock made from the AsyncAPI document, for the sample tier and
 * `npm run mock`. It serves each channel address of the document, requires the
 * handshake credentials the server's security scheme asks for, validates every
 * frame against the messages the channel accepts from the reader (through the
 * prepared document the build's example check and the reader's validators use,
 * plugins/api-reference/validator/prepared.ts: the same payload schemas, read in
 * the same dialect, with a read-only field not required of what the reader sends),
 * enforces the documented order and answers with the documented replies, made
 * from the examples.
 *
 * The order it enforces (the channel descriptions and the guides): the channel's
 * subscription comes first, once per connection; every other message the reader
 * sends (instrument subscriptions, orders, unsubscriptions) needs it; the
 * channel's unsubscription ends it. A frame that breaks a rule is recorded as a
 * complaint and the connection is closed with code 1008 and the complaint.
 * Replies: the subscription's confirmation; for other messages the first reply
 * the operation documents; none where the document publishes none.
 *
 * A reply answers the request: it starts from the example for this channel (its
 * header's `channel` set to this channel, the request's correlation id copied in)
 * and takes from the request every field the two messages share (new_order's
 * order_ref, order_type, instrument, side and amount; a subscription's
 * heartbeat_interval, or its default when left out), the executed amounts from
 * the order's amount, and a price update's entries from the instruments
 * subscribed. Where the documents publish no behaviour (which of two replies
 * comes, what a second subscription on one connection gets, prices, ids, times,
 * rounding) the mock chooses, and says so: each choice is logged as a `note`
 * frame before the reply, in words ("not published: …").
 */
import http from 'node:http';
import type {AddressInfo} from 'node:net';
import WebSocket, {WebSocketServer} from 'ws';
import type {ValidateFunction} from 'ajv';
import {PreparedDocument} from '../../plugins/api-reference/validator/prepared';
import {payloadSchemaAt} from '../../plugins/api-reference/validator/targets';
import {
  asObject,
  atTokens,
  deref,
  derefAt,
  escapePointerToken,
  isObject,
  tokensOfPointer,
  type Json,
  type JsonObject,
} from '../../plugins/api-reference/document';
import {listChannels, listOperations, type ChannelEntry} from '../../plugins/api-reference/asyncapi/model';
import {examplesFor, messageExamples} from '../../plugins/api-reference/asyncapi/examples';
import {confirmationOf, isChannelSubscription} from '../../plugins/api-reference/asyncapi/samples';
import {findScheme} from '../../plugins/api-reference/security';
// The order rules are the session checker's rule table (one table for the mock and the checker).
import {channelOrderStep, isChannelUnsubscription} from '../../plugins/session-check/client/rules';

export interface Frame {
  /** Connection number, from 1, in the order connections were opened. */
  connection: number;
  address: string;
  /** `note`: not a frame on the wire, but what the mock chose where the documents publish nothing. */
  direction: 'received' | 'sent' | 'note';
  /** The message it validated as (for received frames), the reply's name, or the message a note is about. */
  message?: string;
  text: string;
}

export interface WsMock {
  url: string;
  /** Every connection accepted (after the handshake's checks), numbered from 1. */
  connections: {connection: number; address: string}[];
  frames: Frame[];
  /** What the mock refused, with the connection and the frame. */
  complaints: {connection: number; address: string; complaint: string; text?: string}[];
  /** Called after each frame or complaint is recorded. */
  onChange(listener: () => void): void;
  stop(): Promise<void>;
}

interface Accepted {
  name: string;
  validate: ValidateFunction;
  replies: string[];
}

interface ChannelRules {
  key: string;
  address: string;
  accepted: Accepted[];
  /** The message that subscribes the channel. */
  subscription?: string;
}

/**
 * The validator of a message the channel accepts: its payload schema where the reader's validators
 * find it (`payloadSchemaAt`: a multi-format schema's own dialect), from the prepared document.
 */
function payloadValidator(
  prepared: PreparedDocument,
  channel: ChannelEntry,
  key: string,
  name: string,
): ValidateFunction {
  const message = derefAt(
    prepared.document,
    `/channels/${escapePointerToken(channel.key)}/messages/${escapePointerToken(key)}`,
  );
  const schema = payloadSchemaAt(prepared.document, `${message.pointer}/payload`);
  if (schema.pointer === null)
    throw new Error(
      `The mock cannot check ${name} on channel ${channel.key}: ${schema.unavailable ?? 'no schema'}.`,
    );
  return prepared.validator(schema.pointer, schema.dialect);
}

/** A message's correlation id location (`$message.payload#/a/b`) as a path into the payload. */
function correlationPath(doc: Json, message: JsonObject | undefined): string[] | undefined {
  const location = asObject(deref(doc, message?.correlationId).node).location;
  const m = typeof location === 'string' ? /^\$message\.payload#\/(.+)$/.exec(location) : null;
  return m?.[1] !== undefined ? tokensOfPointer(`/${m[1]}`) : undefined;
}

/** The schema of property `key` of an object schema (its `$ref`s followed). */
function propertyOf(doc: Json, schema: Json | undefined, key: string): JsonObject {
  const object = asObject(deref(doc, schema).node);
  return asObject(deref(doc, asObject(object.properties)[key]).node);
}

/** The one member of a message (`{new_order: {...}}` → `['new_order', {...}]`). */
function member(value: unknown): [string, JsonObject] | undefined {
  if (!isObject(value as Json)) return undefined;
  const entries = Object.entries(value as JsonObject);
  const [key, body] = entries[0] ?? [];
  return entries.length === 1 && key !== undefined && isObject(body as Json)
    ? [key, body as JsonObject]
    : undefined;
}

/** A decimal string as a scaled integer: `'12.5'` → `{units: 125n, scale: 1}`. */
function decimal(text: string): {units: bigint; scale: number} | undefined {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (m === null) return undefined;
  const fraction = m[2] ?? '';
  return {units: BigInt(`${m[1] ?? '0'}${fraction}`), scale: fraction.length};
}

/** A scaled integer as a decimal string with `scale` fraction digits. */
function decimalText(units: bigint, scale: number): string {
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

/** `a × b` (or `a ÷ b`), cut to `scale` fraction digits. */
function multiply(a: string, b: string, scale: number, divide = false): string | undefined {
  const x = decimal(a);
  const y = decimal(b);
  if (x === undefined || y === undefined || (divide && y.units === 0n)) return undefined;
  const ten = (n: number): bigint => 10n ** BigInt(n);
  const units = divide
    ? (x.units * ten(y.scale + scale)) / (y.units * ten(x.scale))
    : (x.units * y.units * ten(scale)) / ten(x.scale + y.scale);
  return decimalText(units, scale);
}

/**
 * The reply's fields taken from the request (see the module comment), changing `body` in place;
 * returns what the mock chose where the documents publish nothing.
 */
function answerRequest(
  doc: Json,
  requestSchema: Json | undefined,
  request: [string, JsonObject],
  body: JsonObject,
): string[] {
  const [requestName, sent] = request;
  const requestBody = propertyOf(doc, requestSchema, requestName);
  const notes: string[] = [];
  for (const key of Object.keys(body)) {
    if (key === 'header') continue;
    if (sent[key] !== undefined) body[key] = structuredClone(sent[key]) as Json;
    else if (propertyOf(doc, requestBody, key).default !== undefined)
      body[key] = structuredClone(propertyOf(doc, requestBody, key).default) as Json;
  }
  // An executed order: the leg the order names is executed in full (fill or kill), the other leg at
  // the example's price.
  const amount = isObject(sent.amount) ? sent.amount : undefined;
  const price = typeof body.execution_price === 'string' ? body.execution_price : undefined;
  const given =
    amount === undefined
      ? undefined
      : ([1, 2] as const).find((n) => typeof amount[`leg_${n}_amount`] === 'string');
  if (
    amount !== undefined &&
    price !== undefined &&
    given !== undefined &&
    `leg_${given}_executed_amount` in body
  ) {
    const other = given === 1 ? 2 : 1;
    const ordered = String(amount[`leg_${given}_amount`]);
    const example = String(body[`leg_${other}_executed_amount`] ?? '');
    const precision =
      typeof sent.counter_leg_precision === 'number'
        ? sent.counter_leg_precision
        : (decimal(example)?.scale ?? 2);
    const counter = multiply(ordered, price, precision, given === 2);
    body[`leg_${given}_executed_amount`] = ordered;
    if (counter !== undefined) body[`leg_${other}_executed_amount`] = counter;
    notes.push(
      `not published: the price; the mock executes at the example's ${price} and cuts the counter leg to ${precision} decimals (how the provider rounds is not published)`,
    );
  }
  // A price update: one entry per instrument subscribed (at most the 100 a message holds).
  const subscriptions = Array.isArray(sent.subscriptions) ? sent.subscriptions.filter(isObject) : [];
  const entries = Array.isArray(body.update_list) ? body.update_list.filter(isObject) : [];
  const template = entries[0];
  if (subscriptions.length > 0 && template !== undefined) {
    body.update_list = subscriptions.slice(0, 100).map((subscription) => {
      const entry = structuredClone(template);
      entry.subscription_id = structuredClone(subscription.subscription_id) as Json;
      entry.instrument = structuredClone(subscription.instrument) as Json;
      if (subscription.mergeable === false) {
        entry.merged = false;
        delete entry.first_ts;
      }
      return entry;
    });
    notes.push(
      "not published: prices; the mock sends the example's price levels for each instrument subscribed",
    );
  }
  return notes;
}

/**
 * The reply to send and what the mock chose to make it: the example for this channel, its header's
 * channel set to it, the request's correlation id (where both messages declare one) copied in, and
 * the fields the reply takes from the request (see the module comment).
 */
function replyFor(
  doc: Json,
  channel: ChannelEntry,
  name: string,
  request?: {name: string; value: unknown},
): {payload: Json; notes: string[]} | undefined {
  const message = channel.messages.find((m) => m.name === name)?.message;
  if (message === undefined) return undefined;
  const example = examplesFor(messageExamples(doc, message), channel.key)[0]?.payload;
  if (example === undefined) return undefined;
  const copy = JSON.parse(JSON.stringify(example)) as Json;
  if (isObject(copy))
    for (const body of Object.values(copy))
      if (isObject(body) && isObject(body.header) && typeof body.header.channel === 'string')
        body.header.channel = channel.key;
  if (request !== undefined) {
    const from = correlationPath(doc, channel.messages.find((m) => m.name === request.name)?.message);
    const to = correlationPath(doc, message);
    const id = from === undefined ? undefined : atTokens(request.value, from);
    const parent = to === undefined ? undefined : atTokens(copy, to.slice(0, -1));
    const key = to?.[to.length - 1];
    if (id !== undefined && key !== undefined && isObject(parent as Json))
      (parent as JsonObject)[key] = id as Json;
  }
  const notes: string[] = [];
  const sent = member(request?.value);
  const reply = member(copy);
  if (request !== undefined && sent !== undefined && reply !== undefined) {
    const requestMessage = channel.messages.find((m) => m.name === request.name)?.message;
    notes.push(...answerRequest(doc, asObject(deref(doc, requestMessage?.payload).node), sent, reply[1]));
    if (Object.keys(reply[1]).some((k) => /_id$/.test(k) && sent[1][k] === undefined))
      notes.push("not published: the server's ids; the mock sends the example's");
  }
  return {payload: copy, notes};
}

/** The handshake header the default server's security asks for (HTTP bearer: Authorization). */
function requiredHeader(doc: JsonObject): {name: string; pattern: RegExp} | undefined {
  const server = asObject(deref(doc, Object.values(asObject(doc.servers))[0]).node);
  for (const requirement of Array.isArray(server.security) ? server.security : []) {
    const scheme = asObject(deref(doc, requirement).node);
    const resolved =
      typeof scheme.type === 'string' ? scheme : (findScheme(doc, Object.keys(scheme)[0] ?? '') ?? {});
    if (resolved.type === 'http' && String(resolved.scheme).toLowerCase() === 'bearer')
      return {name: 'authorization', pattern: /^Bearer \S+$/};
    if (resolved.type === 'httpApiKey' && typeof resolved.name === 'string')
      return {name: resolved.name.toLowerCase(), pattern: /\S/};
  }
  return undefined;
}

type Reply = (
  address: string,
  name: string,
  request?: {name: string; value: unknown},
) => {payload: Json; notes: string[]} | undefined;

export function wsRules(document: Json): {
  rules: ChannelRules[];
  reply: Reply;
} {
  const doc = asObject(document);
  // What the reader sends, as the reader's validators read it (a read-only field is not asked of them).
  const prepared = new PreparedDocument('asyncapi', doc, 'request');
  const channels = listChannels(doc);
  const operations = listOperations(doc, channels);
  const rules = channels.flatMap((channel): ChannelRules[] => {
    const address = channel.channel.address;
    if (typeof address !== 'string') return [];
    const sentHere = operations.filter((op) => op.action === 'receive' && op.channel === channel.key);
    const accepted = channel.messages.flatMap((m): Accepted[] => {
      const ops = sentHere.filter((op) => op.messages.includes(m.name));
      if (ops.length === 0) return [];
      return [
        {
          name: m.name,
          validate: payloadValidator(prepared, channel, m.key, m.name),
          replies: ops.flatMap((op) => op.reply?.messages ?? []),
        },
      ];
    });
    const subscription = accepted.find((a) => isChannelSubscription(a.name))?.name;
    return [{key: channel.key, address, accepted, ...(subscription !== undefined ? {subscription} : {})}];
  });
  const reply: Reply = (address, name, request) => {
    const channel = channels.find((c) => c.channel.address === address);
    return channel === undefined ? undefined : replyFor(doc, channel, name, request);
  };
  return {rules, reply};
}

export async function startWsMock(document: Json, port = 0): Promise<WsMock> {
  const doc = asObject(document);
  const {rules, reply} = wsRules(doc);
  const auth = requiredHeader(doc);
  const frames: Frame[] = [];
  const complaints: WsMock['complaints'] = [];
  const listeners: (() => void)[] = [];
  const changed = (): void => listeners.forEach((l) => l());
  const accepted: WsMock['connections'] = [];
  const server = http.createServer((_req, res) => {
    res.writeHead(426);
    res.end('WebSocket only');
  });
  const wss = new WebSocketServer({noServer: true});
  server.on('upgrade', (req, socket, head) => {
    const address = (req.url ?? '').split('?')[0] ?? '';
    const channel = rules.find((r) => r.address === address);
    const refuse = (status: number, why: string): void => {
      complaints.push({connection: 0, address, complaint: why});
      socket.end(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: text/plain\r\n\r\n${why}\n`,
      );
      changed();
    };
    if (channel === undefined) return refuse(404, `no channel at ${address}`);
    const given = auth === undefined ? undefined : req.headers[auth.name];
    if (auth !== undefined && (typeof given !== 'string' || !auth.pattern.test(given)))
      return refuse(401, `the handshake lacks the ${auth.name} header the server's security asks for`);
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = accepted.length + 1;
      accepted.push({connection, address});
      serve(ws, channel, connection);
      changed();
    });
  });

  function serve(ws: WebSocket, channel: ChannelRules, connection: number): void {
    let subscribed = false;
    const refuse = (complaint: string, text: string): void => {
      complaints.push({connection, address: channel.address, complaint, text});
      changed();
      ws.close(1008, complaint.slice(0, 120));
    };
    const note = (message: string, text: string): void => {
      frames.push({connection, address: channel.address, direction: 'note', message, text});
    };
    ws.on('message', (data) => {
      // Frames still in flight after a refusal are not answered: the log says only what went out.
      if (ws.readyState !== ws.OPEN) return;
      const text = String(data);
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return refuse('the frame is not JSON', text);
      }
      const matched = channel.accepted.filter((a) => a.validate(value));
      if (matched.length !== 1) {
        const named = isObject(value as Json) ? Object.keys(value as JsonObject) : [];
        const candidates = channel.accepted.filter((a) => named.includes(a.name));
        const errors = (candidates.length > 0 ? candidates : channel.accepted).map(
          (a) =>
            `${a.name}: ${(a.validate(value), a.validate.errors ?? [])
              .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
              .join('; ')}`,
        );
        return refuse(
          matched.length === 0
            ? `the frame is none of the messages ${channel.address} accepts (${errors.join(' | ')})`
            : `the frame validates as several messages: ${matched.map((m) => m.name).join(', ')}`,
          text,
        );
      }
      const message = matched[0] as Accepted;
      frames.push({connection, address: channel.address, direction: 'received', message: message.name, text});
      const step = channelOrderStep(subscribed, message.name, {
        ...(channel.subscription !== undefined ? {subscription: channel.subscription} : {}),
        unsubscriptions: channel.accepted.map((a) => a.name).filter(isChannelUnsubscription),
      });
      if (step.broken?.rule === 'one-subscription') {
        // One subscription per channel per connection is the rule (the checker reports a client that
        // breaks it); what the server does with a second one is not published, so the mock does not
        // invent a refusal.
        note(
          message.name,
          `not published: what the server does with a second ${message.name} on one connection (one subscription per channel per connection is the rule); the mock confirms it again`,
        );
      } else if (step.broken !== undefined) return refuse(step.broken.complaint, text);
      subscribed = step.subscribed;
      const name =
        message.name === channel.subscription ? confirmationOf(message.replies) : message.replies[0];
      const answer =
        name === undefined ? undefined : reply(channel.address, name, {name: message.name, value});
      if (name === undefined)
        note(message.name, `not published: an answer to ${message.name}; the mock sends none`);
      else if (message.name !== channel.subscription && message.replies.length > 1)
        note(
          message.name,
          `not published: which of ${message.replies.join(' or ')} answers this ${message.name}; the mock sends ${name}`,
        );
      for (const text of answer?.notes ?? []) note(message.name, text);
      if (name !== undefined && answer !== undefined) {
        const sent = JSON.stringify(answer.payload);
        frames.push({connection, address: channel.address, direction: 'sent', message: name, text: sent});
        ws.send(sent);
      }
      changed();
    });
  }

  const bound = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  return {
    url: `ws://127.0.0.1:${bound}`,
    connections: accepted,
    frames,
    complaints,
    onChange: (listener) => listeners.push(listener),
    stop: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.close(() => resolve());
      }),
  };
}
