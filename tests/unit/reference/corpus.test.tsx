/**
 * Every real-world document in ../shared/corpus becomes a page: loaded and
 * validated, turned into a model and rendered to static markup without an
 * exception or a console error, with no operation, channel or message dropped.
 */
import {renderToStaticMarkup} from 'react-dom/server';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {loadAsyncApi, loadOpenApi} from '../../../plugins/api-reference/load';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {identityFromDocuments} from '../../../plugins/api-reference/identity';
import {asObject, deref, isObject} from '../../../plugins/api-reference/document';
import RestPage from '../../../src/components/ApiReference/RestPage';
import WsReference from '../../../src/components/ApiReference/WsReference';
import {CORPUS_SKIP_REASON, HAS_CORPUS, corpusFiles} from './helpers';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function countOperations(doc: Record<string, unknown>, key: 'paths' | 'webhooks'): number {
  let n = 0;
  for (const item of Object.values(asObject(doc[key]))) {
    const pathItem = asObject(deref(doc as never, item as never).node);
    n += METHODS.filter((m) => isObject(pathItem[m])).length;
  }
  return n;
}

/** Every same-page link must land on an element of the page. */
function brokenAnchors(html: string): string[] {
  const present = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
  return [...html.matchAll(/href="#([^"]*)"/g)].map((m) => m[1] ?? '').filter((id) => !present.has(id));
}

function ids(html: string, tag: string): string[] {
  return [...html.matchAll(new RegExp(`<${tag} id="([^"]+)"`, 'g'))].map((m) => m[1] ?? '');
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

describe.skipIf(!HAS_CORPUS)('OpenAPI corpus → /rest markup', () => {
  it.each(corpusFiles('openapi').map((f) => [path.basename(f), f]))('%s', async (_name, file) => {
    const doc = await loadOpenApi(file);
    const model = buildRestModel(doc);
    const identity = identityFromDocuments(doc, null, file);
    const html = renderToStaticMarkup(<RestPage model={model} identity={identity} />);
    const expected = countOperations(doc, 'paths') + countOperations(doc, 'webhooks');
    expect(model.tags.reduce((n, t) => n + t.operations.length, 0) + model.webhooks.length).toBe(expected);
    // Each operation is an h3 with its anchor; callbacks are h4 below it. So is each error body
    // that several error responses share (described once, under "Error bodies"), and each field
    // type that several fields share (described once, under "Data types").
    const headings = expected + (model.errorBodies?.length ?? 0) + (model.dataTypes?.length ?? 0);
    expect(ids(html, 'h3')).toHaveLength(headings);
    expect(new Set(ids(html, 'h3')).size).toBe(headings);
    expect(html).toContain('REST API reference');
    expect(brokenAnchors(html)).toEqual([]);
  });
});

describe.skipIf(!HAS_CORPUS)('AsyncAPI corpus → /docs/ws markup', () => {
  it.each(corpusFiles('asyncapi').map((f) => [path.basename(f), f]))('%s', async (_name, file) => {
    const doc = await loadAsyncApi(file);
    const model = buildWsModel(doc);
    const html = renderToStaticMarkup(<WsReference model={model} />);
    const channels = Object.keys(asObject(doc.channels));
    const channelIds = ids(html, 'h2').filter((id) => id.startsWith('channel-'));
    expect(channelIds.slice(0, channels.length)).toEqual(channels.map((c) => `channel-${c}`));
    // Every message of every channel, plus component messages no channel lists.
    let expected = 0;
    for (const c of Object.values(asObject(doc.channels)))
      expected += Object.keys(asObject(asObject(c).messages)).length;
    const messageIds = ids(html, 'h3');
    const listedNames = new Set(
      model.channels.slice(0, channels.length).flatMap((c) => c.messages.map((m) => m.name)),
    );
    const unlisted = Object.keys(asObject(asObject(doc.components).messages)).filter(
      (n) => !listedNames.has(n),
    );
    // And each field type that several fields share, described once under "Data types".
    expect(messageIds).toHaveLength(expected + unlisted.length + (model.dataTypes?.length ?? 0));
    expect(messageIds.filter((id) => id.startsWith('data-type-'))).toHaveLength(model.dataTypes?.length ?? 0);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect(brokenAnchors(html)).toEqual([]);
  });
});

if (!HAS_CORPUS) it.skip(CORPUS_SKIP_REASON, () => undefined);
