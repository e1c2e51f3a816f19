/**
 * Each request the reader gave, matched to what it uses, with the reason in words: an operation
 * (by operationId, or by method and path under OpenAPI's rules), a message (by name; a WebSocket
 * session by its address, then by the names of its frames). Nothing is dropped: a request that
 * matches nothing is listed as unmatched, one that fits several as ambiguous (its candidates are
 * all kept in the selection, so no change that may reach it is hidden). Pure.
 */
import {matchPath, type RequestSegment} from '@site/plugins/api-reference/client/pathMatch';
import type {Catalogue, CatalogueMessage, CatalogueOperation} from './catalogue';
import type {CallRequest, IntegrationRequest, NameRequest, SessionRequest} from './inputs';

/** What a request uses: an operation (`rest:<key>`) or a message (`ws:<channel>/<name>`). */
export type UseKey = `rest:${string}` | `ws:${string}`;

export function restUse(key: string): UseKey {
  return `rest:${key}`;
}

export function wsUse(channel: string, name: string): UseKey {
  return `ws:${channel}/${name}`;
}

export interface Outcome {
  request: IntegrationRequest;
  status: 'matched' | 'ambiguous' | 'unmatched';
  /** What it uses (every candidate, when ambiguous). */
  uses: UseKey[];
  /** What it matched, for people: "`GET /api/orders/bulk/{bulk_order_id}` (getBulkOrder)". */
  matched: string[];
  /** Why, in words. */
  why: string[];
}

function code(text: string): string {
  return `\`${text}\``;
}

export function operationWords(op: CatalogueOperation): string {
  const where = op.path !== '' ? `${op.method} ${op.path}` : op.key;
  return `${code(where)}${op.key !== `${op.method} ${op.path}` && op.path !== '' ? ` (${op.key})` : ''}${op.current ? '' : ', no longer in the current documents'}`;
}

function messageWords(m: CatalogueMessage): string {
  return `message ${code(m.name)} on channel ${code(m.channel)}${m.current ? '' : ', no longer in the current documents'}`;
}

function segmentsText(segments: RequestSegment[]): string {
  return `/${segments.map((s) => (s.kind === 'value' ? s.text : `{${s.name}}`)).join('/')}`;
}

function matchName(request: NameRequest, catalogue: Catalogue): Outcome {
  const name = request.name;
  const ops = catalogue.operations.filter((o) => o.key === name);
  const slash = name.lastIndexOf('/');
  const messages =
    slash > 0
      ? catalogue.messages.filter(
          (m) => m.channel === name.slice(0, slash) && m.name === name.slice(slash + 1),
        )
      : catalogue.messages.filter((m) => m.name === name);
  let why: string[] = [];
  let foundOps = ops;
  let foundMessages = messages;
  if (ops.length === 0 && messages.length === 0) {
    // A different case only: said, not silently taken.
    const lower = name.toLowerCase();
    foundOps = catalogue.operations.filter((o) => o.key.toLowerCase() === lower);
    foundMessages = catalogue.messages.filter((m) => m.name.toLowerCase() === lower);
    if (foundOps.length + foundMessages.length > 0)
      why.push(`${code(name)} differs from the documents’ name only in case`);
  }
  const uses = [
    ...foundOps.map((o) => restUse(o.key)),
    ...foundMessages.map((m) => wsUse(m.channel, m.name)),
  ];
  const matched = [...foundOps.map(operationWords), ...foundMessages.map(messageWords)];
  if (uses.length === 0)
    return {
      request,
      status: 'unmatched',
      uses,
      matched,
      why: [
        `no operation (operationId) and no message is named ${code(name)} in the current documents or the history`,
      ],
    };
  if (foundOps.length > 0) why.push(`an operationId`);
  if (foundMessages.length > 0)
    why.push(
      slash > 0
        ? 'a channel and message name'
        : foundMessages.length > 1
          ? `a message name, carried on ${foundMessages.length} channels (${foundMessages.map((m) => code(m.channel)).join(', ')})`
          : 'a message name',
    );
  const ambiguous = foundOps.length > 0 && foundMessages.length > 0;
  if (ambiguous) why = [...why, 'both an operation and a message have this name: both are kept'];
  return {request, status: ambiguous ? 'ambiguous' : 'matched', uses, matched, why};
}

