/** AsyncAPI → WsModel: the reader's side (send/receive inverted), replies, shared messages, flows, samples. */
import {describe, expect, it} from 'vitest';
import type {Json} from '../../../plugins/api-reference/document';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {toPython} from '../../../plugins/api-reference/asyncapi/samples';

const doc: Json = {
  asyncapi: '3.0.0',
  info: {title: 'Fixture WS', version: '1.0.0'},
  servers: {
    pre: {
      host: 'pre.example.com',
      protocol: 'wss',
      title: 'Pre-production',
      security: [{$ref: '#/components/securitySchemes/Token'}],
    },
    prod: {host: 'example.com', protocol: 'wss'},
  },
  channels: {
    prices: {
      address: '/ws/prices',
      messages: {
        subscribe: {$ref: '#/components/messages/subscribe'},
        confirmation: {$ref: '#/components/messages/confirmation'},
        error: {$ref: '#/components/messages/error'},
        update: {$ref: '#/components/messages/update'},
      },
    },
    orders: {
      address: '/ws/orders',
      messages: {
        subscribe: {$ref: '#/components/messages/subscribe'},
        confirmation: {$ref: '#/components/messages/confirmation'},
      },
    },
  },
  operations: {
    subscribePrices: {
      action: 'receive',
      title: 'Subscribe prices',
      channel: {$ref: '#/channels/prices'},
      messages: [{$ref: '#/channels/prices/messages/subscribe'}],
      reply: {
        channel: {$ref: '#/channels/prices'},
        messages: [
          {$ref: '#/channels/prices/messages/confirmation'},
          {$ref: '#/channels/prices/messages/error'},
        ],
      },
    },
    sendUpdates: {
      action: 'send',
      channel: {$ref: '#/channels/prices'},
      messages: [{$ref: '#/channels/prices/messages/update'}],
    },
    subscribeOrders: {
      action: 'receive',
      channel: {$ref: '#/channels/orders'},
      messages: [{$ref: '#/channels/orders/messages/subscribe'}],
      reply: {
        channel: {$ref: '#/channels/orders'},
        messages: [{$ref: '#/channels/orders/messages/confirmation'}],
      },
    },
  },
  components: {
    securitySchemes: {Token: {type: 'http', scheme: 'bearer', bearerFormat: 'JWT'}},
    messages: {
      subscribe: {
        title: 'Subscribe',
        payload: {
          type: 'object',
          properties: {
            subscribe: {
              type: 'object',
              properties: {channel: {enum: ['prices', 'orders']}, heartbeat: {type: 'integer'}},
            },
          },
        },
        examples: [
          {name: 'prices', payload: {subscribe: {channel: 'prices', heartbeat: 0}}},
          {name: 'orders', payload: {subscribe: {channel: 'orders'}}},
        ],
      },
      confirmation: {
        title: 'Confirmation',
        payload: {type: 'object', properties: {status: {const: 'ACTIVE'}}},
      },
      error: {title: 'Error', payload: {type: 'object', properties: {error: {type: 'string'}}}},
      update: {payload: {type: 'object', properties: {price: {type: 'string'}}}},
      orphan: {payload: {type: 'string'}},
    },
  },
};

