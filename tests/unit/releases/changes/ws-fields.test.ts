/**
 * The WebSocket part of the diff, field by field, on small AsyncAPI 3 documents that differ in one
 * way each: messages added and removed on each side, deprecations, a channel's address, the
 * servers and security that reach a message, an operation's action and reply, channel parameters,
 * the `ws` binding's query and headers, and message headers. Each change must be one line, judged
 * for the reader's side of the message (what the server sends is what the reader receives).
 */
import {describe, expect, it} from 'vitest';
import {diffDocuments, type Change} from '../../../../plugins/releases/diff';

type Json = Record<string, unknown>;

const AS_OF = '2026-06-01';

/** An AsyncAPI 3 document with one server, `production`, and the parts a test gives. */
function stream(parts: Json): Json {
  return {
    asyncapi: '3.0.0',
    info: {title: 'Trading stream', version: '1.0.0'},
    servers: {production: {host: 'ws.example.com', protocol: 'wss', pathname: '/v1'}},
    ...parts,
  };
}

const payload = (properties: Json, required: string[] = []): Json => ({
  payload: {type: 'object', properties, required},
});

/** An operation on a channel: `send` is the server sending (the reader receives), `receive` the reader sending. */
function operation(action: 'send' | 'receive', channel: string, messages?: string[], extra: Json = {}): Json {
  return {
    action,
    channel: {$ref: `#/channels/${channel}`},
    ...(messages !== undefined
      ? {messages: messages.map((m) => ({$ref: `#/channels/${channel}/messages/${m}`}))}
      : {}),
    ...extra,
  };
}

/** The `orders` channel: the server sends `order_status`, the reader sends `new_order`. */
function orders(channel: Json = {}, parts: Json = {}): Json {
  return stream({
    channels: {
      orders: {
        address: '/ws/orders',
        messages: {
          order_status: payload({status: {type: 'string'}}),
          new_order: payload({side: {type: 'string'}}),
        },
        ...channel,
      },
    },
    operations: {
      streamOrders: operation('send', 'orders', ['order_status']),
      placeOrder: operation('receive', 'orders', ['new_order']),
    },
    ...parts,
  });
}

function diff(base: Json, revision: Json): Change[] {
  return diffDocuments('ws', base, revision, {asOf: AS_OF});
}

/** Each line as a reader meets it: under which message, the rule, the verdict and the sentence. */
const lines = (changes: Change[]): string[][] =>
  changes.map((c) => [c.subject.key, c.rule, c.verdict, c.text]);

