/** How the references name an AsyncAPI message (plugins/api-reference/document/messages.ts). */
import {describe, expect, it} from 'vitest';
import {messageName} from '../../../plugins/api-reference/document';

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