function matchCall(request: CallRequest, catalogue: Catalogue): Outcome {
  const why: string[] = [];
  if (request.method === '' || (request.segments.length === 0 && request.shown === '(no URL)'))
    return {request, status: 'unmatched', uses: [], matched: [], why: ['the request has no URL']};
  if (request.hostVariable !== undefined)
    why.push(`host ${code(request.hostVariable)} set aside (a variable)`);
  else if (request.host !== null && !catalogue.restHosts.includes(request.host))
    why.push(`host ${code(request.host)} is not a documented server; set aside`);
  else if (request.host !== null) why.push(`host ${code(request.host)} set aside (a documented server)`);
  if (request.resolved !== undefined)
    why.push(`${request.resolved.map(code).join(', ')} read as the collection’s value`);
  const operations = catalogue.operations.filter((o) => o.path !== '');
  const found = matchPath(operations, request.method, request.segments, catalogue.restPrefixes);
  const prefix = found.best[0]?.prefix;
  if (prefix !== undefined) why.push(`server prefix ${code(prefix)} set aside`);
  const path = segmentsText(found.segments);
  if (found.status === 'unmatched')
    return {
      request,
      status: 'unmatched',
      uses: [],
      matched: [],
      why: [...why, `no path template fits ${code(path)}`],
    };
  if (found.status === 'method') {
    const methods = Array.from(new Set(found.paths.map((p) => p.operation.method)));
    return {
      request,
      status: 'unmatched',
      uses: [],
      matched: [],
      why: [
        ...why,
        `${code(found.paths[0]?.operation.path ?? path)} is documented for ${methods.join(', ')}, not ${request.method}`,
      ],
    };
  }
  const placeholders = request.segments
    .filter((s) => s.kind === 'variable')
    .map((s) => `:${s.kind === 'variable' ? s.name : ''}`);
  for (const m of found.best) {
    const params = Object.entries(m.params);
    if (params.length > 0)
      why.push(
        `${params
          .map(
            ([name, value]) =>
              `${code(value)} ${placeholders.includes(value) ? 'is the placeholder for' : 'fills'} ${code(`{${name}}`)}`,
          )
          .join(', ')}`,
      );
  }
  const concrete = found.paths.filter(
    (p) => p.operation.method === request.method && !found.best.includes(p),
  );
  if (found.status === 'matched' && concrete.length > 0)
    why.push(
      `a more concrete path wins over ${concrete.map((p) => code(p.operation.path)).join(', ')} (${found.best[0]?.literals ?? 0} literal segment${found.best[0]?.literals === 1 ? '' : 's'} against ${concrete[0]?.literals ?? 0})`,
    );
  if (found.status === 'ambiguous')
    why.push(
      `${found.best.length} templates fit equally well (${found.best[0]?.literals ?? 0} literal segments each): all are kept; paste the operationId you call to choose`,
    );
  return {
    request,
    status: found.status,
    uses: found.best.map((m) => restUse(m.operation.key)),
    matched: found.best.map((m) => operationWords(m.operation)),
    why,
  };
}

/** The messages a frame's top-level members name (its envelope, or a member named as the message). */
function frameMessages(
  members: string[],
  from: 'client' | 'server',
  candidates: readonly CatalogueMessage[],
): CatalogueMessage[] {
  return candidates.filter(
    (m) => (m.from === undefined || m.from === from) && members.some((k) => k === m.envelope || k === m.name),
  );
}

