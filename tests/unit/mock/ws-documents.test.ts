/**
 * The WebSocket mock (scripts/mock/ws.ts) made from small AsyncAPI documents, each written to show
 * one thing the product's document does not: another security scheme (or none), a channel with no
 * subscription, a frame that two messages accept, a payload the mock cannot check, an answer with
 * no example, a correlation id in another place in the reply than in the request, and the amounts
 * of an execution where the example's price cannot be used. What the mock does with a document is
 * what a maintainer running `npm run mock` on another provider's document gets.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {Json, JsonObject} from '../../../plugins/api-reference/document';
import {startWsMock, wsRules, type WsMock} from '../../../scripts/mock/ws';
import {AUTH, connect, refused, type Session} from './client';

const ref = (pointer: string): JsonObject => ({$ref: pointer});
const object = (properties: JsonObject, required: string[] = Object.keys(properties)): JsonObject => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
/** A message whose payload is `{name: body}`. */
const message = (name: string, body: JsonObject, extra: JsonObject = {}): JsonObject => ({
  name,
  payload: object({[name]: body}),
  ...extra,
});
const receive = (channel: string, name: string, replies: string[] = []): JsonObject => ({
  action: 'receive',
  channel: ref(`#/channels/${channel}`),
  messages: [ref(`#/channels/${channel}/messages/${name}`)],
  ...(replies.length > 0
    ? {reply: {messages: replies.map((r) => ref(`#/channels/${channel}/messages/${r}`))}}
    : {}),
});

/**
 * A desk: `subscribe_desk` (confirmed by `desk_state`, whose examples name two channels), then
 * `ask` (answered by `answer`, its correlation id in another place than the request's, its
 * `level` the request's default when left out); and an echo channel with no subscription, where
 * a frame with both `ping` and `poke` is either message, and `pong` has no example.
 */
function deskDocument(security: Json[] | undefined): JsonObject {
  const header = object({channel: {type: 'string'}});
  return {
    asyncapi: '3.0.0',
    info: {title: 'Desk', version: '1.0.0'},
    ...(security !== undefined
      ? {servers: {main: {host: 'desk.example.test', protocol: 'wss', security}}}
      : {}),
    channels: {
      desk: {
        address: '/ws/desk',
        messages: {
          subscribe_desk: message('subscribe_desk', object({channel: {const: 'desk'}})),
          desk_state: message('desk_state', object({header, state: {type: 'string'}}), {
            examples: [
              {payload: {desk_state: {header: {channel: 'elsewhere'}, state: 'OTHER'}}},
              {payload: {desk_state: {header: {channel: 'desk'}, state: 'OPEN'}}},
            ],
          }),
          ask: message(
            'ask',
            object({ref: {type: 'string'}, qty: {type: 'string'}, level: {type: 'integer', default: 3}}, [
              'ref',
              'qty',
            ]),
            {correlationId: {location: '$message.payload#/ask/ref'}},
          ),
          answer: message(
            'answer',
            object({
              header,
              meta: object({ref: {type: 'string'}}),
              answer_id: {type: 'string'},
              qty: {type: 'string'},
              level: {type: 'integer'},
            }),
            {
              correlationId: {location: '$message.payload#/answer/meta/ref'},
              examples: [
                {
                  payload: {
                    answer: {
                      header: {channel: 'desk'},
                      meta: {ref: 'r-0'},
                      answer_id: 'A-1',
                      qty: '9',
                      level: 1,
                    },
                  },
                },
              ],
            },
          ),
        },
      },
      echo: {
        address: '/ws/echo',
        messages: {
          ping: {name: 'ping', payload: {type: 'object', required: ['ping']}},
          poke: {name: 'poke', payload: {type: 'object', required: ['poke']}},
          pong: message('pong', object({at: {type: 'string', const: 'now'}})),
        },
      },
    },
    operations: {
      subscribeDesk: receive('desk', 'subscribe_desk', ['desk_state']),
      ask: receive('desk', 'ask', ['answer']),
      ping: receive('echo', 'ping', ['pong']),
      poke: receive('echo', 'poke'),
    },
    components: {
      securitySchemes: {
        Key: {type: 'httpApiKey', name: 'X-Desk-Key', in: 'header'},
        Token: {type: 'http', scheme: 'Bearer'},
      },
    },
  };
}