describe('WebSocket diff: messages added and removed, on each side', () => {
  const small = stream({
    channels: {orders: {address: '/ws/orders', messages: {order_status: payload({})}}},
    operations: {streamOrders: operation('send', 'orders', ['order_status'])},
  });
  const large = stream({
    channels: {
      orders: {address: '/ws/orders', messages: {order_status: payload({}), new_order: payload({})}},
      trades: {address: '/ws/trades', messages: {trade: payload({})}},
    },
    operations: {
      streamOrders: operation('send', 'orders', ['order_status']),
      placeOrder: operation('receive', 'orders', ['new_order']),
      // No message list: the operation carries every message of its channel.
      streamTrades: operation('send', 'trades'),
    },
  });

  it('a message the reader can send is an addition; one the reader may receive, a behaviour change', () => {
    const changes = diff(small, large);
    expect(lines(changes)).toEqual([
      ['orders/new_order', 'message-added', 'addition', 'New message you can send.'],
      [
        'trades/trade',
        'message-added',
        'behaviour',
        'New message you receive: clients subscribed to its channel may get it and must handle or ignore it.',
      ],
    ]);
    expect(changes.map((c) => [c.subjectChange, c.subject.label, c.pointer])).toEqual([
      ['added', 'message `new_order` on channel `orders`', '/channels/orders/messages/new_order'],
      ['added', 'message `trade` on channel `trades`', '/channels/trades/messages/trade'],
    ]);
  });

  it('a message removed is breaking on each side, in the words of that side', () => {
    expect(lines(diff(large, small))).toEqual([
      [
        'orders/new_order',
        'message-removed',
        'breaking',
        'Message removed: the server no longer accepts it, so sending it fails.',
      ],
      [
        'trades/trade',
        'message-removed',
        'breaking',
        'Message removed: clients that wait for it will not receive it.',
      ],
    ]);
  });

  it('a message deprecated with a sunset, or whose payload was, is removed as announced after that date and too early before it', () => {
    const deprecated = stream({
      channels: {
        orders: {
          address: '/ws/orders',
          messages: {
            order_status: payload({}),
            new_order: {...payload({}), deprecated: true, 'x-sunset': '2026-01-31'},
            order_fill: {payload: {type: 'object', deprecated: true, 'x-sunset': '2027-06-30'}},
          },
        },
      },
      operations: {
        streamOrders: operation('send', 'orders', ['order_status', 'order_fill']),
        placeOrder: operation('receive', 'orders', ['new_order']),
      },
    });
    const changes = diff(deprecated, small);
    expect(lines(changes)).toEqual([
      [
        'orders/new_order',
        'removed-as-announced',
        'announced',
        'Message removed as announced (sunset 2026-01-31): sending it now fails.',
      ],
      [
        'orders/order_fill',
        'removed-before-sunset',
        'breaking',
        'Message removed before its sunset date (2027-06-30) had passed: clients that read it will no longer find it.',
      ],
    ]);
    expect(changes.map((c) => [c.subjectChange, c.sunset])).toEqual([
      ['removed', '2026-01-31'],
      ['removed', '2027-06-30'],
    ]);
  });

  it('a message the reader sends, removed before its sunset: the sentence speaks of messages, not requests', () => {
    const withOrder = (messages: Json): Json =>
      stream({
        channels: {orders: {address: '/ws/orders', messages}},
        operations: {
          streamOrders: operation('send', 'orders', ['order_status']),
          placeOrder: operation(
            'receive',
            'orders',
            Object.keys(messages).filter((m) => m !== 'order_status'),
          ),
        },
      });
    const changes = diff(
      withOrder({
        order_status: payload({}),
        new_order: {...payload({}), deprecated: true, 'x-sunset': '2027-06-30'},
      }),
      withOrder({order_status: payload({})}),
    );
    expect(lines(changes)).toEqual([
      [
        'orders/new_order',
        'removed-before-sunset',
        'breaking',
        'Message removed before its sunset date (2027-06-30) had passed: messages that use it fail.',
      ],
    ]);
  });

  it('a message deprecated and reworded: two lines about the message itself', () => {
    const status = (extra: Json): Json => orders({messages: {order_status: {...payload({}), ...extra}}});
    const changes = diff(
      status({description: 'An order changed.'}),
      status({description: 'An order changed state.', deprecated: true, 'x-sunset': '2027-06-30'}),
    );
    expect(lines(changes)).toEqual([
      [
        'orders/order_status',
        'deprecated',
        'deprecation',
        'Message deprecated, sunset 2027-06-30: plan to stop using it by then.',
      ],
      ['orders/order_status', 'description-changed', 'docs', 'Message: description reworded.'],
    ]);
    expect(changes.every((c) => c.item === undefined && c.direction === 'receive')).toBe(true);
  });
});

