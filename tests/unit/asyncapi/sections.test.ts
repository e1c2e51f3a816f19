/**
 * Each section builder of the WebSocket reference (plugins/api-reference/asyncapi/) on one small
 * AsyncAPI 3 document: what a reader is shown for servers, channels, messages, who sends what,
 * replies, flows and anchors. buildWsModel, which orchestrates them, is tested on whole documents
 * in tests/unit/reference/asyncapi.test.ts.
 */
import {describe, expect, it} from 'vitest';
import {bindingsView} from '../../../plugins/api-reference/asyncapi/bindings';
import {
  buildChannel,
  channelAddress,
  channelLabel,
  UNLISTED_CHANNEL,
  withUnlistedMessages,
} from '../../../plugins/api-reference/asyncapi/channels';
import {examplesFor, messageExamples, payloadSchema} from '../../../plugins/api-reference/asyncapi/examples';
import {buildFlows, SERVER, YOU} from '../../../plugins/api-reference/asyncapi/flows';
import {buildMessage} from '../../../plugins/api-reference/asyncapi/messages';
import {
  assertUsedMessagesShown,
  listChannels,
  listOperations,
  type ChannelEntry,
} from '../../../plugins/api-reference/asyncapi/model';
import {messageRoles, operationViews, replyRefs} from '../../../plugins/api-reference/asyncapi/operations';
import {placeMessages} from '../../../plugins/api-reference/asyncapi/placements';
import {buildWsServers, connectUrl} from '../../../plugins/api-reference/asyncapi/servers';
import {IdRegistry} from '../../../plugins/api-reference/client/anchors';
import type {JsonObject} from '../../../plugins/api-reference/document';
import type {ChannelView} from '../../../plugins/api-reference/types';

const doc: JsonObject = {
  asyncapi: '3.0.0',
  info: {title: 'Prices', version: '1.0.0'},
  defaultContentType: 'application/json',
  servers: {
    production: {
      host: 'stream.example.com',
      protocol: 'wss',
      pathname: '/ws/{region}',
      title: 'Production',
      description: 'The live service.',
      variables: {region: {$ref: '#/components/serverVariables/region'}},
    },
    legacy: {url: 'ws://old.example.com/ws'},
  },
  channels: {
    prices: {
      address: 'prices.{symbol}',
      title: 'Prices',
      description: 'Best bid and offer.',
      parameters: {symbol: {$ref: '#/components/parameters/symbol'}},
      servers: [{$ref: '#/servers/production'}],
      bindings: {ws: {method: 'GET'}},
      messages: {
        subscribe: {$ref: '#/components/messages/Subscribe'},
        quote: {$ref: '#/components/messages/Quote'},
        ack: {$ref: '#/components/messages/Ack'},
      },
    },
    heartbeat: {
      address: null,
      messages: {beat: {payload: {type: 'object', properties: {ts: {type: 'integer', example: 1}}}}},
    },
    mirror: {messages: {quote: {$ref: '#/components/messages/Quote'}}},
  },
  operations: {
    subscribePrices: {
      action: 'receive',
      title: 'Subscribe to prices',
      summary: 'Ask for a symbol.',
      channel: {$ref: '#/channels/prices'},
      messages: [{$ref: '#/channels/prices/messages/subscribe'}],
      reply: {channel: {$ref: '#/channels/prices'}, messages: [{$ref: '#/channels/prices/messages/ack'}]},
    },
    streamPrices: {
      action: 'send',
      channel: {$ref: '#/channels/prices'},
      messages: [{$ref: '#/channels/prices/messages/quote'}],
    },
  },
  components: {
    serverVariables: {region: {default: 'eu', enum: ['eu', 'us'], description: 'Where you are.'}},
    parameters: {
      symbol: {description: 'The **symbol**.', examples: ['EURUSD'], location: '$message.payload#/symbol'},
    },
    messages: {
      Subscribe: {
        name: 'subscribe',
        title: 'Subscribe',
        correlationId: {location: '$message.payload#/id', description: 'Echoed.'},
        tags: [{name: 'market'}],
        bindings: {ws: {}},
        payload: {type: 'object', properties: {symbol: {type: 'string'}}},
        examples: [
          {name: 'by symbol', summary: 'One symbol', payload: {symbol: 'EURUSD'}},
          {name: 'by list', payload: {symbol: 'GBPUSD'}},
        ],
      },
      Quote: {
        title: 'Quote',
        deprecated: true,
        payload: {schemaFormat: 'application/vnd.aai.asyncapi+json;version=3.0.0', schema: {type: 'object'}},
        examples: [{payload: {channel: 'prices', bid: 1}}, {payload: {channel: 'mirror', bid: 2}}],
      },
      Ack: {payload: {type: 'object', properties: {ok: {type: 'boolean', example: true}}}},
      Orphan: {payload: {type: 'string', example: 'x'}},
    },
  },
};

const channels = listChannels(doc);
const operations = listOperations(doc, channels);
const entry = (key: string): ChannelEntry => {
  const found = channels.find((c) => c.key === key);
  if (found === undefined) throw new Error(`no channel ${key}`);
  return found;
};

