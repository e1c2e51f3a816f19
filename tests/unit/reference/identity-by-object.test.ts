/**
 * The trap of bundled AsyncAPI 3 documents: a bundler inlines the messages an
 * operation `$ref`s, so the operation no longer names its message. The model
 * must still pair them (by identity), and must fail rather than show a used
 * message as used by no operation.
 */
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {bundle, createConfig} from '@redocly/openapi-core';
import {stringify} from 'yaml';
import {describe, expect, it} from 'vitest';
import {loadAsyncApi} from '../../../plugins/api-reference/load';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {restoreLocalRefs} from '../../../plugins/api-reference/load/bundle';
import type {JsonObject} from '../../../plugins/api-reference/document';
import {FIXTURE_DOCUMENTS} from './helpers';

const SPLIT = FIXTURE_DOCUMENTS.asyncapi[0] ?? '';

/** What `redocly bundle` writes for the split social-media backend: operations carry message copies. */
async function redoclyBundle(): Promise<JsonObject> {
  const result = await bundle({ref: SPLIT, config: await createConfig({})});
  return JSON.parse(JSON.stringify(result.bundle.parsed)) as JsonObject;
}

function usage(doc: JsonObject): string[] {
  return buildWsModel(doc).channels.flatMap((c) =>
    c.messages.map((m) => `${c.key}/${m.name}: ${m.operations.map((o) => o.key).join(',') || 'unused'}`),
  );
}

const EXPECTED = [
  'notifyAllCommentLiked/commentLiked: sendCommentLiked',
  'newLikeComment/likeComment: receiveCommentLike',
  'commentsCountChange/commentChanged: receiveCommentChange',
  'updateCommentsCount/updateCommentLikes: sendCommentLikeUpdate',
];

describe('operations keep their messages through bundling', () => {
  it('the bundler does inline the operations’ messages (the trap exists)', async () => {
    const bundled = await redoclyBundle();
    const ops = bundled.operations as Record<string, {messages: unknown[]}>;
    expect(
      Object.values(ops).every((op) => op.messages.every((m) => !JSON.stringify(m).startsWith('{"$ref"'))),
    ).toBe(true);
  });

  it('a document bundled elsewhere: operations are matched to messages by identity', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'api-ref-trap-')), 'bundled.yaml');
    writeFileSync(file, stringify(await redoclyBundle()));
    expect(usage(await loadAsyncApi(file))).toEqual(EXPECTED);
  });

  it('the split document, bundled by the loader: its local references are put back', async () => {
    const doc = await loadAsyncApi(SPLIT);
    expect((doc.operations as Record<string, {messages: unknown[]}>).sendCommentLiked?.messages).toEqual([
      {$ref: '#/channels/notifyAllCommentLiked/messages/commentLiked'},
    ]);
    expect(usage(doc)).toEqual(EXPECTED);
  });

  it('restoreLocalRefs puts back only references that still lead somewhere', () => {
    const original = {a: {x: 1}, b: {$ref: '#/a'}, c: {$ref: '#/gone'}, d: {$ref: 'other.yaml#/x'}};
    const bundled: JsonObject = {a: {x: 1}, b: {x: 1}, c: {y: 2}, d: {z: 3}};
    expect(restoreLocalRefs(original, bundled)).toBe(1);
    expect(bundled).toEqual({a: {x: 1}, b: {$ref: '#/a'}, c: {y: 2}, d: {z: 3}});
  });

  it('an inline message that is none of its channel’s messages fails the build with a clear message', async () => {
    const bundled = await redoclyBundle();
    const ops = bundled.operations as Record<string, {messages: JsonObject[]}>;
    const first = ops.sendCommentLiked?.messages[0];
    if (first !== undefined) first.description = 'edited after bundling';
    expect(() => buildWsModel(bundled)).toThrow(
      /AsyncAPI operation "sendCommentLiked": message 1 is written out instead of referenced, and it is none of the messages of channel "notifyAllCommentLiked"/,
    );
  });
});