const mocks: WsMock[] = [];
const sessions: Session[] = [];

async function start(document: JsonObject): Promise<WsMock> {
  const mock = await startWsMock(document);
  mocks.push(mock);
  return mock;
}
async function open(url: string, headers?: Record<string, string>): Promise<Session> {
  const session = await connect(url, headers);
  sessions.push(session);
  return session;
}

afterAll(async () => {
  await Promise.all(sessions.map((s) => s.close()));
  await Promise.all(mocks.map((m) => m.stop()));
});

describe('the handshake credentials the server asks for', () => {
  it("an API key header (the scheme's own name), not a bearer token", async () => {
    const mock = await start(deskDocument([ref('#/components/securitySchemes/Key')]));
    const bearer = await refused(`${mock.url}/ws/desk`, AUTH);
    expect(bearer).toEqual({
      status: 401,
      body: "the handshake lacks the x-desk-key header the server's security asks for\n",
    });
    expect((await refused(`${mock.url}/ws/desk`, {'X-Desk-Key': ' '})).status).toBe(401);
    await open(`${mock.url}/ws/desk`, {'X-Desk-Key': 'k-1'});
    expect(mock.connections).toEqual([{connection: 1, address: '/ws/desk'}]);
  });

  it('a bearer token when the requirement names the scheme (`{Token: []}`), its case aside', async () => {
    const mock = await start(deskDocument([{Token: []}]));
    expect((await refused(`${mock.url}/ws/desk`, {})).status).toBe(401);
    await open(`${mock.url}/ws/desk`, AUTH);
    expect(mock.connections).toHaveLength(1);
  });

  it('nothing when the document has no server security', async () => {
    const mock = await start(deskDocument(undefined));
    await open(`${mock.url}/ws/desk`, {});
    expect(mock.complaints).toEqual([]);
  });
});

describe('frames and replies on documents of other shapes', () => {
  let mock: WsMock;
  beforeAll(async () => {
    mock = await start(deskDocument(undefined));
  });

  it("confirms a subscription with the example naming this channel, not another channel's", async () => {
    const session = await open(`${mock.url}/ws/desk`);
    session.send({subscribe_desk: {channel: 'desk'}});
    expect(await session.next()).toEqual({desk_state: {header: {channel: 'desk'}, state: 'OPEN'}});
  });

  it("puts the request's correlation id where the reply keeps it, takes the shared fields and the defaults", async () => {
    const session = await open(`${mock.url}/ws/desk`);
    session.send({subscribe_desk: {channel: 'desk'}});
    await session.next();
    const before = mock.frames.length;
    session.send({ask: {ref: 'mine-7', qty: '2.5'}});
    expect(await session.next()).toEqual({
      answer: {header: {channel: 'desk'}, meta: {ref: 'mine-7'}, answer_id: 'A-1', qty: '2.5', level: 3},
    });
    session.send({ask: {ref: 'mine-8', qty: '1', level: 5}});
    expect(await session.next()).toMatchObject({answer: {meta: {ref: 'mine-8'}, level: 5}});
    expect(mock.frames.slice(before).filter((f) => f.direction === 'note')[0]?.text).toBe(
      "not published: the server's ids; the mock sends the example's",
    );
  });

  it('on a channel with no subscription, answers from the first message, with a reply made from the schema when there is no example', async () => {
    const session = await open(`${mock.url}/ws/echo`);
    const before = mock.frames.length;
    session.send({ping: {}});
    expect(await session.next()).toEqual({pong: {at: 'now'}});
    session.send({poke: {}});
    session.send({ping: {}});
    // The next message answers the second ping: `poke` has no documented answer.
    expect(await session.next()).toEqual({pong: {at: 'now'}});
    expect(mock.frames.slice(before).map((f) => [f.direction, f.message])).toEqual([
      ['received', 'ping'],
      ['sent', 'pong'],
      ['received', 'poke'],
      ['note', 'poke'],
      ['received', 'ping'],
      ['sent', 'pong'],
    ]);
  });

  it('refuses a frame that validates as two messages, since it cannot tell which was meant', async () => {
    const session = await open(`${mock.url}/ws/echo`);
    session.send({ping: {}, poke: {}});
    expect(await session.closed()).toEqual({
      code: 1008,
      reason: 'the frame validates as several messages: ping, poke',
    });
  });

  it('has no reply for an address or a message the document does not have', () => {
    const {reply} = wsRules(deskDocument(undefined));
    expect(reply('/ws/nowhere', 'answer')).toBeUndefined();
    expect(reply('/ws/desk', 'no_such_message')).toBeUndefined();
    // Without a request, the example as it is, for this channel.
    expect(reply('/ws/desk', 'answer')?.payload).toMatchObject({answer: {meta: {ref: 'r-0'}, qty: '9'}});
  });
});

