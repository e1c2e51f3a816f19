/** How the references name an AsyncAPI message (plugins/api-reference/document/messages.ts). */
import {describe, expect, it} from 'vitest';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {messageName, type JsonObject} from '../../../plugins/api-reference/document';
import {findTargets} from '../../../plugins/api-reference/validator/targets';

describe('messageName', () => {
  it('prefers the components/messages key, wherever it is in the chain', () => {
    expect(messageName(['#/channels/orders/messages/created', '#/components/messages/OrderCreated'])).toBe(
      'OrderCreated',
    );
    expect(messageName(['/components/messages/OrderCreated', '/channels/orders/messages/created'])).toBe(
      'OrderCreated',
    );
  });

  it("falls back on the message's key in a channel", () => {
    expect(messageName(['#/channels/orders/messages/created'])).toBe('created');
  });

  it('reads escaped and percent-encoded keys as the document writes them', () => {
    expect(messageName(['#/components/messages/order~1created'])).toBe('order/created');
    expect(messageName(['#/components/messages/order%20created'])).toBe('order created');
  });

  it('names nothing it cannot place', () => {
    expect(messageName([])).toBeUndefined();
    expect(messageName(['#/components/schemas/Order', 'other.yaml#/components/messages/X'])).toBeUndefined();
  });
});

describe('one name per message, everywhere', () => {
  // A message reached through a channel's `messages`, itself a reference to components/messages,
  // and one written out in its channel only.
  const doc: JsonObject = {
    asyncapi: '3.0.0',
    info: {title: 'T', version: '1'},
    channels: {
      orders: {
        address: 'orders',
        messages: {
          place: {$ref: '#/components/messages/PlaceOrder'},
          ping: {payload: {type: 'object'}},
        },
      },
    },
    operations: {
      sendOrder: {
        action: 'receive',
        channel: {$ref: '#/channels/orders'},
        messages: [{$ref: '#/channels/orders/messages/place'}],
      },
      sendPing: {
        action: 'receive',
        channel: {$ref: '#/channels/orders'},
        messages: [{$ref: '#/channels/orders/messages/ping'}],
      },
    },
    components: {messages: {PlaceOrder: {payload: {type: 'object', properties: {qty: {type: 'integer'}}}}}},
  };

  it("the reference's messages and the validators' targets carry the same names", () => {
    const shown = buildWsModel(doc).channels.flatMap((c) => c.messages.map((m) => m.name));
    const targets = findTargets({openapi: {openapi: '3.1.0', paths: {}}, asyncapi: doc}).map((t) => t.label);
    expect(shown).toEqual(['PlaceOrder', 'ping']);
    expect(targets).toEqual(shown);
  });
});
