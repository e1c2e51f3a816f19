/**
 * AsyncAPI 3: each message of each channel with the reader's direction (a server `receive` is what
 * the reader sends), matched by channel and message key; its channel's address, parameters and `ws`
 * binding, the servers and security that reach it, its payload and headers. Pure.
 */
import {channelId} from '../../api-reference/client/anchors';
import {deref, isObject as isObj, messageName} from '../../api-reference/document';
import {code, type Direction} from './rules';
import {pathTemplate, schemeChanges} from './rest';
import {credentialWords, credentialsDetail, inlineSchemeName, isInlineSchemeName} from './credentials';
import {compareSchema, shape} from './schema';
import {
  at,
  compareDeprecation,
  compareNotes,
  emit,
  esc,
  findingOf,
  lastToken,
  obj,
  removal,
  sameValue,
  jsonText,
  withField,
  type At,
  type Ctx,
  type Obj,
  type Place,
  type Subject,
} from './walk';

interface MessageUse {
  channel: string;
  key: string;
  name: string;
  direction: Direction;
  /** Keys of the operations that carry it (their security reaches it). */
  operations: string[];
}

function channelOfRef(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/channels/')) return undefined;
  return lastToken(ref);
}

/** Every message of every channel, with the reader's direction (a server `receive` is what the reader sends). */
function messageUses(doc: Obj): Map<string, MessageUse> {
  const uses = new Map<string, MessageUse>();
  const channels = obj(doc.channels);
  // As the reference names it: its components/messages key, else its key in the channel.
  const named = (channel: string, key: string): string => {
    const ch = deref(doc, channels[channel]).node;
    const raw = isObj(ch) && isObj(ch.messages) ? ch.messages[key] : undefined;
    return messageName([...deref(doc, raw).refs, `/channels/${esc(channel)}/messages/${esc(key)}`]) ?? key;
  };
  for (const [channel, raw] of Object.entries(channels)) {
    const ch = obj(at(doc, `/channels/${esc(channel)}`)?.node ?? raw);
    for (const key of Object.keys(obj(ch.messages)))
      uses.set(`${channel}/${key}`, {
        channel,
        key,
        name: named(channel, key),
        direction: 'receive',
        operations: [],
      });
  }
  const seenDirections = new Map<string, Set<'send' | 'receive'>>();
  const mark = (
    channel: string | undefined,
    messages: unknown,
    direction: 'send' | 'receive',
    op: string,
  ): void => {
    if (channel === undefined) return;
    const refs = Array.isArray(messages) && messages.length > 0 ? messages : undefined;
    const keys =
      refs !== undefined
        ? refs.flatMap((m) => {
            const ref = obj(m).$ref;
            return typeof ref === 'string' && ref.startsWith(`#/channels/${esc(channel)}/messages/`)
              ? [lastToken(ref) as string]
              : [];
          })
        : Object.keys(obj(obj(at(doc, `/channels/${esc(channel)}`)?.node).messages));
    for (const key of keys) {
      const id = `${channel}/${key}`;
      const use = uses.get(id);
      if (use === undefined) continue;
      const set = seenDirections.get(id) ?? new Set();
      set.add(direction);
      seenDirections.set(id, set);
      if (!use.operations.includes(op)) use.operations.push(op);
    }
  };
  for (const [opKey] of Object.entries(obj(doc.operations))) {
    const op = obj(at(doc, `/operations/${esc(opKey)}`)?.node);
    const channel = channelOfRef(obj(op.channel).$ref);
    const reader: 'send' | 'receive' = op.action === 'receive' ? 'send' : 'receive';
    mark(channel, op.messages, reader, opKey);
    const reply = obj(op.reply);
    if (Object.keys(reply).length > 0) {
      const replyChannel = channelOfRef(obj(reply.channel).$ref) ?? channel;
      mark(replyChannel, reply.messages, reader === 'send' ? 'receive' : 'send', opKey);
    }
  }
  for (const [id, set] of seenDirections) {
    const use = uses.get(id);
    if (use !== undefined) use.direction = set.size === 2 ? 'both' : ([...set][0] as Direction);
  }
  return uses;
}

function serverKeys(doc: Obj, channel: string): string[] {
  const ch = obj(at(doc, `/channels/${esc(channel)}`)?.node);
  if (Array.isArray(ch.servers) && ch.servers.length > 0)
    return ch.servers.map((s) => lastToken(obj(s).$ref)).filter((k): k is string => k !== undefined);
  return Object.keys(obj(doc.servers));
}

