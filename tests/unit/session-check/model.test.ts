/**
 * The session model (plugins/session-check/model.ts) and the validators made for it
 * (validators.ts, responseSide.ts), from two small documents written for the cases the product's
 * documents do not have: a reply on another channel, a message no operation uses, payloads with
 * no envelope, servers without protocol or host, parameters the checker cannot read, responses
 * without a JSON schema, and a write-only field a response schema requires.
 */
import {describe, expect, it} from 'vitest';
import {buildWsModel} from '@site/plugins/api-reference/asyncapi/build';
import type {JsonObject} from '@site/plugins/api-reference/document';
import {buildSessionModel, responseSchemaPointers} from '@site/plugins/session-check/model';
import {responseSide} from '@site/plugins/session-check/responseSide';
import {compileSessionValidators} from '@site/plugins/session-check/validators';

const envelope = (...required: string[]): JsonObject => ({
  type: 'object',
  required,
  properties: Object.fromEntries(required.map((name) => [name, {type: 'object'}])),
});
const ref = (pointer: string): JsonObject => ({$ref: pointer});

/** Quotes: subscribed on /quotes, answered on an alerts channel whose address is not published. */
const ASYNCAPI: JsonObject = {
  asyncapi: '3.0.0',
  info: {title: 'Quotes', version: '1.0.0'},
  servers: {
    live: {host: 'ws.example.test', protocol: 'wss'},
    lab: {host: 'lab.example.test'},
    legacy: {url: 'wss://legacy.example.test'},
  },
  channels: {
    quotes: {
      address: '/quotes',
      messages: {
        subscribe_quote_channel: ref('#/components/messages/subscribe_quote_channel'),
        quote: ref('#/components/messages/quote'),
        ping: ref('#/components/messages/ping'),
        draft: {payload: {type: 'string'}},
      },
    },
    alerts: {
      address: null,
      messages: {
        quote: ref('#/components/messages/quote'),
        alert: {payload: envelope('alert', 'level')},
        subscribe_alert_channel: {payload: envelope('subscribe_alert_channel')},
      },
    },
    notices: {address: '/notices', messages: {notice: {payload: envelope('notice')}}},
  },
  operations: {
    subscribe: {
      action: 'receive',
      channel: ref('#/channels/quotes'),
      messages: [ref('#/channels/quotes/messages/subscribe_quote_channel')],
      reply: {channel: ref('#/channels/alerts'), messages: [ref('#/channels/alerts/messages/alert')]},
    },
    echo: {
      action: 'receive',
      channel: ref('#/channels/quotes'),
      messages: [ref('#/channels/quotes/messages/ping')],
      reply: {messages: [ref('#/channels/quotes/messages/ping')]},
    },
    // A subscription the documents give no answer to.
    watch: {
      action: 'receive',
      channel: ref('#/channels/alerts'),
      messages: [ref('#/channels/alerts/messages/subscribe_alert_channel')],
    },
    notices: {
      action: 'send',
      channel: ref('#/channels/notices'),
      messages: [ref('#/channels/notices/messages/notice')],
    },
    quotes: {
      action: 'send',
      channel: ref('#/channels/quotes'),
      messages: [ref('#/channels/quotes/messages/quote')],
    },
    alerts: {
      action: 'send',
      channel: ref('#/channels/alerts'),
      messages: [ref('#/channels/alerts/messages/quote')],
    },
  },
  components: {
    messages: {
      subscribe_quote_channel: {payload: envelope('subscribe_quote_channel')},
      quote: {payload: envelope('quote'), correlationId: {location: '$message.payload#/quote/ref'}},
      ping: {},
    },
  },
};