describe("WebSocket diff: a channel's address and the servers that reach it", () => {
  it('an address published or withdrawn reads as unpublished on the side without one', () => {
    const published = orders();
    const unpublished = orders({address: null});
    expect(diff(unpublished, published).map((c) => c.text)).toEqual([
      "The channel's address changed from unpublished to `/ws/orders`: clients must connect to the new address.",
      "The channel's address changed from unpublished to `/ws/orders`: clients must connect to the new address.",
    ]);
    expect(diff(published, unpublished).map((c) => [c.subject.key, c.rule, c.verdict])).toEqual([
      ['orders/order_status', 'channel-address-changed', 'breaking'],
      ['orders/new_order', 'channel-address-changed', 'breaking'],
    ]);
  });

  it("a server added to one channel's list is one line under the messages on that server, named by its address", () => {
    const production = {host: 'ws.example.com', protocol: 'wss', pathname: '/v1'};
    const eu = {host: 'eu.example.com', protocol: 'wss'};
    const doc = (ordersServers: string[], servers: Json): Json =>
      stream({
        servers,
        channels: {
          orders: {
            address: '/ws/orders',
            servers: ordersServers.map((s) => ({$ref: `#/servers/${s}`})),
            messages: {order_status: payload({}), new_order: payload({})},
          },
          trades: {
            address: '/ws/trades',
            servers: [{$ref: '#/servers/production'}],
            messages: {trade: payload({})},
          },
        },
        operations: {
          streamOrders: operation('send', 'orders', ['order_status']),
          placeOrder: operation('receive', 'orders', ['new_order']),
          streamTrades: operation('send', 'trades', ['trade']),
        },
      });
    const before = doc(['production'], {production});
    const after = doc(['production', 'eu'], {production, eu});
    const added = diff(before, after);
    expect(
      added.map((c) => [c.rule, c.verdict, c.direction, c.subject.kind, c.subject.key, c.subject.label]),
    ).toEqual([
      [
        'server-added',
        'addition',
        'both',
        'document',
        'server:/servers/eu',
        'All messages on `wss://eu.example.com` (2)',
      ],
    ]);
    expect(added[0]).toMatchObject({
      text: 'New server `wss://eu.example.com`.',
      pointer: '/servers/eu',
      anchors: [],
    });
    // Gone from the document, the server is named by the address the previous version gave it.
    const removed = diff(after, before);
    expect(removed.map((c) => [c.rule, c.verdict, c.subject.label, c.text])).toEqual([
      [
        'server-removed',
        'breaking',
        'All messages on `wss://eu.example.com` (2)',
        'Server `wss://eu.example.com` removed: clients that use it must switch to another.',
      ],
    ]);
  });

  it("a server's host and pathname changed, for messages of both sides: a line per field under all messages", () => {
    const changes = diff(
      orders(),
      orders({}, {servers: {production: {host: 'stream.example.com', protocol: 'wss'}}}),
    );
    expect(changes.map((c) => [c.rule, c.direction, c.subject.label, c.text])).toEqual([
      [
        'server-changed',
        'both',
        'All messages (2)',
        'Server `production`: host changed from `ws.example.com` to `stream.example.com`. Clients must connect to the new address.',
      ],
      [
        'server-changed',
        'both',
        'All messages (2)',
        'Server `production`: pathname changed from `/v1` to unset. Clients must connect to the new address.',
      ],
    ]);
    expect(
      diff(orders({}, {servers: {production: {host: 'ws.example.com', protocol: 'wss'}}}), orders()).map(
        (c) => c.text,
      ),
    ).toEqual([
      'Server `production`: pathname changed from unset to `/v1`. Clients must connect to the new address.',
    ]);
  });
});