function schemeNamesOf(doc: Obj, list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list
    .map((s) => {
      const ref = obj(s).$ref;
      if (typeof ref === 'string') return lastToken(ref);
      const found = Object.entries(obj(obj(doc.components).securitySchemes)).find(([, v]) => sameValue(v, s));
      return found?.[0] ?? inlineSchemeName(s);
    })
    .filter((n): n is string => n !== undefined)
    .sort();
}

/** The message as a whole: what its lines are about when no field is named. */
function messagePlace(subject: Subject, direction: Direction, own: string[]): Place {
  return {subject, direction, sends: 'messages', what: () => 'message', anchors: () => own};
}

export function compareWs(ctx: Ctx): void {
  const usesA = messageUses(ctx.base);
  const usesB = messageUses(ctx.rev);
  for (const id of new Set([...usesA.keys(), ...usesB.keys()])) {
    const ma = usesA.get(id);
    const mb = usesB.get(id);
    const m = (mb ?? ma) as MessageUse;
    const subject: Subject = {
      kind: 'message',
      key: `${m.channel}/${m.name}`,
      label: `message ${code(m.name)} on channel ${code(m.channel)}`,
      anchor: m.name,
    };
    const own = [`${channelId(m.channel)}.${m.name}`, m.name];
    const messageUse = `/channels/${esc(m.channel)}/messages/${esc(m.key)}`;
    const whole = messagePlace(subject, m.direction, own);
    if (ma === undefined) {
      ctx.out.push({
        ...findingOf(ctx, whole, messageUse, messageUse, 'message-added'),
        subjectChange: 'added',
      });
      continue;
    }
    if (mb === undefined) {
      const node = obj(at(ctx.base, messageUse)?.node);
      const payload = obj(at(ctx.base, `${messageUse}/payload`)?.node);
      const before = ctx.out.length;
      removal(
        ctx,
        whole,
        '',
        messageUse,
        messageUse,
        node.deprecated === true ? node : payload,
        'message-removed',
      );
      for (const f of ctx.out.slice(before)) {
        f.subjectChange = 'removed';
        delete f.item;
      }
      continue;
    }
    ctx.compared.add(subject.key);
    compareMessage(ctx, subject, m, own, messageUse, ma);
  }
}

function compareMessage(
  ctx: Ctx,
  subject: Subject,
  m: MessageUse,
  own: string[],
  messageUse: string,
  before: MessageUse,
): void {
  const whole = messagePlace(subject, m.direction, own);
  const first = ctx.out.length;
  const na = obj(at(ctx.base, messageUse)?.node);
  const nb = obj(at(ctx.rev, messageUse)?.node);
  compareDeprecation(ctx, whole, '', messageUse, messageUse, na, nb);
  compareNotes(ctx, whole, '', messageUse, messageUse, na, nb);
  // The channel: its address, and the servers and security that reach the message.
  const channelUse = `/channels/${esc(m.channel)}`;
  const ca = obj(at(ctx.base, channelUse)?.node);
  const cb = obj(at(ctx.rev, channelUse)?.node);
  // An address whose parameters are only renamed is the same address (compareConnection names them).
  const sameAddress =
    typeof ca.address === 'string' &&
    typeof cb.address === 'string' &&
    pathTemplate(ca.address) === pathTemplate(cb.address);
  if (!sameValue(ca.address, cb.address) && !sameAddress)
    emit(ctx, whole, '', channelUse, channelUse, 'channel-address-changed', {
      before: ca.address,
      after: cb.address,
    });
  const schemes = compareMessageServers(ctx, whole, m, messageUse);
  compareMessageSecurity(ctx, whole, {m, before, messageUse}, schemes);
  for (const f of ctx.out.slice(first)) delete f.item;
  compareConnection(ctx, whole, m.channel);
  compareMessageBody(ctx, whole, own, messageUse, {na, nb});
}