describe('servers', () => {
  const servers = buildWsServers(doc);

  it('writes the URL a client connects to, the first server being the default', () => {
    expect(servers.map((s) => [s.name, s.url, s.isDefault])).toEqual([
      ['Production', 'wss://stream.example.com/ws/{region}', true],
      ['legacy', 'ws://old.example.com/ws', false],
    ]);
    expect(servers[0]?.description).toBe('<p>The live service.</p>');
  });

  it('follows a variable to its definition and connects with its default', () => {
    expect(servers[0]?.variables).toEqual([
      {name: 'region', default: 'eu', enum: ['eu', 'us'], description: 'Where you are.'},
    ]);
    expect(connectUrl(servers[0])).toBe('wss://stream.example.com/ws/eu');
    expect(connectUrl(undefined)).toBe('wss://example.com');
  });
});

describe('channels', () => {
  it('names messages by their components key, else their key in the channel', () => {
    expect(entry('prices').messages.map((m) => [m.key, m.name])).toEqual([
      ['subscribe', 'Subscribe'],
      ['quote', 'Quote'],
      ['ack', 'Ack'],
    ]);
    expect(entry('heartbeat').messages.map((m) => m.name)).toEqual(['beat']);
  });

  it('reads the address: written, the key when absent, none when null', () => {
    expect(channelAddress(entry('prices'))).toBe('prices.{symbol}');
    expect(channelAddress(entry('mirror'))).toBe('mirror');
    expect(channelAddress(entry('heartbeat'))).toBeNull();
  });

  it("shows a channel's own fields, its parameters followed to their definitions", () => {
    const view = buildChannel(doc, entry('prices'), 'channel-prices');
    expect(view).toMatchObject({
      key: 'prices',
      id: 'channel-prices',
      title: 'Prices',
      description: '<p>Best bid and offer.</p>',
      servers: ['production'],
      bindings: ['ws'],
      parameters: [
        {
          name: 'symbol',
          description: '<p>The <strong>symbol</strong>.</p>',
          examples: ['EURUSD'],
          location: '$message.payload#/symbol',
        },
      ],
    });
    expect(channelLabel(view)).toBe('Prices');
    expect(channelLabel(buildChannel(doc, entry('mirror'), 'channel-mirror'))).toBe('mirror');
  });

  it('gives the messages no channel lists a section of their own, so nothing is dropped', () => {
    const all = withUnlistedMessages(doc, channels);
    const last = all[all.length - 1];
    expect(last?.key).toBe(UNLISTED_CHANNEL);
    expect(last?.messages.map((m) => m.name)).toEqual(['Orphan']);
    expect(channelAddress(last as ChannelEntry)).toBeNull();
    expect(withUnlistedMessages({components: {}}, channels)).toBe(channels);
  });

  it('lists the protocols of bindings, and none when there are none', () => {
    expect(bindingsView({ws: {}, kafka: {}})).toEqual(['ws', 'kafka']);
    expect(bindingsView({})).toBeUndefined();
    expect(bindingsView(undefined)).toBeUndefined();
  });
});

describe('operations, from the reader’s side', () => {
  it('pairs each operation with its channel and message names, and its reply', () => {
    expect(operations.map((op) => [op.key, op.action, op.channel, op.messages])).toEqual([
      ['subscribePrices', 'receive', 'prices', ['Subscribe']],
      ['streamPrices', 'send', 'prices', ['Quote']],
    ]);
    expect(operations[0]?.reply).toEqual({channel: 'prices', messages: ['Ack']});
  });

  it('says who sends a message: `receive` means the reader sends', () => {
    const subscribe = messageRoles('Subscribe', operations, operations);
    expect(subscribe.sentBy.map((op) => op.key)).toEqual(['subscribePrices']);
    expect(subscribe.receivedBy).toEqual([]);
    const ack = messageRoles('Ack', operations, operations);
    expect(ack.asReplyToYou.map((op) => op.key)).toEqual(['subscribePrices']);
    expect(operationViews(subscribe)).toEqual([
      {
        key: 'subscribePrices',
        title: 'Subscribe to prices',
        youSend: true,
        description: '<p>Ask for a symbol.</p>',
      },
    ]);
    expect(operationViews(messageRoles('Quote', operations, operations))).toEqual([
      {key: 'streamPrices', title: 'streamPrices', youSend: false},
    ]);
  });

  it('links a request to its replies and a reply to its request', () => {
    const placements = placeMessages(channels, new IdRegistry());
    expect(replyRefs(messageRoles('Subscribe', operations, operations), placements)).toEqual({
      replies: [{name: 'Ack', id: 'Ack'}],
      replyTo: [],
    });
    expect(replyRefs(messageRoles('Ack', operations, operations), placements)).toEqual({
      replies: [],
      replyTo: [{name: 'Subscribe', id: 'Subscribe', title: 'Subscribe'}],
    });
  });

  it('fails the build rather than show a used message as used by nobody', () => {
    const views: ChannelView[] = [{...buildChannel(doc, entry('prices'), 'channel-prices'), messages: []}];
    expect(() => assertUsedMessagesShown(views, operations)).toThrow(
      /a message of operation "subscribePrices" is "Subscribe", which channel "prices" does not list/,
    );
    expect(() => assertUsedMessagesShown([], operations)).not.toThrow();
  });
});