const OPENAPI: JsonObject = {
  openapi: '3.1.0',
  info: {title: 'Things', version: '1.0.0'},
  servers: [
    {url: 'https://rest.example.test/v1'},
    'https://bare-string.example.test',
    {description: 'no url'},
  ],
  paths: {
    '/things/{id}': {
      parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'integer'}}, {in: 'query'}],
      get: {
        parameters: [
          {name: 'limit', in: 'query', schema: {type: ['integer', 'null']}},
          {name: 'tags', in: 'query', schema: {type: 'array', items: {type: 'string'}}},
          {name: 'raw', in: 'query'},
          {name: 'legacy', in: 'body', schema: {type: 'object'}},
          {name: 'when', in: 'header', schema: {type: ['null']}},
          ref('#/components/parameters/flag'),
        ],
        responses: {
          '200': {
            content: {
              'application/vnd.things+json; charset=utf-8': {schema: ref('#/components/schemas/Thing')},
            },
          },
          '204': {description: 'No content'},
          '400': {content: {'text/plain': {schema: {type: 'string'}}}},
          '404': {content: {'application/json': {}}},
          default: ref('#/components/responses/Problem'),
        },
      },
      put: {operationId: 'replaceThing', responses: {'200': 'not a response'}},
    },
    '/gone': ref('#/components/pathItems/missing'),
  },
  components: {
    parameters: {flag: {name: 'flag', in: 'cookie', schema: {type: 'boolean'}}},
    responses: {Problem: {content: {'application/problem+json': {schema: {type: 'object'}}}}},
    schemas: {
      Thing: {
        type: 'object',
        required: ['id', 'secret', 7],
        properties: {id: {type: 'integer', readOnly: true}, secret: {type: 'string', writeOnly: true}},
      },
    },
  },
};

function model(compiled: string[] = [], withAlertsView = true) {
  const ws = buildWsModel(ASYNCAPI);
  return buildSessionModel({
    openapi: OPENAPI,
    asyncapi: ASYNCAPI,
    ws: withAlertsView ? ws : {...ws, channels: ws.channels.filter((c) => c.key !== 'alerts')},
    compiled: new Set(compiled),
  });
}

describe('the session model: WebSocket', () => {
  it('servers with a host, their protocol or none; a server without a host is left out', () => {
    expect(model().wsServers).toEqual([
      {name: 'live', host: 'ws.example.test', protocol: 'wss'},
      {name: 'lab', host: 'lab.example.test', protocol: ''},
    ]);
  });

  it('each message by who sends it, its envelope when the payload requires one member, its correlation path', () => {
    const [quotes, alerts] = model().channels;
    expect(quotes?.messages.map((m) => [m.name, m.from, m.envelope ?? null, m.correlation ?? null])).toEqual([
      ['subscribe_quote_channel', 'client', 'subscribe_quote_channel', null],
      ['quote', 'server', 'quote', ['quote', 'ref']],
      // No payload: no envelope. The message no operation uses (draft) is left out.
      ['ping', 'client', null, null],
    ]);
    // The reply on another channel is the server's there; a payload requiring two members has no envelope.
    expect(alerts?.messages.map((m) => [m.name, m.from, m.envelope ?? null])).toEqual([
      ['quote', 'server', 'quote'],
      ['alert', 'server', null],
      ['subscribe_alert_channel', 'client', 'subscribe_alert_channel'],
    ]);
    expect(quotes?.subscription).toEqual({message: 'subscribe_quote_channel', replies: ['alert']});
    expect(alerts).toMatchObject({
      address: null,
      subscription: {message: 'subscribe_alert_channel', replies: []},
      unsubscriptions: [],
    });
    // A channel the client only listens to has no subscription.
    expect(model().channels[2]).toEqual({
      key: 'notices',
      address: '/notices',
      anchor: 'channel-notices',
      messages: [{name: 'notice', from: 'server', target: 'ws:notice', anchor: 'notice', envelope: 'notice'}],
      unsubscriptions: [],
    });
  });

  it('requests with replies are paired; a reply without a channel is on the request’s channel', () => {
    expect(model().pairs).toEqual([
      {
        channel: 'quotes',
        request: 'subscribe_quote_channel',
        replies: ['alert'],
        operation: '#/operations/subscribe',
      },
      {channel: 'quotes', request: 'ping', replies: ['ping'], operation: '#/operations/echo'},
    ]);
  });

  it('anchors are the page’s: a message shown again links to its first rendering; without a view, the names', () => {
    const shown = model().channels.find((c) => c.key === 'alerts');
    expect([shown?.anchor, shown?.messages[0]?.anchor]).toEqual(['channel-alerts', 'quote']);
    // Not the id of its entry on the alerts channel, which only links to the first.
    expect(buildWsModel(ASYNCAPI).channels[1]?.messages[0]).toMatchObject({
      id: 'channel-alerts.quote',
      primary: false,
    });
    const unseen = model([], false).channels.find((c) => c.key === 'alerts');
    expect([unseen?.anchor, unseen?.messages[0]?.anchor]).toEqual(['alerts', 'quote']);
    expect(model().wsAnchors).toContain('quote.quote');
  });
});