describe('WebSocket diff: security', () => {
  const schemes = {
    Token: {type: 'httpApiKey', in: 'header', name: 'X-Token'},
    Key: {type: 'httpApiKey', in: 'query', name: 'key'},
    Login: {type: 'userPassword'},
  };
  const secured = (security: unknown[], securitySchemes: Json = schemes, parts: Json = {}): Json =>
    orders(
      {},
      {
        servers: {production: {host: 'ws.example.com', protocol: 'wss', pathname: '/v1', security}},
        components: {securitySchemes},
        ...parts,
      },
    );

  it("a scheme added to a server's security, written in full rather than by reference, is named in words", () => {
    const changes = diff(
      secured([{$ref: '#/components/securitySchemes/Token'}]),
      secured([{$ref: '#/components/securitySchemes/Token'}, {type: 'httpApiKey', in: 'query', name: 'key'}]),
    );
    expect(changes.map((c) => [c.rule, c.verdict, c.subject.label, c.text])).toEqual([
      [
        'security-changed',
        'breaking',
        'All messages (2)',
        'Authentication changed: server `production` now asks for an API key in the query parameter `key`. Clients must authenticate as the document now says.',
      ],
    ]);
  });

  it('a scheme written in full on a server, with no component like it, is a change when it comes and when it goes', () => {
    const added = diff(
      secured([{$ref: '#/components/securitySchemes/Token'}]),
      secured([
        {$ref: '#/components/securitySchemes/Token'},
        {type: 'X509', description: 'Client certificate'},
      ]),
    );
    expect(added.map((c) => [c.rule, c.verdict, c.text])).toEqual([
      [
        'security-changed',
        'breaking',
        'Authentication changed: server `production` now asks for a client certificate (mutual TLS). Clients must authenticate as the document now says.',
      ],
    ]);
    const withdrawn = diff(secured([{type: 'userPassword', description: 'Login'}]), secured([]));
    expect(withdrawn.map((c) => c.text)).toEqual([
      'Authentication changed: server `production` no longer asks for a user name and password. Clients must authenticate as the document now says.',
    ]);
  });

  it('a scheme written in full and changed in place reads as one asked for instead of the other', () => {
    const changes = diff(secured([{type: 'userPassword'}]), secured([{type: 'X509'}]));
    expect(changes.map((c) => [c.rule, c.text])).toEqual([
      [
        'security-changed',
        'Authentication changed: server `production` now asks for a client certificate (mutual TLS); no longer asks for a user name and password. Clients must authenticate as the document now says.',
      ],
    ]);
  });

  it('a scheme written in full and left alone is no change', () => {
    const inline = [{type: 'httpApiKey', in: 'header', name: 'X-Session'}];
    expect(diff(secured(inline), secured(inline))).toEqual([]);
  });

  it('a scheme a server uses moved from a header to the query: one line with the credentials before and after', () => {
    const changes = diff(
      secured([{$ref: '#/components/securitySchemes/Token'}]),
      secured([{$ref: '#/components/securitySchemes/Token'}], {
        ...schemes,
        Token: {...schemes.Token, in: 'query'},
      }),
    );
    expect(changes.map((c) => [c.rule, c.subject.label, c.origin, c.text])).toEqual([
      [
        'security-scheme-changed',
        'All messages (2)',
        '/components/securitySchemes/Token',
        'The credentials asked for changed from an API key in the `X-Token` header to an API key in the query parameter `X-Token`. Clients must authenticate as the document now says.',
      ],
    ]);
  });

  it("an operation's security withdrawn reaches the message it carries, and only that one", () => {
    const withLogin = (security: unknown[]): Json =>
      secured([], schemes, {
        operations: {
          streamOrders: operation('send', 'orders', ['order_status'], {security}),
          placeOrder: operation('receive', 'orders', ['new_order']),
        },
      });
    const changes = diff(withLogin([{$ref: '#/components/securitySchemes/Login'}]), withLogin([]));
    expect(lines(changes)).toEqual([
      [
        'orders/order_status',
        'security-changed',
        'breaking',
        'Authentication changed: its operation no longer asks for a user name and password. Clients must authenticate as the document now says.',
      ],
    ]);
  });
  it('a scheme an operation uses changed its type: one line under the message the operation carries', () => {
    const login = (scheme: Json): Json =>
      secured(
        [],
        {...schemes, Login: scheme},
        {
          operations: {
            streamOrders: operation('send', 'orders', ['order_status'], {
              security: [{$ref: '#/components/securitySchemes/Login'}],
            }),
            placeOrder: operation('receive', 'orders', ['new_order']),
          },
        },
      );
    expect(lines(diff(login({type: 'userPassword'}), login({type: 'X509'})))).toEqual([
      [
        'orders/order_status',
        'security-scheme-changed',
        'breaking',
        'The credentials asked for changed from a user name and password to a client certificate (mutual TLS). Clients must authenticate as the document now says.',
      ],
    ]);
  });
});