describe('placements and anchors', () => {
  const placements = placeMessages(channels, new IdRegistry());

  it('writes a message out in full where it first appears and links its repeats there', () => {
    expect(placements.channelIds.get('prices')).toBe('channel-prices');
    expect(placements.primaryOf('Quote')).toEqual({
      channel: 'prices',
      name: 'Quote',
      id: 'Quote',
      primary: true,
    });
    expect(placements.place('Quote', 'mirror')).toEqual({
      channel: 'mirror',
      name: 'Quote',
      id: 'channel-mirror.Quote',
      primary: false,
    });
    expect(placements.place('Quote', 'elsewhere')?.id).toBe('Quote');
    expect(placements.ref('Quote', 'mirror')).toEqual({
      name: 'Quote',
      id: 'channel-mirror.Quote',
      title: 'Quote',
    });
  });
});

describe('examples', () => {
  it("unwraps AsyncAPI's multi-format payload", () => {
    expect(payloadSchema(entry('prices').messages[1]?.message ?? {})).toEqual({type: 'object'});
    expect(payloadSchema({payload: {type: 'string'}})).toEqual({type: 'string'});
  });

  it("keeps the document's named examples, with their summaries", () => {
    const examples = messageExamples(doc, entry('prices').messages[0]?.message ?? {});
    expect(examples.map((e) => [e.name, e.view.summary])).toEqual([
      ['by symbol', 'One symbol'],
      ['by list', undefined],
    ]);
    expect(examples[0]?.view.value).toBe('{\n  "symbol": "EURUSD"\n}');
  });

  it('makes one from the schema when the document gives none, and says so', () => {
    const [made] = messageExamples(doc, entry('heartbeat').messages[0]?.message ?? {});
    expect(made?.payload).toEqual({ts: 1});
    expect(made?.view.summary).toBe('Made from the schema (the document gives no example)');
  });

  it('prefers the examples that name the channel they are shown on', () => {
    const quote = messageExamples(doc, entry('prices').messages[1]?.message ?? {});
    expect(examplesFor(quote, 'mirror').map((e) => e.payload)).toEqual([{channel: 'mirror', bid: 2}]);
    expect(examplesFor(quote, 'nowhere')).toHaveLength(2);
  });
});

describe('flows', () => {
  it("draws the reader's request, its variants, the reply, then what the server streams", () => {
    const [flow] = buildFlows(doc, entry('prices'), operations, () => undefined);
    expect(flow?.title).toBe('Subscribe to prices');
    expect(flow?.description).toBe('Ask for a symbol.');
    expect(flow?.participants).toEqual([YOU, SERVER]);
    expect(flow?.steps.map((s) => [s.from, s.to, s.kind, s.label])).toEqual([
      [YOU, SERVER, 'request', 'Subscribe: by symbol or by list'],
      [SERVER, YOU, 'reply', 'Ack'],
      [SERVER, YOU, 'note', 'The server also sends on this channel:'],
      [SERVER, YOU, 'stream', 'Quote'],
    ]);
  });

  it('draws no flow for a channel without requests', () => {
    expect(buildFlows(doc, entry('heartbeat'), [], () => undefined)).toEqual([]);
  });
});

describe('messages', () => {
  it('shows a message with its direction, operations, replies, correlation id and tags', () => {
    const placements = placeMessages(channels, new IdRegistry());
    const c = entry('prices');
    const subscribe = c.messages[0];
    if (subscribe === undefined) throw new Error('no message');
    const view = buildMessage(
      {doc, ids: new IdRegistry(), placements, socketServer: undefined, auth: undefined},
      c,
      subscribe,
      operations,
      operations,
    );
    expect(view).toMatchObject({
      name: 'Subscribe',
      id: 'Subscribe',
      primary: true,
      youSend: true,
      youReceive: false,
      title: 'Subscribe',
      contentType: 'application/json',
      tags: ['market'],
      bindings: ['ws'],
      correlationId: {location: '$message.payload#/id', description: '<p>Echoed.</p>'},
      replies: [{name: 'Ack', id: 'Ack'}],
    });
    expect(view.operations.map((op) => op.key)).toEqual(['subscribePrices']);
  });

  it('marks a repeat as such, pointing at the message written in full, and keeps `deprecated`', () => {
    const placements = placeMessages(channels, new IdRegistry());
    const c = entry('mirror');
    const quote = c.messages[0];
    if (quote === undefined) throw new Error('no message');
    const view = buildMessage(
      {doc, ids: new IdRegistry(), placements, socketServer: undefined, auth: undefined},
      c,
      quote,
      [],
      [],
    );
    expect(view.primary).toBe(false);
    expect(view.primaryRef).toEqual({id: 'Quote', channel: 'prices'});
    expect(view.deprecated).toBe(true);
    expect(view.youSend || view.youReceive).toBe(false);
  });
});