describe('payloads the mock cannot check', () => {
  it('refuses to start on a document whose accepted message is not written in JSON Schema', async () => {
    const document = deskDocument(undefined);
    const channels = document.channels as JsonObject;
    const desk = (channels.desk as JsonObject).messages as JsonObject;
    desk.ask = {
      name: 'ask',
      payload: {schemaFormat: 'application/vnd.apache.avro;version=1.9.0', schema: {type: 'record'}},
    };
    await expect(startWsMock(document)).rejects.toThrow(
      'The mock cannot check ask on channel desk: the payload schema is written in application/vnd.apache.avro;version=1.9.0, not JSON Schema.',
    );
    desk.ask = {name: 'ask'};
    expect(() => wsRules(document)).toThrow(
      'The mock cannot check ask on channel desk: the message has no payload schema.',
    );
  });
});

describe('the amounts of an execution', () => {
  /** A channel where `fill` is answered by `filled`, whose example executes at `price`. */
  function fills(price: string, leg1Example: string): JsonObject {
    const decimal = {type: 'string'};
    return {
      asyncapi: '3.0.0',
      info: {title: 'Fills', version: '1.0.0'},
      channels: {
        fills: {
          address: '/ws/fills',
          messages: {
            fill: message('fill', object({amount: object({leg_2_amount: decimal})})),
            filled: message(
              'filled',
              object({
                execution_price: decimal,
                leg_1_executed_amount: decimal,
                leg_2_executed_amount: decimal,
              }),
              {
                examples: [
                  {
                    payload: {
                      filled: {
                        execution_price: price,
                        leg_1_executed_amount: leg1Example,
                        leg_2_executed_amount: '1',
                      },
                    },
                  },
                ],
              },
            ),
          },
        },
      },
      operations: {fill: receive('fills', 'fill', ['filled'])},
    };
  }
  const fill = (amount: string) => ({name: 'fill', value: {fill: {amount: {leg_2_amount: amount}}}});

  it("divides the amount by the price, to the example's decimals (two when the example has none to read)", () => {
    expect(wsRules(fills('4', '0.125')).reply('/ws/fills', 'filled', fill('10'))?.payload).toEqual({
      filled: {execution_price: '4', leg_1_executed_amount: '2.500', leg_2_executed_amount: '10'},
    });
    expect(wsRules(fills('4', 'n/a')).reply('/ws/fills', 'filled', fill('10'))?.payload).toMatchObject({
      filled: {leg_1_executed_amount: '2.50'},
    });
    expect(wsRules(fills('3', '0.0001')).reply('/ws/fills', 'filled', fill('0.01'))?.payload).toMatchObject({
      filled: {leg_1_executed_amount: '0.0033'},
    });
  });

  it("keeps the example's counter leg when the price is zero or the amounts are no decimals, and says what it chose", () => {
    const zero = wsRules(fills('0', '7')).reply('/ws/fills', 'filled', fill('10'));
    expect(zero?.payload).toEqual({
      filled: {execution_price: '0', leg_1_executed_amount: '7', leg_2_executed_amount: '10'},
    });
    expect(zero?.notes).toEqual([
      "not published: the price; the mock executes at the example's 0 and cuts the counter leg to 0 decimals (how the provider rounds is not published)",
    ]);
    const words = wsRules(fills('4', '7')).reply('/ws/fills', 'filled', fill('ten'))?.payload;
    expect(words).toMatchObject({filled: {leg_1_executed_amount: '7', leg_2_executed_amount: 'ten'}});
  });
});
