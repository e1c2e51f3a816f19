/**
 * What changed between two versions of one document, at every place a reader meets it.
 *
 * The walk starts from what a reader uses (each operation's parameters, request body and
 * responses; each message's payload and headers, its channel's address, parameters and
 * handshake, its servers and their security) and follows `$ref`s in both versions side by
 * side. So a change to a shared component is found under every operation and message that
 * reaches it, at the field path of that use, with the direction of that use: what the reader
 * sends or what the reader receives. Things are matched by identity (method + path,
 * parameter `in` + name, property name, status code, channel and message key, server key or
 * URL), never by position. Components nothing uses, tags and `info.version` are not API
 * changes and are not reported.
 *
 * The parts: walk.ts (context, emitter, shortcuts), schema.ts, rest.ts, ws.ts. The result is a
 * list of findings: which rule (rules.ts), where, in which direction, with the words a sentence
 * needs. Verdicts and sentences are made from them by diff.ts. Pure.
 */
import {compareRest} from './rest';
import {compareWs} from './ws';
import {code} from './rules';
import {
  at,
  compareNotes,
  obj,
  jsonText,
  type Api,
  type CompareOptions,
  type Ctx,
  type Finding,
  type Obj,
  type Place,
} from './walk';

export type {Api, CompareOptions, Finding, Subject} from './walk';

/** Every finding between two versions of one document. */
export function compareDocuments(api: Api, base: Obj, revision: Obj, options: CompareOptions): Finding[] {
  const ctx: Ctx = {
    api,
    base,
    rev: revision,
    asOf: options.asOf,
    out: [],
    refSame: new Map(),
    schemaMemo: new Map(),
    compared: new Set(),
  };
  compareInfo(ctx);
  if (api === 'rest') compareRest(ctx);
  else compareWs(ctx);
  return documentWide(ctx);
}

/** The document's own words (`info` title, summary, description): documentation, under the document itself. */
function compareInfo(ctx: Ctx): void {
  const what = ctx.api === 'rest' ? 'the REST API document' : 'the WebSocket API document';
  const place: Place = {
    subject: {
      kind: 'document',
      key: 'document',
      label: `About ${ctx.api === 'rest' ? 'the REST API' : 'the WebSocket API'}`,
    },
    direction: 'both',
    what: () => what,
    anchors: () => [],
  };
  const before = ctx.out.length;
  compareNotes(ctx, place, '', '/info', '/info', obj(ctx.base.info), obj(ctx.rev.info));
  for (const f of ctx.out.slice(before)) delete f.item;
}

/** Changes to what every operation or message reaches: servers and their security, security schemes. */
const DOCUMENT_WIDE = new Set([
  'server-added',
  'server-removed',
  'server-changed',
  'security-changed',
  'security-scheme-changed',
]);

/**
 * A change to the whole document is one line, not one per operation: a server added, removed or
 * changed, or a security change that every operation (every message) both versions have shows the
 * same way, is listed once under "All REST operations (14)" or "All messages" with the count. On
 * the WebSocket side a server's change reaches the messages of its channels: "All messages on
 * `wss://…` (5)". What reaches only some operations stays under each of them.
 */
function documentWide(ctx: Ctx): Finding[] {
  const groups = new Map<string, Finding[]>();
  for (const f of ctx.out) {
    if (!DOCUMENT_WIDE.has(f.rule)) continue;
    const key = `${f.rule}|${f.origin}|${jsonText(f.words)}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const replaced = new Map<Finding, Finding | null>();
  for (const group of groups.values()) {
    const subjects = new Set(group.map((f) => f.subject.key));
    if (subjects.size < 2) continue;
    const all = subjects.size === ctx.compared.size && [...ctx.compared].every((k) => subjects.has(k));
    const server = ctx.api === 'ws' && group[0]?.origin.startsWith('/servers/') === true;
    if (!all && !server) continue;
    const [first] = group;
    if (first === undefined) continue;
    const directions = new Set(group.map((f) => f.direction));
    const what = ctx.api === 'rest' ? 'REST operations' : 'messages';
    const label = all
      ? `All ${what} (${subjects.size})`
      : `All messages on ${serverUrl(ctx, first.origin)} (${subjects.size})`;
    const {item: _item, ...rest} = first;
    replaced.set(first, {
      ...rest,
      subject: {kind: 'document', key: all ? 'document' : `server:${first.origin}`, label},
      subjectChange: 'changed',
      direction: directions.size === 1 ? first.direction : 'both',
      anchors: [],
      pointer: first.origin,
    });
    for (const f of group.slice(1)) replaced.set(f, null);
  }
  return ctx.out.flatMap((f) => {
    const r = replaced.get(f);
    return r === undefined ? [f] : r === null ? [] : [r];
  });
}

/** A WebSocket server's address in words, from the version that has it. */
function serverUrl(ctx: Ctx, origin: string): string {
  const key = origin.split('/')[2] ?? '';
  const s = obj((at(ctx.rev, `/servers/${key}`) ?? at(ctx.base, `/servers/${key}`))?.node);
  return code(`${String(s.protocol ?? '')}://${String(s.host ?? '')}${String(s.pathname ?? '')}`);
}
