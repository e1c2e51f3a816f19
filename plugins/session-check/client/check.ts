/**
 * The checker: a capture (read.ts) and the documents (the session model, their compiled
 * validators and the reference's wording) in, a report out. Pure and synchronous apart from the
 * progress callback; the page runs it in a Web Worker, the command in Node.
 *
 * Every frame is placed on its connection's channel (URL against the servers and channel
 * addresses), identified among the messages the channel carries in its direction, and validated;
 * then the session rules (rules.ts) are judged over each connection in frame order.
 */
import {isObject, unescapePointerToken, type JsonObject} from '../../api-reference/client/json';
import {matchPath} from '../../api-reference/client/pathMatch';
import type {Capture, CapturedCall, CapturedConnection, CapturedFrame} from './read';
import {
  channelOrderStep,
  ruleById,
  SEQ_NUMBER_MAX,
  SESSION_RULES,
  TERMINAL_ORDER_STATUSES,
  type RuleId,
  type SessionRule,
} from './rules';
import type {
  CheckEnvironment,
  CompiledValidator,
  RestOperation,
  SessionChannel,
  SessionMessage,
  Side,
  WordedProblem,
} from './types';

export interface Problem {
  /** JSON pointer of the value ("" is the whole payload). */
  pointer: string;
  /** The rule, in the reference's words. */
  message: string;
  value: string | null;
  /** The field (or message) in the reference. */
  link?: string;
}

export type FrameStatus = 'valid' | 'invalid' | 'unknown' | 'not-json' | 'binary' | 'error' | 'unchecked';

export interface FrameVerdict {
  connection: number;
  index: number;
  source: string;
  time: number | null;
  from: Side;
  status: FrameStatus;
  /** The message the frame is (or is closest to, when invalid). */
  message?: string;
  /** Every message it validates as, when more than one does. */
  ambiguous?: string[];
  link?: string;
  problems: Problem[];
  /** The frame's text, shortened (credentials were taken out on load). */
  preview: string;
}

export interface Finding {
  rule: RuleId;
  connection?: number;
  /** The frame the finding is about (its index in the connection). */
  frame?: number;
  source?: string;
  message: string;
}

export interface ConnectionSummary {
  id: number;
  url: string;
  source: string;
  /** The channel key, or null when the URL names none of the documented channels. */
  channel: string | null;
  /** How the channel was found, when not by its address; or why none was. */
  channelNote?: string;
  /** The documented server the URL's host is, or null. */
  server: string | null;
  sent: number;
  received: number;
  failingFrames: number;
  brokenRules: number;
  errors: number;
  binary: number;
  sequenceGaps: number;
  /** Seconds the subscription asked between heartbeats (0: none asked); null when none was seen. */
  heartbeatInterval: number | null;
  /** The longest time without a heartbeat while heartbeats were asked for, in seconds. */
  longestHeartbeatGap: number | null;
  /** The longest time between two frames the server sent, in seconds. */
  longestSilence: number | null;
}

export interface CallVerdict {
  index: number;
  source: string;
  method: string;
  url: string;
  status: number;
  /** The operation it is (its id), when the documents have one for this method and path. */
  operation?: string;
  link?: string;
  verdict: 'valid' | 'invalid' | 'unmatched';
  problems: (Problem & {part: 'path' | 'query' | 'body' | 'status' | 'response'})[];
}

export interface RuleOutcome {
  id: RuleId;
  title: string;
  checked: boolean;
  broken: number;
  where: SessionRule['where'];
  reading?: string;
}

export interface Report {
  format: Capture['format'];
  /** True when no frame, call or rule fails. */
  ok: boolean;
  redacted: number;
  connections: ConnectionSummary[];
  frames: FrameVerdict[];
  findings: Finding[];
  calls: CallVerdict[];
  rules: RuleOutcome[];
}

const PREVIEW_CHARS = 240;
const FAILING: ReadonlySet<FrameStatus> = new Set(['invalid', 'unknown', 'not-json']);

export function isFailingFrame(frame: FrameVerdict): boolean {
  return FAILING.has(frame.status);
}