describe('WebSocket diff: operations, replies and directions', () => {
  it("an operation's action reversed: the reader must swap sending and receiving", () => {
    const doc = (action: 'send' | 'receive'): Json =>
      stream({
        channels: {orders: {address: '/ws/orders', messages: {order_status: payload({})}}},
        operations: {streamOrders: operation(action, 'orders', ['order_status'])},
      });
    const changes = diff(doc('send'), doc('receive'));
    expect(lines(changes)).toEqual([
      [
        'orders/order_status',
        'action-changed',
        'breaking',
        'The direction of operation `streamOrders` changed from `send` to `receive`: clients must swap sending and receiving.',
      ],
    ]);
    expect(changes[0]?.pointer).toBe('/channels/orders/messages/order_status');
    expect(changes[0]?.origin).toBe('/operations/streamOrders/action');
  });

  it("a reply's message is what the reader receives for what they sent, on the operation's channel when the reply names none", () => {
    const doc = (newOrder: Json, ack: Json): Json =>
      stream({
        channels: {orders: {address: '/ws/orders', messages: {new_order: newOrder, order_ack: ack}}},
        operations: {
          placeOrder: operation('receive', 'orders', ['new_order'], {
            reply: {messages: [{$ref: '#/channels/orders/messages/order_ack'}]},
          }),
        },
      });
    const changes = diff(
      doc(payload({side: {type: 'string'}}), payload({id: {type: 'string'}})),
      doc(
        payload({side: {type: 'string'}, qty: {type: 'string'}}, ['qty']),
        payload({id: {type: 'string'}, status: {type: 'string'}}, ['status']),
      ),
    );
    expect(changes.map((c) => [c.subject.key, c.direction, c.verdict, c.text])).toEqual([
      ['orders/new_order', 'send', 'breaking', 'New required field `qty`: messages without it are refused.'],
      ['orders/order_ack', 'receive', 'addition', 'New field `status`, always present.'],
    ]);
  });

  it('a reply to a message the server sends is what the reader sends back: a required field added to it is breaking', () => {
    const doc = (pong: Json): Json =>
      stream({
        channels: {heartbeat: {address: '/ws/heartbeat', messages: {ping: payload({}), pong}}},
        operations: {
          ping: operation('send', 'heartbeat', ['ping'], {
            reply: {
              channel: {$ref: '#/channels/heartbeat'},
              messages: [{$ref: '#/channels/heartbeat/messages/pong'}],
            },
          }),
        },
      });
    const changes = diff(doc(payload({})), doc(payload({nonce: {type: 'string'}}, ['nonce'])));
    expect(changes.map((c) => [c.subject.key, c.direction, c.verdict, c.text])).toEqual([
      ['heartbeat/pong', 'send', 'breaking', 'New required field `nonce`: messages without it are refused.'],
    ]);
  });

  it('a message both sent and received takes the stricter verdict: a value added is breaking for the side that receives it', () => {
    const doc = (kinds: string[]): Json =>
      stream({
        channels: {
          chat: {address: '/ws/chat', messages: {note: payload({kind: {type: 'string', enum: kinds}})}},
        },
        operations: {sendNote: operation('receive', 'chat'), getNote: operation('send', 'chat')},
      });
    const changes = diff(doc(['info']), doc(['info', 'alert']));
    expect(changes.map((c) => [c.rule, c.direction, c.verdict, c.text])).toEqual([
      [
        'enum-value-added',
        'both',
        'breaking',
        'Field `kind` can now be `alert`: clients must be ready to receive it.',
      ],
    ]);
  });
});

