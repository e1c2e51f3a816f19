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
import type {Api, CompareOptions, Ctx, Finding, Obj} from './walk';

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
  };
  if (api === 'rest') compareRest(ctx);
  else compareWs(ctx);
  return ctx.out;
}
