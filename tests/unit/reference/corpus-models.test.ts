/**
 * Every public document (../shared/corpus and tests/fixtures: split over files,
 * AsyncAPI 2.x, OpenAPI 3.2) becomes a reference model with nothing dropped.
 * What "everything" is comes from the raw documents, read independently of the
 * builders: OpenAPI by following `$ref`s file by file here, AsyncAPI through
 * the @asyncapi/parser's own model. And no message is shown as used by no
 * operation while the parser says an operation sends or receives it.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {Parser} from '@asyncapi/parser';
import {parse} from 'yaml';
import {describe, expect, it} from 'vitest';
import {loadAsyncApi, loadOpenApi} from '../../../plugins/api-reference/load';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {buildWsModel, UNLISTED_CHANNEL} from '../../../plugins/api-reference/asyncapi/build';
import {CORPUS_SKIP_REASON, FIXTURE_DOCUMENTS, HAS_CORPUS, corpusFiles} from './helpers';

type Raw = Record<string, unknown>;
const isRaw = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows a `$ref` (local or to another file) in the raw files, as written. */
function follow(file: string, node: unknown): {file: string; node: unknown} {
  let at = {file, node};
  for (let hops = 0; hops < 20 && isRaw(at.node) && typeof at.node.$ref === 'string'; hops += 1) {
    const [target = '', fragment = ''] = at.node.$ref.split('#');
    const next = target === '' ? at.file : path.resolve(path.dirname(at.file), decodeURI(target));
    let value: unknown = parse(readFileSync(next, 'utf8'));
    for (const token of fragment.split('/').slice(1))
      value = isRaw(value)
        ? value[decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~')]
        : undefined;
    at = {file: next, node: value};
  }
  return at;
}

const FIXED = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace', 'query'];

function rawOperationCount(file: string): number {
  const doc = parse(readFileSync(file, 'utf8')) as Raw;
  let n = 0;
  for (const key of ['paths', 'webhooks']) {
    for (const [name, item] of Object.entries(isRaw(doc[key]) ? doc[key] : {})) {
      if (name.startsWith('x-')) continue;
      const pathItem = follow(file, item).node;
      if (!isRaw(pathItem)) continue;
      n += FIXED.filter((m) => isRaw(pathItem[m])).length;
      if (isRaw(pathItem.additionalOperations)) n += Object.keys(pathItem.additionalOperations).length;
    }
  }
  return n;
}

const openapiDocuments = [...corpusFiles('openapi'), ...FIXTURE_DOCUMENTS.openapi];
const asyncapiDocuments = [...corpusFiles('asyncapi'), ...FIXTURE_DOCUMENTS.asyncapi];
const label = (f: string): [string, string] => [path.relative(path.resolve(f, '../../..'), f), f];

describe('OpenAPI documents → RestModel, no operation dropped', () => {
  it.each(openapiDocuments.map(label))('%s', async (_name, file) => {
    const model = buildRestModel(await loadOpenApi(file));
    const shown = model.tags.reduce((n, t) => n + t.operations.length, 0) + model.webhooks.length;
    expect(shown).toBe(rawOperationCount(file));
    expect(shown).toBeGreaterThan(0);
  });
});

describe('AsyncAPI documents → WsModel, nothing dropped, no used message shown unused', () => {
  // One parser for every document: making one compiles its schemas and rules (about 0.5 s).
  const parser = new Parser();
  it.each(asyncapiDocuments.map(label))('%s', async (_name, file) => {
    const doc = await loadAsyncApi(file);
    const model = buildWsModel(doc);
    // The parser's reading of the document as written (it resolves other files itself).
    const {document, diagnostics} = await parser.parse(readFileSync(file, 'utf8'), {source: file});
    expect(document, diagnostics.map((d) => d.message).join('\n')).toBeDefined();
    if (document === undefined) return;
    const v2 = document.version().startsWith('2.');
    expect(model.convertedFrom).toBe(v2 ? document.version() : undefined);

    const channels = document.channels().all();
    const listed = model.channels.filter((c) => c.key !== UNLISTED_CHANNEL);
    expect(listed).toHaveLength(channels.length);
    // Channels keep their order; a 3.x document keeps its channel keys.
    if (!v2) expect(listed.map((c) => c.key)).toEqual(channels.map((c) => c.id()));

    const operations = document.operations().all();
    const shownOperations = new Set(
      model.channels.flatMap((c) => c.messages.flatMap((m) => m.operations.map((o) => o.key))),
    );
    expect(shownOperations.size).toBe(operations.length);
    if (!v2) expect([...shownOperations].sort()).toEqual(operations.map((o) => o.id()).sort());

    channels.forEach((channel, c) => {
      const view = listed[c];
      const messages = channel.messages().all();
      expect(view?.messages, `messages of channel ${channel.id()}`).toHaveLength(messages.length);
      messages.forEach((message, i) => {
        // Used when an operation (or its reply) on this channel names it; in 2.x every channel message belongs to publish or subscribe.
        const used =
          v2 ||
          operations.some(
            (op) =>
              (op
                .channels()
                .all()
                .some((ch) => ch.id() === channel.id()) &&
                op
                  .messages()
                  .all()
                  .some((m) => m.id() === message.id())) ||
              ((op.reply()?.channel()?.id() ?? op.channels().all()[0]?.id()) === channel.id() &&
                (op.reply()?.messages().all() ?? []).some((m) => m.id() === message.id())),
          );
        const shown = view?.messages[i];
        if (used)
          expect(
            shown?.youSend === true || shown?.youReceive === true,
            `${channel.id()} → ${message.id()} is used by an operation but shown as used by none`,
          ).toBe(true);
      });
    });
  });
});

if (!HAS_CORPUS) it.skip(CORPUS_SKIP_REASON, () => undefined);