function matchSession(request: SessionRequest, catalogue: Catalogue): Outcome {
  const why: string[] = [];
  if (request.host !== null && !catalogue.wsHosts.includes(request.host))
    why.push(`host ${code(request.host)} is not a documented server; set aside`);
  const addressed = catalogue.channels.filter((c) => c.address !== null);
  const byAddress = matchPath(
    addressed.map((c) => ({method: 'WS', path: c.address as string, channel: c})),
    'WS',
    request.path,
  );
  let channel = byAddress.best.length === 1 ? byAddress.best[0]?.operation.channel : undefined;
  if (channel !== undefined) why.push(`address ${code(request.path)} is channel ${code(channel.key)}’s`);
  else {
    // An unpublished address: the channel whose subscription the first client frame is.
    const first = request.frames.find((f) => f.from === 'client' && f.members !== null);
    const subscribed = catalogue.channels.filter(
      (c) =>
        c.address === null &&
        c.subscription !== undefined &&
        first?.members?.includes(c.subscription) === true,
    );
    if (subscribed.length === 1 && subscribed[0] !== undefined) {
      channel = subscribed[0];
      why.push(
        `address ${code(request.path)} is not published; its first frame subscribes channel ${code(channel.key)} (${code(channel.subscription ?? '')})`,
      );
    } else
      why.push(
        `address ${code(request.path)} is none of the documented addresses; its frames are matched by name on every channel`,
      );
  }
  const candidates =
    channel !== undefined ? catalogue.messages.filter((m) => m.channel === channel.key) : catalogue.messages;
  const counts = new Map<CatalogueMessage, number>();
  const ambiguousFrames: string[] = [];
  const unknown: string[] = [];
  for (const frame of request.frames) {
    if (frame.members === null) {
      unknown.push(`frame ${frame.index} (not a JSON object)`);
      continue;
    }
    const found = frameMessages(frame.members, frame.from, candidates);
    const names = new Set(found.map((m) => m.name));
    if (found.length === 0) {
      unknown.push(`frame ${frame.index} (members ${frame.members.map(code).join(', ') || 'none'})`);
      continue;
    }
    if (names.size > 1)
      ambiguousFrames.push(`frame ${frame.index} names ${Array.from(names).map(code).join(' and ')}`);
    for (const m of found) counts.set(m, (counts.get(m) ?? 0) + 1);
  }
  const messages = Array.from(counts.keys());
  if (messages.length > 0)
    why.push(
      `by the frames’ names: ${messages
        .map((m) => `${code(m.name)} (${counts.get(m)} frame${counts.get(m) === 1 ? '' : 's'})`)
        .join(', ')}`,
    );
  if (ambiguousFrames.length > 0) why.push(`ambiguous: ${ambiguousFrames.join('; ')} (all kept)`);
  if (unknown.length > 0)
    why.push(
      `${unknown.length} frame${unknown.length === 1 ? '' : 's'} named no message: ${unknown.slice(0, 10).join('; ')}${unknown.length > 10 ? '; …' : ''}`,
    );
  if (channel !== undefined) {
    const seen = new Set(messages.map((m) => m.name));
    const unseen = catalogue.messages.filter(
      (m) => m.channel === channel.key && m.current && !seen.has(m.name),
    );
    if (unseen.length > 0)
      why.push(
        `not in this capture, so not selected: ${unseen.map((m) => code(m.name)).join(', ')} (paste a name to add it)`,
      );
  }
  const status = messages.length === 0 ? 'unmatched' : ambiguousFrames.length > 0 ? 'ambiguous' : 'matched';
  return {
    request,
    status,
    uses: messages.map((m) => wsUse(m.channel, m.name)),
    matched: [
      ...(channel !== undefined ? [`channel ${code(channel.key)}`] : []),
      ...messages.map(messageWords),
    ],
    why,
  };
}

export function matchRequest(request: IntegrationRequest, catalogue: Catalogue): Outcome {
  if (request.kind === 'name') return matchName(request, catalogue);
  if (request.kind === 'call') return matchCall(request, catalogue);
  return matchSession(request, catalogue);
}

export function matchAll(requests: readonly IntegrationRequest[], catalogue: Catalogue): Outcome[] {
  return requests.map((r) => matchRequest(r, catalogue));
}

/** The selection: every use any outcome gives, in a stable order. */
export function selectionOf(outcomes: readonly Outcome[]): UseKey[] {
  return Array.from(new Set(outcomes.flatMap((o) => o.uses))).sort();
}
