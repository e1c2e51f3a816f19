/**
 * The WebSocket part of the diff on small AsyncAPI 3 documents: a channel address whose parameter is
 * only renamed is the same address.
 */
import {describe, expect, it} from 'vitest';
import {diffDocuments, requiredBump} from '../../../../plugins/releases/diff';

const docWith = (name: string): Record<string, unknown> => ({
  asyncapi: '3.0.0',
  info: {title: 'T', version: '1.0.0'},
  channels: {
    book: {
      address: `/ws/book/{${name}}`,
      parameters: {[name]: {description: 'The instrument.'}},
      messages: {update: {name: 'update', payload: {type: 'object', properties: {price: {type: 'string'}}}}},
    },
  },
  operations: {
    receiveUpdate: {action: 'send', channel: {$ref: '#/channels/book'}},
  },
});

describe('WebSocket diff: a renamed channel parameter', () => {
  it('is one compatible line, not an address change, and needs only a patch', async () => {
    const changes = await diffDocuments('ws', docWith('instrument'), docWith('symbol'));
    expect(changes.map((c) => [c.rule, c.verdict])).toEqual([['parameter-renamed', 'compatible']]);
    expect(changes[0]?.text).toMatch(/^Channel parameter `instrument` renamed to `symbol`/);
    expect(requiredBump(changes)).toBe('patch');
  });

  it('an address that really changed is still breaking', async () => {
    const after = docWith('instrument');
    (after.channels as {book: {address: string}}).book.address = '/ws/v2/book/{instrument}';
    const changes = await diffDocuments('ws', docWith('instrument'), after);
    expect(changes.map((c) => [c.rule, c.verdict])).toEqual([['channel-address-changed', 'breaking']]);
  });
});

describe('WebSocket diff: messages are named as the reference names them', () => {
  it('by their key, not their `name` field, so a change links to the message the reference shows', async () => {
    const before = docWith('instrument');
    const channel = (before.channels as {book: {messages: Record<string, {name: string}>}}).book;
    if (channel.messages.update !== undefined) channel.messages.update.name = 'BookUpdate';
    const after = structuredClone(before);
    (
      after.channels as {book: {messages: {update: {payload: {properties: Record<string, unknown>}}}}}
    ).book.messages.update.payload.properties.size = {type: 'string'};
    const changes = await diffDocuments('ws', before, after);
    expect(changes.map((c) => [c.subject.key, c.anchors.at(-1)])).toEqual([['book/update', 'update']]);
  });
});