describe('WebSocket diff: what the reader writes to connect', () => {
  const region = {region: {enum: ['eu', 'us'], description: 'The region.'}};
  const single = (channel: Json): Json =>
    stream({
      channels: {orders: {address: '/ws/orders', messages: {order_status: payload({})}, ...channel}},
      operations: {streamOrders: operation('send', 'orders', ['order_status'])},
    });

  it('a channel parameter added is required of connection requests; removed, a check', () => {
    const plain = single({});
    const withRegion = single({address: '/ws/{region}/orders', parameters: region});
    expect(diff(plain, withRegion).map((c) => [c.rule, c.direction, c.verdict, c.text])).toEqual([
      [
        'channel-address-changed',
        'receive',
        'breaking',
        "The channel's address changed from `/ws/orders` to `/ws/{region}/orders`: clients must connect to the new address.",
      ],
      [
        'required-field-added',
        'send',
        'breaking',
        'New required channel parameter `region`: connection requests without it are refused.',
      ],
    ]);
    expect(diff(withRegion, plain).map((c) => [c.rule, c.verdict, c.text])).toEqual([
      [
        'channel-address-changed',
        'breaking',
        "The channel's address changed from `/ws/{region}/orders` to `/ws/orders`: clients must connect to the new address.",
      ],
      [
        'field-removed',
        'check',
        'Channel parameter `region` removed: connection requests that still include it may be refused, or have it ignored.',
      ],
    ]);
  });

  it("the `ws` binding's headers appearing name each header; its query going away is one check", () => {
    const object = (properties: Json, required: string[] = []): Json => ({
      type: 'object',
      properties,
      required,
    });
    const base = single({bindings: {ws: {query: object({account: {type: 'string'}})}}});
    const revision = single({
      bindings: {
        ws: {
          headers: object({'X-Client-Id': {type: 'string'}, 'X-Session': {type: 'string'}}, ['X-Session']),
        },
      },
    });
    expect(diff(base, revision).map((c) => [c.rule, c.direction, c.verdict, c.text])).toEqual([
      [
        'field-removed',
        'send',
        'check',
        'The connection query removed: connection requests that still include it may be refused, or have it ignored.',
      ],
      [
        'optional-field-added',
        'send',
        'addition',
        'New optional connection header `X-Client-Id`: connection requests may include it.',
      ],
      [
        'required-field-added',
        'send',
        'breaking',
        'New required connection header `X-Session`: connection requests without it are refused.',
      ],
    ]);
  });

  it("the binding's headers going away is one check on the connection headers", () => {
    const headers = {type: 'object', properties: {'X-Client-Id': {type: 'string'}}};
    const changes = diff(single({bindings: {ws: {headers}}}), single({}));
    expect(changes.map((c) => [c.rule, c.direction, c.verdict, c.item])).toEqual([
      ['field-removed', 'send', 'check', 'the connection headers'],
    ]);
    expect(changes[0]?.text).toBe(
      'The connection headers removed: connection requests that still include them may be refused, or have them ignored.',
    );
  });

  it("a binding's query kept but narrowed names the query parameter", () => {
    const query = (maxLength: number): Json =>
      single({bindings: {ws: {query: {type: 'object', properties: {account: {type: 'string', maxLength}}}}}});
    expect(diff(query(64), query(32)).map((c) => [c.rule, c.verdict, c.text])).toEqual([
      [
        'constraint-narrowed',
        'breaking',
        'Connection query parameter `account`: maximum length lowered from 64 to 32. Connection requests that were valid before may now be refused.',
      ],
    ]);
  });
});

describe('WebSocket diff: message headers', () => {
  it('a message the reader sends, and its headers, closed to other fields: one line for the message and one for its headers', () => {
    const closed = (extra: Json): Json => ({type: 'object', properties: {id: {type: 'string'}}, ...extra});
    const doc = (extra: Json): Json =>
      stream({
        channels: {
          orders: {
            address: '/ws/orders',
            messages: {new_order: {payload: closed(extra), headers: closed(extra)}},
          },
        },
        operations: {placeOrder: operation('receive', 'orders', ['new_order'])},
      });
    const changes = diff(doc({}), doc({additionalProperties: false}));
    expect(changes.map((c) => [c.direction, c.verdict, c.text])).toEqual([
      [
        'send',
        'breaking',
        'Message: fields other than the listed ones are no longer allowed. Messages that were valid before may now be refused.',
      ],
      [
        'send',
        'breaking',
        'Message headers: fields other than the listed ones are no longer allowed. Messages that were valid before may now be refused.',
      ],
    ]);
    expect(changes[0]?.anchors).toEqual(['channel-orders.new_order', 'new_order']);
  });
  it('a header added to a message the reader receives is new and always present', () => {
    const doc = (headers: Json): Json =>
      stream({
        channels: {
          orders: {address: '/ws/orders', messages: {order_status: {...payload({}), headers}}},
        },
        operations: {streamOrders: operation('send', 'orders', ['order_status'])},
      });
    const changes = diff(
      doc({type: 'object', properties: {}}),
      doc({type: 'object', properties: {'X-Seq': {type: 'integer'}}, required: ['X-Seq']}),
    );
    expect(changes.map((c) => [c.rule, c.direction, c.verdict, c.text, c.pointer])).toEqual([
      [
        'required-field-added',
        'receive',
        'addition',
        'New header `X-Seq`, always present.',
        '/channels/orders/messages/order_status/headers/properties/X-Seq',
      ],
    ]);
  });
});