describe('buildWsModel', () => {
  const model = buildWsModel(doc);
  const prices = model.channels[0];
  const orders = model.channels[1];
  const msg = (channel: typeof prices, name: string) => channel?.messages.find((m) => m.name === name);

  it('lists both servers with the first as default, and the security scheme', () => {
    expect(model.servers.map((s) => [s.url, s.isDefault, s.security])).toEqual([
      ['wss://pre.example.com', true, ['Token']],
      ['wss://example.com', false, undefined],
    ]);
    expect(model.securitySchemes.map((s) => s.key)).toEqual(['Token']);
  });

  it('inverts the document: a server `receive` is a message you send, a server `send` one you receive', () => {
    expect([msg(prices, 'subscribe')?.youSend, msg(prices, 'subscribe')?.youReceive]).toEqual([true, false]);
    expect([msg(prices, 'update')?.youSend, msg(prices, 'update')?.youReceive]).toEqual([false, true]);
    expect([msg(prices, 'confirmation')?.youSend, msg(prices, 'confirmation')?.youReceive]).toEqual([
      false,
      true,
    ]);
  });

  it('lists the replies a request can get and, on each reply, the request it answers', () => {
    expect(msg(prices, 'subscribe')?.replies.map((r) => r.id)).toEqual(['confirmation', 'error']);
    expect(msg(prices, 'confirmation')?.replyTo.map((r) => r.id)).toEqual(['subscribe']);
    // On the second channel the reply links to that channel's entry.
    expect(msg(orders, 'subscribe')?.replies.map((r) => r.id)).toEqual(['channel-orders.confirmation']);
  });

  it('renders a shared message in full once and links to it from the other channel', () => {
    expect(msg(prices, 'subscribe')).toMatchObject({id: 'subscribe', primary: true});
    expect(msg(orders, 'subscribe')).toMatchObject({
      id: 'channel-orders.subscribe',
      primary: false,
      primaryRef: {id: 'subscribe', channel: 'prices'},
    });
    expect(msg(orders, 'subscribe')?.payload).toBeUndefined();
    expect(msg(prices, 'subscribe')?.payload?.fields?.[0]?.id).toBe('subscribe.subscribe');
  });

  it('keeps messages no channel lists', () => {
    expect(model.channels.map((c) => c.key)).toEqual(['prices', 'orders', '(messages in no channel)']);
    expect(model.channels[2]?.messages.map((m) => [m.name, m.youSend, m.youReceive])).toEqual([
      ['orphan', false, false],
    ]);
  });

  it('makes send samples from the example for this channel, the default server and the bearer header', () => {
    const [js, py] = msg(orders, 'subscribe')?.samples ?? [];
    expect(js?.code).toContain(`new WebSocket("wss://pre.example.com/ws/orders"`);
    expect(js?.code).toContain('"Authorization": "Bearer <token>"');
    expect(js?.code).toContain('"channel": "orders"');
    expect(py?.code).toContain('"wss://pre.example.com/ws/orders"');
    expect(py?.code).toContain('header={"Authorization": "Bearer <token>"}');
    expect(msg(prices, 'update')?.samples).toEqual([]);
    expect(msg(prices, 'subscribe')?.validatorExample).toContain('"heartbeat": 0');
  });

  it('draws each request flow: request, alternative replies, then what the server streams', () => {
    expect(prices?.flows).toHaveLength(1);
    const steps = prices?.flows[0]?.steps ?? [];
    expect(steps.map((s) => [s.from, s.to, s.kind, s.label, s.alternative])).toEqual([
      ['You', 'Server', 'request', 'subscribe', undefined],
      ['Server', 'You', 'reply', 'confirmation', 'Confirmation'],
      ['Server', 'You', 'reply', 'error', 'Error'],
      ['Server', 'You', 'note', 'The server also sends on this channel:', undefined],
      ['Server', 'You', 'stream', 'update', undefined],
    ]);
  });

  it('builds the TOC from channels (2) and messages (3)', () => {
    expect(model.toc.slice(0, 4)).toEqual([
      {value: 'Servers', id: 'servers', level: 2},
      {value: 'Authentication', id: 'authentication', level: 2},
      {value: 'prices', id: 'channel-prices', level: 2},
      {value: 'subscribe', id: 'subscribe', level: 3},
    ]);
  });
});

describe('security defined inline on a server or an operation', () => {
  it('is listed with a key from its owner, and linked from the server', () => {
    const inline = structuredClone(doc) as {
      servers: {pre: {security: unknown[]}};
      operations: {sendUpdates: {security?: unknown[]}};
    };
    inline.servers.pre.security.push({
      type: 'oauth2',
      flows: {implicit: {authorizationUrl: 'https://auth.example/a', availableScopes: {read: 'Read'}}},
    });
    inline.operations.sendUpdates.security = [{type: 'httpApiKey', name: 'X-Key', in: 'header'}];
    const model = buildWsModel(inline as Json);
    expect(model.servers[0]?.security).toEqual(['Token', 'pre-scheme-2']);
    expect(model.securitySchemes.map((s) => [s.key, s.type])).toEqual([
      ['Token', 'http'],
      ['pre-scheme-2', 'oauth2'],
      ['sendUpdates-scheme-1', 'httpApiKey'],
    ]);
    expect(model.securitySchemes[1]?.flows?.[0]?.scopes).toEqual([{name: 'read', description: 'Read'}]);
    const update = model.channels[0]?.messages.find((m) => m.name === 'update');
    expect(update?.operations[0]?.security).toEqual(['sendUpdates-scheme-1']);
  });
});

describe('toPython', () => {
  it('writes JSON as Python literals', () => {
    expect(toPython({a: [true, null, 1.5, 'x"y'], b: {}})).toBe(
      '{\n    "a": [\n        True,\n        None,\n        1.5,\n        "x\\"y",\n    ],\n    "b": {},\n}',
    );
  });
});