/** The servers that reach the message: added, removed, changed, and their security; returns the schemes both versions use. */
function compareMessageServers(ctx: Ctx, whole: Place, m: MessageUse, messageUse: string): Set<string> {
  const serversA = serverKeys(ctx.base, m.channel);
  const serversB = serverKeys(ctx.rev, m.channel);
  const hostOf = (doc: Obj, key: string): Obj => obj(at(doc, `/servers/${esc(key)}`)?.node);
  for (const key of serversB.filter((k) => !serversA.includes(k))) {
    const s = hostOf(ctx.rev, key);
    ctx.out.push({
      ...findingOf(ctx, whole, messageUse, `/servers/${esc(key)}`, 'server-added'),
      words: {item: code(`${String(s.protocol ?? '')}://${String(s.host ?? '')}${String(s.pathname ?? '')}`)},
    });
  }
  for (const key of serversA.filter((k) => !serversB.includes(k))) {
    const s = hostOf(ctx.base, key);
    ctx.out.push({
      ...findingOf(ctx, whole, messageUse, `/servers/${esc(key)}`, 'server-removed'),
      words: {item: code(`${String(s.protocol ?? '')}://${String(s.host ?? '')}${String(s.pathname ?? '')}`)},
    });
  }
  const schemes = new Set<string>();
  for (const key of serversB.filter((k) => serversA.includes(k))) {
    const sa = hostOf(ctx.base, key);
    const sb = hostOf(ctx.rev, key);
    for (const fieldName of ['host', 'pathname', 'protocol'] as const) {
      if (!sameValue(sa[fieldName], sb[fieldName]))
        ctx.out.push({
          ...findingOf(ctx, whole, messageUse, `/servers/${esc(key)}`, 'server-changed'),
          words: {
            item: code(key),
            detail: `${fieldName} changed from ${sa[fieldName] === undefined ? 'unset' : code(sa[fieldName])} to ${sb[fieldName] === undefined ? 'unset' : code(sb[fieldName])}`,
          },
        });
    }
    const secA = schemeNamesOf(ctx.base, sa.security);
    const secB = schemeNamesOf(ctx.rev, sb.security);
    if (jsonText(secA) !== jsonText(secB))
      ctx.out.push({
        ...findingOf(ctx, whole, messageUse, `/servers/${esc(key)}/security`, 'security-changed'),
        words: {
          item: 'message',
          detail: `server ${code(key)} ${credentialsDetail(ctx.base, secA, ctx.rev, secB)}`,
        },
      });
    for (const n of secB) if (secA.includes(n)) schemes.add(n);
  }
  return schemes;
}

/** The security of the operations that carry the message, the schemes it uses, and the operations' actions. */
function compareMessageSecurity(
  ctx: Ctx,
  whole: Place,
  {m, before, messageUse}: {m: MessageUse; before: MessageUse; messageUse: string},
  schemes: Set<string>,
): void {
  const opsSecurity = (doc: Obj, keys: string[]): string[] =>
    [
      ...new Set(
        keys.flatMap((k) => schemeNamesOf(doc, obj(at(doc, `/operations/${esc(k)}`)?.node).security)),
      ),
    ].sort();
  const opA = opsSecurity(ctx.base, before.operations);
  const opB = opsSecurity(ctx.rev, m.operations);
  if (jsonText(opA) !== jsonText(opB))
    emit(ctx, whole, '', messageUse, '/operations', 'security-changed', {
      detail: `its operation ${credentialsDetail(ctx.base, opA, ctx.rev, opB)}`,
    });
  for (const n of opB) if (opA.includes(n)) schemes.add(n);
  // A scheme written in full has no component to compare: a change to it is a different name.
  for (const name of [...schemes].filter((n) => !isInlineSchemeName(n))) {
    const pointer = `/components/securitySchemes/${esc(name)}`;
    const sa = obj(at(ctx.base, pointer)?.node);
    const sb = obj(at(ctx.rev, pointer)?.node);
    for (const detail of schemeChanges(sa, sb))
      ctx.out.push({
        ...findingOf(ctx, whole, messageUse, pointer, 'security-scheme-changed'),
        words: {item: code(name), detail, before: credentialWords(sa), after: credentialWords(sb)},
      });
  }
  for (const opKey of m.operations.filter((k) => before.operations.includes(k))) {
    const oa = obj(at(ctx.base, `/operations/${esc(opKey)}`)?.node);
    const ob = obj(at(ctx.rev, `/operations/${esc(opKey)}`)?.node);
    if (!sameValue(oa.action, ob.action))
      ctx.out.push({
        ...findingOf(ctx, whole, messageUse, `/operations/${esc(opKey)}/action`, 'action-changed'),
        words: {item: code(opKey), before: oa.action, after: ob.action},
      });
  }
}