describe('the session model: REST', () => {
  it('servers are the URLs given as strings in server objects', () => {
    expect(model().restServers).toEqual(['https://rest.example.test/v1']);
    expect(buildSessionModel({...inputs(), openapi: {...OPENAPI, servers: {}}}).restServers).toEqual([]);
  });

  it('parameters: path ones merged in, unreadable ones left out, each read as its (non-null) type', () => {
    const [get, put] = model().operations;
    expect(get?.parameters).toEqual([
      {name: 'id', in: 'path', kind: 'integer'},
      {name: 'limit', in: 'query', kind: 'integer'},
      {name: 'tags', in: 'query', kind: 'array'},
      {name: 'raw', in: 'query', kind: 'string'},
      {name: 'when', in: 'header', kind: 'string'},
      {name: 'flag', in: 'cookie', kind: 'boolean'},
    ]);
    // An operation without operationId is named by method and path; a path item that cannot be read is skipped.
    expect(model().operations.map((o) => [o.id, o.method, o.path])).toEqual([
      ['get-things-id', 'GET', '/things/{id}'],
      ['replaceThing', 'PUT', '/things/{id}'],
    ]);
    expect(put?.responses).toEqual([{status: '200'}]);
  });

  it('a response body is checked only with a JSON schema, and only when its validator was compiled', () => {
    const target = 'rest-response:get-things-id:200';
    expect([...responseSchemaPointers(OPENAPI)]).toEqual([
      [
        target,
        '/paths/~1things~1{id}/get/responses/200/content/application~1vnd.things+json; charset=utf-8/schema',
      ],
      [
        'rest-response:get-things-id:default',
        '/components/responses/Problem/content/application~1problem+json/schema',
      ],
    ]);
    const [get] = model([target, 'rest-params:get-things-id']).operations;
    expect(get?.responses).toEqual([
      {status: '200', target},
      {status: '204'},
      {status: '400'},
      {status: '404'},
      {status: 'default'},
    ]);
    expect(get?.parametersTarget).toBe('rest-params:get-things-id');
    expect(get?.bodyTarget).toBeUndefined();
    expect(model([target, 'rest-params:get-things-id']).targets).toEqual([
      'rest-params:get-things-id',
      target,
    ]);
  });
});

describe('the response side and the compiled validators', () => {
  it('a write-only field leaves a response schema’s required list, read-only goes; other entries stay', () => {
    const doc = responseSide(OPENAPI, ['/components/schemas/Thing']);
    expect(doc.components).toMatchObject({
      schemas: {Thing: {required: ['id', 7], properties: {id: {type: 'integer'}}}},
    });
    const thing = (doc.components as {schemas: {Thing: {properties: {id: JsonObject}}}}).schemas.Thing;
    expect(thing.properties.id).not.toHaveProperty('readOnly');
    // The document given is not changed.
    expect((OPENAPI.components as {schemas: {Thing: {required: unknown[]}}}).schemas.Thing.required).toEqual([
      'id',
      'secret',
      7,
    ]);
  });

  it('every message, response body and parameter set gets a module; a message without payload is unavailable', () => {
    const compiled = compileSessionValidators({
      openapi: structuredClone(OPENAPI),
      asyncapi: structuredClone(ASYNCAPI),
    });
    expect(compiled.map((c) => [c.target, c.status])).toEqual([
      ['ws:subscribe_quote_channel', 'ready'],
      ['ws:quote', 'ready'],
      ['ws:ping', 'unavailable'],
      ['ws:draft', 'ready'],
      ['ws:alert', 'ready'],
      ['ws:subscribe_alert_channel', 'ready'],
      ['ws:notice', 'ready'],
      ['rest-response:get-things-id:200', 'ready'],
      ['rest-response:get-things-id:default', 'ready'],
      ['rest-params:get-things-id', 'ready'],
      ['rest-params:replaceThing', 'ready'],
    ]);
    expect(new Set(compiled.map((c) => c.file)).size).toBe(compiled.length);
  });
});

function inputs(): Parameters<typeof buildSessionModel>[0] {
  return {openapi: OPENAPI, asyncapi: ASYNCAPI, ws: buildWsModel(ASYNCAPI), compiled: new Set()};
}