function preview(text: string): string {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

function at(value: unknown, tokens: readonly string[]): unknown {
  let node = value;
  for (const token of tokens) {
    if (Array.isArray(node)) node = node[Number(token)];
    else if (isObject(node)) node = node[token];
    else return undefined;
  }
  return node;
}

class Judge {
  private readonly validators = new Map<string, CompiledValidator | null>();
  private readonly anchors: Set<string>;

  constructor(private readonly env: CheckEnvironment) {
    this.anchors = new Set(env.model.wsAnchors);
  }

  validator(target: string): CompiledValidator | null {
    let found = this.validators.get(target);
    if (found === undefined) {
      found = this.env.validator(target) ?? null;
      this.validators.set(target, found);
    }
    return found;
  }

  /** The deepest anchor on /docs/ws for a field of `message` at `pointer`. */
  fieldLink(message: SessionMessage, pointer: string): string {
    let path = '';
    for (const raw of pointer.split('/').slice(1)) {
      const token = unescapePointerToken(raw);
      path = /^\d+$/.test(token) ? `${path}[]` : path === '' ? token : `${path}.${token}`;
    }
    let candidate = path === '' ? message.anchor : `${message.anchor}.${path}`;
    while (!this.anchors.has(candidate)) {
      const cut = Math.max(candidate.lastIndexOf('.'), candidate.lastIndexOf('['));
      if (cut <= message.anchor.length - 1) return `${this.env.model.routes.ws}#${message.anchor}`;
      candidate = candidate.slice(0, cut);
    }
    return `${this.env.model.routes.ws}#${candidate}`;
  }

  channelLink(channel: SessionChannel): string {
    return `${this.env.model.routes.ws}#${channel.anchor}`;
  }

  messageLink(message: SessionMessage): string {
    return `${this.env.model.routes.ws}#${message.anchor}`;
  }

  words(message: SessionMessage, problems: WordedProblem[]): Problem[] {
    return problems.map((p) => ({
      pointer: p.pointer,
      message:
        p.details.length > 0
          ? `${p.message} (${p.details
              .slice(0, 3)
              .map((d) => `${d.pointer || '/'} ${d.message}`)
              .join('; ')})`
          : p.message,
      value: p.value,
      link: this.fieldLink(message, p.pointer),
    }));
  }

  /** Validates `value` as `message`: null when valid, else the problems in words. */
  check(message: SessionMessage, value: unknown): Problem[] | null {
    const validate = this.validator(message.target);
    if (validate === null)
      return [{pointer: '', message: `no validator could be made for ${message.name}`, value: null}];
    if (validate(value)) return null;
    return this.words(message, this.env.describe(validate.errors ?? []));
  }

  isValid(message: SessionMessage, value: unknown): boolean {
    const validate = this.validator(message.target);
    return validate !== null && validate(value);
  }
}

/** The channel a connection's URL names, and the documented server its host is. */
function placeConnection(
  connection: CapturedConnection,
  env: CheckEnvironment,
): {channel: SessionChannel | null; server: string | null; note?: string} {
  let host = '';
  let path = '';
  let protocol = '';
  try {
    const url = new URL(connection.url);
    host = url.host;
    path = url.pathname;
    protocol = url.protocol.replace(/:$/, '');
  } catch {
    return {channel: null, server: null, note: 'its URL cannot be read'};
  }
  // A `{variable}` in a server's host matches any value there (AsyncAPI server variables).
  const server =
    env.model.wsServers.find(
      (s) =>
        (s.protocol === protocol || s.protocol === '') &&
        templateRegExp(s.host, '[^/]+?', '$', 'i').test(host),
    )?.name ?? null;
  // An address written out first; then one with parameters (`/ws/{market}/prices`), each matching a segment.
  const channel =
    env.model.channels.find((c) => c.address !== null && c.address === path) ??
    env.model.channels.find(
      (c) =>
        c.address !== null && c.address.includes('{') && templateRegExp(c.address, '[^/]+', '$').test(path),
    ) ??
    null;
  if (channel !== null) return {channel, server};
  return {
    channel: null,
    server,
    note: `${path} is none of the documented channel addresses (${env.model.channels
      .map((c) => c.address ?? `${c.key}: not published`)
      .join(', ')})`,
  };
}

/** For a URL that names no documented address: a channel whose address is unpublished, if its subscription is the first frame. */
function inferChannel(
  connection: CapturedConnection,
  env: CheckEnvironment,
  judge: Judge,
): SessionChannel | null {
  const first = connection.frames.find((f) => f.from === 'client' && f.kind === 'text');
  if (first === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(first.data);
  } catch {
    return null;
  }
  const fits = env.model.channels.filter((c) => {
    if (c.address !== null || c.subscription === undefined) return false;
    const subscription = c.messages.find((m) => m.name === c.subscription?.message && m.from === 'client');
    return subscription !== undefined && judge.isValid(subscription, value);
  });
  return fits.length === 1 ? (fits[0] ?? null) : null;
}

interface Identified {
  verdict: FrameVerdict;
  value?: unknown;
  message?: SessionMessage;
}

/** A channel's messages by who sends them, listed once per connection (not per frame). */
interface ChannelMessages {
  channel: SessionChannel;
  client: SessionMessage[];
  server: SessionMessage[];
}

function channelMessages(channel: SessionChannel): ChannelMessages {
  return {
    channel,
    client: channel.messages.filter((m) => m.from === 'client'),
    server: channel.messages.filter((m) => m.from === 'server'),
  };
}

const hasOwn = (value: object, key: string): boolean => Object.prototype.hasOwnProperty.call(value, key);

/** A frame's verdict with nothing found yet: one object per frame, filled in place. */
function verdictOf(frame: CapturedFrame, connection: CapturedConnection, status: FrameStatus): FrameVerdict {
  return {
    connection: connection.id,
    index: frame.index,
    source: frame.source,
    time: frame.time,
    from: frame.from,
    status,
    problems: [],
    preview: preview(frame.data),
  };
}

function identify(
  frame: CapturedFrame,
  connection: CapturedConnection,
  messages: ChannelMessages | null,
  judge: Judge,
): Identified {
  if (frame.kind === 'error') return {verdict: verdictOf(frame, connection, 'error')};
  if (frame.kind === 'binary') {
    const verdict = verdictOf(frame, connection, 'binary');
    verdict.problems.push({
      pointer: '',
      message: 'a binary frame: the documents describe JSON text messages only',
      value: null,
    });
    return {verdict};
  }
  if (messages === null) return {verdict: verdictOf(frame, connection, 'unchecked')};
  let value: unknown;
  try {
    value = JSON.parse(frame.data);
  } catch (error) {
    const verdict = verdictOf(frame, connection, 'not-json');
    verdict.problems.push({pointer: '', message: `is not JSON (${(error as Error).message})`, value: null});
    return {verdict};
  }
  // A message whose payload requires its envelope member cannot be a frame without it: only
  // the others are validated (one or two per frame instead of every message of the channel).
  const object = isObject(value) ? value : null;
  const possible = (m: SessionMessage): boolean =>
    m.envelope === undefined || (object !== null && hasOwn(object, m.envelope));
  const own = frame.from === 'client' ? messages.client : messages.server;
  let first: SessionMessage | undefined;
  let valid: SessionMessage[] | undefined;
  for (const m of own) {
    if (!possible(m) || !judge.isValid(m, value)) continue;
    if (first === undefined) first = m;
    else (valid ??= [first]).push(m);
  }
  if (first !== undefined) {
    const verdict = verdictOf(frame, connection, 'valid');
    verdict.message = first.name;
    verdict.link = judge.messageLink(first);
    if (valid !== undefined) verdict.ambiguous = valid.map((m) => m.name);
    return {value, message: first, verdict};
  }
  const other = (frame.from === 'client' ? messages.server : messages.client).find(
    (m) => possible(m) && judge.isValid(m, value),
  );
  if (other !== undefined) {
    const sender = other.from === 'server' ? 'the server sends' : 'the client sends';
    const sentBy = frame.from === 'server' ? 'the server' : 'the client';
    const verdict = verdictOf(frame, connection, 'invalid');
    verdict.message = other.name;
    verdict.link = judge.messageLink(other);
    verdict.problems.push({
      pointer: '',
      message: `${other.name} is a message ${sender}, but this frame was sent by ${sentBy}`,
      value: null,
      link: judge.messageLink(other),
    });
    return {value, verdict};
  }
  return closestMessage({
    verdict: verdictOf(frame, connection, 'invalid'),
    value,
    object,
    own,
    frame,
    channel: messages.channel,
    judge,
  });
}

/**
 * A frame valid as none of the messages: judged as the closest one, the one whose envelope member
 * it has (the fewest problems among several); unknown when it has none's.
 */
function closestMessage({
  verdict,
  value,
  object,
  own,
  frame,
  channel,
  judge,
}: {
  verdict: FrameVerdict;
  value: unknown;
  object: JsonObject | null;
  own: SessionMessage[];
  frame: CapturedFrame;
  channel: SessionChannel;
  judge: Judge;
}): Identified {
  const byEnvelope = own.filter(
    (m) => m.envelope !== undefined && object !== null && hasOwn(object, m.envelope),
  );
  if (byEnvelope.length === 0) {
    verdict.status = 'unknown';
    verdict.problems.push({
      pointer: '',
      message: `is none of the messages ${frame.from === 'client' ? 'the client sends' : 'the server sends'} on ${channel.key} (${own.map((m) => m.name).join(', ')})`,
      value: null,
      link: judge.channelLink(channel),
    });
    return {value, verdict};
  }
  let best: {message: SessionMessage; problems: Problem[]} | null = null;
  for (const message of byEnvelope) {
    const problems = judge.check(message, value) ?? [];
    if (best === null || problems.length < best.problems.length) best = {message, problems};
  }
  const chosen = best as {message: SessionMessage; problems: Problem[]};
  verdict.message = chosen.message.name;
  verdict.link = judge.messageLink(chosen.message);
  verdict.problems = chosen.problems;
  return {value, message: chosen.message, verdict};
}

/** Seconds, printed for people. */
export function seconds(value: number): string {
  return `${Number(value.toFixed(3))} s`;
}

/** How late a heartbeat may be before it counts (rules.ts, heartbeat-interval's reading). */
export function heartbeatAllowance(interval: number): number {
  return interval + Math.max(1, interval / 10);
}

interface Pending {
  request: string;
  replies: string[];
  frame: CapturedFrame;
  correlation?: {field: string; value: unknown; replies: Map<string, string[]>};
}

type AddFinding = (rule: RuleId, frame: CapturedFrame | undefined, message: string) => void;

/** Instrument subscriptions a client message makes or ends (`subscriptions[].subscription_id`, `subscription_ids`). */
function trackInstruments(body: unknown, active: Set<string>, ended: Set<string>): void {
  if (!isObject(body)) return;
  if (Array.isArray(body.subscriptions))
    for (const s of body.subscriptions)
      if (isObject(s) && typeof s.subscription_id === 'string') {
        active.add(s.subscription_id);
        ended.delete(s.subscription_id);
      }
  if (Array.isArray(body.subscription_ids))
    for (const id of body.subscription_ids)
      if (typeof id === 'string') {
        active.delete(id);
        ended.add(id);
      }
}

/** A request the documents answer, waiting for its reply (matched by correlation id where both carry one). */
function pendingRequest(
  message: SessionMessage,
  value: unknown,
  replies: string[],
  frame: CapturedFrame,
  messages: ReadonlyMap<string, SessionMessage>,
): Pending {
  const entry: Pending = {request: message.name, replies, frame};
  if (message.correlation === undefined) return entry;
  const paths = new Map<string, string[]>();
  for (const name of replies) {
    const reply = messages.get(`server:${name}`);
    if (reply?.correlation !== undefined) paths.set(name, reply.correlation);
  }
  // A request that lacks its correlation value (an invalid one: its own frame fails) waits for any
  // of its replies, as a request without correlation does: never for a reply that lacks it too.
  const correlationValue = at(value, message.correlation);
  if (paths.size > 0 && correlationValue !== undefined)
    entry.correlation = {
      field: message.correlation[message.correlation.length - 1] ?? '',
      value: correlationValue,
      replies: paths,
    };
  return entry;
}

/** What a server message's body carries over a session: sequence numbers, ended subscriptions, order statuses. */
interface ServerState {
  lastSeq: number | null;
  /** Instrument subscriptions ended by the client. */
  ended: ReadonlySet<string>;
  /** Order id → the terminal status it reached. */
  terminal: Map<string, string>;
}

/** The rules a server message's body answers to: seq_number continuity, no updates after an unsubscription, no status after a terminal one. */
function serverBodyRules(
  body: JsonObject,
  message: SessionMessage,
  frame: CapturedFrame,
  state: ServerState,
  summary: ConnectionSummary,
  add: AddFinding,
): void {
  const seq = body.seq_number;
  if (typeof seq === 'number' && Number.isInteger(seq)) {
    if (state.lastSeq !== null) {
      const last = state.lastSeq;
      const expected = last >= SEQ_NUMBER_MAX ? 0 : last + 1;
      if (seq !== expected) {
        summary.sequenceGaps += 1;
        add(
          'seq-continuity',
          frame,
          `seq_number ${seq} follows ${last}; the next number is ${expected}${last >= SEQ_NUMBER_MAX ? ' (the documented wrap)' : ''}`,
        );
      }
    }
    state.lastSeq = seq;
  }
  if (Array.isArray(body.update_list))
    for (const entry of body.update_list)
      if (
        isObject(entry) &&
        typeof entry.subscription_id === 'string' &&
        state.ended.has(entry.subscription_id)
      )
        add(
          'no-updates-after-unsubscription',
          frame,
          `${message.name} carries subscription ${entry.subscription_id}${typeof entry.instrument === 'string' ? ` (${entry.instrument})` : ''} after it was ended`,
        );
  const orderId = typeof body.order_id === 'string' ? body.order_id : undefined;
  const status = typeof body.order_status === 'string' ? body.order_status : undefined;
  if (orderId !== undefined && status !== undefined) {
    const before = state.terminal.get(orderId);
    if (before !== undefined)
      add('terminal-status', frame, `order ${orderId} is ${status} after the terminal status ${before}`);
    else if (TERMINAL_ORDER_STATUSES.includes(status)) state.terminal.set(orderId, status);
  }
}

/**
 * The session rules over one connection whose channel is known, frame by frame as the frames are
 * identified (so no parsed payload outlives its frame), then `finish` at the end of the capture.
 */
interface SessionJudge {
  step(frame: CapturedFrame, identified: Identified): void;
  finish(): void;
}

function judgeSession(
  connection: CapturedConnection,
  channel: SessionChannel,
  env: CheckEnvironment,
  summary: ConnectionSummary,
  findings: Finding[],
): SessionJudge {
  const add: AddFinding = (rule, frame, message) => {
    findings.push({
      rule,
      connection: connection.id,
      ...(frame !== undefined ? {frame: frame.index, source: frame.source} : {}),
      message,
    });
    summary.brokenRules += 1;
  };
  const messages = new Map(channel.messages.map((m) => [`${m.from}:${m.name}`, m]));
  const pairs = env.model.pairs.filter((p) => p.channel === channel.key);
  const order = {
    subscription: channel.subscription?.message,
    unsubscriptions: channel.unsubscriptions,
  };
  let subscribed = false;
  const pending: Pending[] = [];
  // Heartbeats: asked interval, and the times that count.
  let interval = 0;
  let heartbeatsFrom: number | null = null;
  let lastBeat: number | null = null;
  let longestBeatGap: number | null = null;
  const lateBeat = (frame: CapturedFrame | undefined, now: number, what: string): void => {
    if (interval <= 0 || lastBeat === null) return;
    const gap = now - lastBeat;
    longestBeatGap = Math.max(longestBeatGap ?? 0, gap);
    if (gap > heartbeatAllowance(interval))
      add(
        'heartbeat-interval',
        frame,
        `${what} ${seconds(gap)} after the last heartbeat (or the confirmation); the subscription asked for one every ${seconds(interval)}`,
      );
  };
  const active = new Set<string>();
  const ended = new Set<string>();
  const serverState: ServerState = {lastSeq: null, ended, terminal: new Map()};
  let lastServerTime: number | null = null;
  let lastTime: number | null = null;

  const step = (frame: CapturedFrame, {message, value}: Identified): void => {
    if (frame.time !== null) lastTime = frame.time;
    if (frame.from === 'server' && frame.time !== null) {
      if (lastServerTime !== null)
        summary.longestSilence = Math.max(summary.longestSilence ?? 0, frame.time - lastServerTime);
      lastServerTime = frame.time;
    }
    if (message === undefined) return;
    const body = isObject(value) && message.envelope !== undefined ? value[message.envelope] : undefined;
    if (frame.from === 'client') {
      const orderStep = channelOrderStep(subscribed, message.name, order);
      if (orderStep.broken !== undefined) add(orderStep.broken.rule, frame, orderStep.broken.complaint);
      const wasSubscribed = subscribed;
      subscribed = orderStep.subscribed;
      // Heartbeats asked by the subscription.
      if (message.name === order.subscription && orderStep.broken === undefined) {
        const asked = isObject(body) ? body.heartbeat_interval : undefined;
        interval = typeof asked === 'number' && asked > 0 ? asked : 0;
        summary.heartbeatInterval = interval;
        heartbeatsFrom = frame.time;
        lastBeat = frame.time;
      }
      if (wasSubscribed && !subscribed) {
        if (frame.time !== null) lateBeat(frame, frame.time, 'the unsubscription came');
        interval = 0;
        for (const id of active) ended.add(id);
        active.clear();
      }
      trackInstruments(body, active, ended);
      // Requests the documents answer.
      const pair = pairs.find((p) => p.request === message.name);
      if (pair !== undefined && orderStep.broken === undefined)
        pending.push(pendingRequest(message, value, pair.replies, frame, messages));
      return;
    }
    // Server frames.
    const index = pending.findIndex((p) => {
      if (!p.replies.includes(message.name)) return false;
      const path = p.correlation?.replies.get(message.name);
      return path === undefined || at(value, path) === p.correlation?.value;
    });
    if (index >= 0) {
      const answered = pending.splice(index, 1)[0];
      if (answered?.request === order.subscription && frame.time !== null) {
        heartbeatsFrom = frame.time;
        lastBeat = frame.time;
      }
    }
    if (/heartbeat/i.test(message.name) && frame.time !== null && heartbeatsFrom !== null) {
      lateBeat(frame, frame.time, 'this heartbeat came');
      lastBeat = frame.time;
    }
    if (isObject(body)) serverBodyRules(body, message, frame, serverState, summary, add);
  };
  const finish = (): void => {
    // The capture (or the subscription) ended: the silence since the last heartbeat counts too.
    if (interval > 0 && lastTime !== null) lateBeat(undefined, lastTime, 'the capture ended');
    summary.longestHeartbeatGap = longestBeatGap;
    for (const p of pending)
      add(
        'reply-for-request',
        p.frame,
        `${p.request} got no reply (${p.replies.join(' or ')})${p.correlation !== undefined ? ` with its ${p.correlation.field} ${String(p.correlation.value)}` : ''} before the capture ended`,
      );
  };
  return {step, finish};
}

// ------------------------------------------------------------------- REST

function coerce(value: string, kind: string): unknown {
  if (kind === 'integer' || kind === 'number') {
    const n = Number(value);
    return value.trim() !== '' && Number.isFinite(n) ? n : value;
  }
  if (kind === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

function statusMatches(listed: string, status: number): boolean {
  if (listed === String(status)) return true;
  return /^[1-5]XX$/i.test(listed) && listed[0] === String(status)[0];
}

/** A call's path and query parameters, read as their types (what the parameters' validator checks). */
function callParameters(
  op: RestOperation,
  pathParams: Record<string, string>,
  url: URL,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(pathParams)) {
    const kind = op.parameters.find((p) => p.name === name && p.in === 'path')?.kind ?? 'string';
    params[name] = coerce(text, kind);
  }
  for (const parameter of op.parameters.filter((p) => p.in === 'query')) {
    const values = url.searchParams.getAll(parameter.name);
    if (values.length === 0) continue;
    params[parameter.name] =
      parameter.kind === 'array'
        ? values.flatMap((v) => v.split(','))
        : coerce(values[values.length - 1] ?? '', parameter.kind);
  }
  return params;
}

const templates = new Map<string, RegExp>();

/**
 * A URL template (a server URL, a channel address) as a regular expression from its start to `end`,
 * each `{name}` matching `variable`. Made once per template: a session has thousands of calls and
 * frames, a document a few servers and channels.
 */
function templateRegExp(template: string, variable: string, end: string, flags = ''): RegExp {
  const key = `${flags}\u0000${variable}\u0000${end}\u0000${template}`;
  let made = templates.get(key);
  if (made === undefined) {
    const source = template
      .split(/\{[^}]*\}/)
      .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join(variable);
    made = new RegExp(`^${source}${end}`, flags);
    templates.set(key, made);
  }
  return made;
}

/**
 * The path prefixes of the documented servers that a call's URL is on, to set aside before its path
 * is matched against the operations' templates (OpenAPI 3.1, 4.8.5):
 * - an absolute server URL, on its own host only; a `{variable}` in it matches any value there
 *   (`https://{region}.example.com/v1` is on `eu.example.com`, its prefix `/v1`);
 * - a relative one (`/v1`), relative to wherever the documents are served, which a recorded session
 *   does not say: its prefix is set aside on any host.
 */
export function serverPrefixes(servers: readonly string[], url: URL): string[] {
  const prefixOf = (path: string): string[] => {
    const template = path.split(/[?#]/)[0]?.replace(/\/+$/, '') ?? '';
    if (template === '') return [];
    const found = templateRegExp(template, '[^/]+', '(?=/|$)').exec(url.pathname);
    return found === null ? [] : [found[0]];
  };
  return servers.flatMap((server) => {
    if (server.startsWith('/')) return prefixOf(server);
    const absolute = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/i.exec(server);
    if (absolute === null) return [];
    const onHost = templateRegExp(absolute[1] ?? '', '[^/]+?', '$', 'i').test(url.host);
    return onHost ? prefixOf(absolute[2] ?? '') : [];
  });
}

function judgeCall(call: CapturedCall, env: CheckEnvironment, judge: Judge): CallVerdict {
  const base: CallVerdict = {
    index: call.index,
    source: call.source,
    method: call.method,
    url: call.url,
    status: call.status,
    verdict: 'unmatched',
    problems: [],
  };
  let url: URL;
  try {
    url = new URL(call.url);
  } catch {
    return base;
  }
  const found = matchPath(
    env.model.operations,
    call.method,
    url.pathname,
    serverPrefixes(env.model.restServers, url),
  );
  if (found.status === 'unmatched') return base;
  // Equally concrete templates: the first the documents list (the history filter lists them all).
  const chosen = found.best[0];
  if (chosen === undefined) {
    return {
      ...base,
      verdict: 'invalid',
      problems: [
        {
          part: 'path',
          pointer: '',
          message: `the documents have no ${call.method} ${found.paths[0]?.operation.path ?? url.pathname} (they have ${Array.from(new Set(found.paths.map((t) => t.operation.method.toUpperCase()))).join(', ')})`,
          value: null,
        },
      ],
    };
  }
  const op: RestOperation = chosen.operation;
  const link = `${env.model.routes.rest}#${op.anchor}`;
  const problems: CallVerdict['problems'] = [];
  const worded = (part: CallVerdict['problems'][number]['part'], target: string, value: unknown): void => {
    const validate = judge.validator(target);
    if (validate === null || validate(value)) return;
    for (const p of env.describe(validate.errors ?? []))
      problems.push({part, pointer: p.pointer, message: p.message, value: p.value, link});
  };
  if (op.parametersTarget !== undefined)
    worded('query', op.parametersTarget, callParameters(op, chosen.params, url));
  if (op.bodyTarget !== undefined && call.requestBody !== undefined && call.requestBody.text.trim() !== '') {
    try {
      worded('body', op.bodyTarget, JSON.parse(call.requestBody.text));
    } catch (error) {
      problems.push({
        part: 'body',
        pointer: '',
        message: `is not JSON (${(error as Error).message})`,
        value: null,
        link,
      });
    }
  }
  if (call.status !== 0) {
    const listed =
      op.responses.find((r) => r.status === String(call.status)) ??
      op.responses.find((r) => statusMatches(r.status, call.status)) ??
      op.responses.find((r) => r.status === 'default');
    if (listed === undefined)
      problems.push({
        part: 'status',
        pointer: '',
        message: `status ${call.status} is not among the listed responses (${op.responses.map((r) => r.status).join(', ')})`,
        value: null,
        link,
      });
    else if (listed.target !== undefined && call.responseBody !== undefined && !call.responseBody.binary) {
      const text = call.responseBody.text;
      if (text.trim() !== '')
        try {
          worded('response', listed.target, JSON.parse(text));
        } catch (error) {
          problems.push({
            part: 'response',
            pointer: '',
            message: `the response body is not JSON (${(error as Error).message})`,
            value: null,
            link,
          });
        }
    }
  }
  return {...base, operation: op.id, link, verdict: problems.length === 0 ? 'valid' : 'invalid', problems};
}

// ------------------------------------------------------------------- the whole

export function checkCapture(capture: Capture, env: CheckEnvironment): Report {
  const judge = new Judge(env);
  const frames: FrameVerdict[] = [];
  const findings: Finding[] = [];
  const connections: ConnectionSummary[] = [];
  const total = capture.connections.reduce((sum, c) => sum + c.frames.length, 0);
  let done = 0;
  for (const connection of capture.connections) {
    const placed = placeConnection(connection, env);
    let channel = placed.channel;
    let note = placed.note;
    if (channel === null) {
      const inferred = inferChannel(connection, env, judge);
      if (inferred !== null) {
        channel = inferred;
        note = `the provider does not publish the ${inferred.key} channel’s address; the connection is read as ${inferred.key} because its first frame is ${inferred.subscription?.message ?? 'its subscription'}`;
      }
    }
    const summary: ConnectionSummary = {
      id: connection.id,
      url: connection.url,
      source: connection.source,
      channel: channel?.key ?? null,
      ...(note !== undefined ? {channelNote: note} : {}),
      server: placed.server,
      sent: 0,
      received: 0,
      failingFrames: 0,
      brokenRules: 0,
      errors: 0,
      binary: 0,
      sequenceGaps: 0,
      heartbeatInterval: null,
      longestHeartbeatGap: null,
      longestSilence: null,
    };
    const messages = channel !== null ? channelMessages(channel) : null;
    const session = channel !== null ? judgeSession(connection, channel, env, summary, findings) : null;
    for (const frame of connection.frames) {
      const result = identify(frame, connection, messages, judge);
      session?.step(frame, result);
      frames.push(result.verdict);
      if (frame.kind === 'error') summary.errors += 1;
      else if (frame.from === 'client') summary.sent += 1;
      else summary.received += 1;
      if (frame.kind === 'binary') summary.binary += 1;
      if (isFailingFrame(result.verdict)) summary.failingFrames += 1;
      done += 1;
      if (env.progress !== undefined && done % 2000 === 0) env.progress(done, total);
    }
    session?.finish();
    connections.push(summary);
  }
  const calls = capture.calls.map((call) => judgeCall(call, env, judge));
  env.progress?.(total, total);
  const rules: RuleOutcome[] = SESSION_RULES.map((rule) => ({
    id: rule.id,
    title: rule.title,
    checked: rule.checked,
    broken: findings.filter((f) => f.rule === rule.id).length,
    where: rule.where,
    ...(rule.reading !== undefined ? {reading: rule.reading} : {}),
  }));
  const ok =
    findings.length === 0 &&
    !frames.some(isFailingFrame) &&
    !calls.some((c) => c.verdict === 'invalid') &&
    connections.every((c) => c.channel !== null);
  return {
    format: capture.format,
    ok,
    redacted: capture.redacted,
    connections,
    frames,
    findings,
    calls,
    rules,
  };
}

export {ruleById};