/** What the reader writes to connect: the channel's parameters and the ws binding's query and headers. */
function compareConnection(ctx: Ctx, whole: Place, channel: string): void {
  const channelUse = `/channels/${esc(channel)}`;
  const ca = obj(at(ctx.base, channelUse)?.node);
  const cb = obj(at(ctx.rev, channelUse)?.node);
  const connect: Place = {...whole, direction: 'send', sends: 'connection requests'};
  const paramsA = obj(ca.parameters);
  const paramsB = obj(cb.parameters);
  // A parameter is known by its place in the address: renamed, it is the same parameter.
  const renamed = new Map<string, string>();
  if (typeof ca.address === 'string' && typeof cb.address === 'string') {
    const namesA = [...ca.address.matchAll(/\{([^}/]*)\}/g)].map((m) => m[1] ?? '');
    const namesB = [...cb.address.matchAll(/\{([^}/]*)\}/g)].map((m) => m[1] ?? '');
    if (pathTemplate(ca.address) === pathTemplate(cb.address))
      namesB.forEach((name, i) => {
        const before = namesA[i];
        if (before !== undefined && before !== name) renamed.set(name, before);
      });
  }
  const formerly = new Set(renamed.values());
  const names = new Set([...Object.keys(paramsA).filter((n) => !formerly.has(n)), ...Object.keys(paramsB)]);
  for (const name of names) {
    const before = renamed.get(name) ?? name;
    const place: Place = {...connect, what: () => `channel parameter ${code(name)}`};
    const use = `${channelUse}/parameters/${esc(name)}`;
    const useA = `${channelUse}/parameters/${esc(before)}`;
    if (!Object.hasOwn(paramsA, before)) emit(ctx, place, '', use, use, 'required-field-added');
    else if (!Object.hasOwn(paramsB, name)) emit(ctx, place, '', use, use, 'field-removed');
    else {
      if (before !== name)
        emit(ctx, place, '', use, use, 'parameter-renamed', {
          detail: 'channel parameter',
          before,
          after: name,
        });
      compareSchema(ctx, place, '', use, useA, use);
    }
  }
  for (const part of ['query', 'headers'] as const) {
    // The same place in both versions.
    const where = `${channelUse}/bindings/ws/${part}`;
    const has = (doc: Obj, p: string): boolean => at(doc, p) !== undefined;
    if (!has(ctx.base, where) && !has(ctx.rev, where)) continue;
    const place: Place = {
      ...connect,
      what: (field) =>
        part === 'query'
          ? field === ''
            ? 'the connection query'
            : `connection query parameter ${code(field)}`
          : field === ''
            ? 'the connection headers'
            : `connection header ${code(field)}`,
    };
    if (has(ctx.base, where) && has(ctx.rev, where)) compareSchema(ctx, place, '', where, where, where);
    else if (has(ctx.rev, where)) {
      // A binding that appears: each required property is a new requirement.
      const s = shape(ctx.rev, at(ctx.rev, where) as At);
      for (const [name, p] of s.properties)
        emit(
          ctx,
          place,
          name,
          `${where}/properties/${esc(name)}`,
          p,
          s.required.has(name) ? 'required-field-added' : 'optional-field-added',
        );
    } else emit(ctx, place, '', where, where, 'field-removed', part === 'headers' ? {many: true} : {});
  }
}

/** The message itself: its payload and headers. */
function compareMessageBody(
  ctx: Ctx,
  whole: Place,
  own: string[],
  messageUse: string,
  {na, nb}: {na: Obj; nb: Obj},
): void {
  const payload: Place = {
    ...whole,
    what: (field) => (field === '' ? 'message' : `field ${code(field)}`),
    anchors: (field) => [...(field === '' ? [] : own.map((a) => withField(a, field))), ...own],
  };
  if (isObj(na.payload) && isObj(nb.payload))
    compareSchema(
      ctx,
      payload,
      '',
      `${messageUse}/payload`,
      `${messageUse}/payload`,
      `${messageUse}/payload`,
    );
  const headers: Place = {
    ...whole,
    what: (field) => (field === '' ? 'message headers' : `header ${code(field)}`),
  };
  if (isObj(na.headers) && isObj(nb.headers))
    compareSchema(
      ctx,
      headers,
      '',
      `${messageUse}/headers`,
      `${messageUse}/headers`,
      `${messageUse}/headers`,
    );
}
