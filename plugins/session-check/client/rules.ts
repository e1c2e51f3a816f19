/**
 * The session rules: what the documents say about a whole session, as data. The checker judges a
 * capture by them, the page lists them, and the WebSocket mock (scripts/mock/ws.ts) enforces the
 * order rules through `channelOrderStep`, so the three cannot drift apart.
 *
 * Each rule quotes the documents word for word (`words`; tests/unit/session-check/rules.test.ts
 * finds each quote in the file it names). A behaviour the documents do not publish is listed with
 * `checked: false` ("not published; not checked") and never judged. Where the checker has to make
 * a choice the documents do not make, `reading` says which.
 */
import {ROUTES, routeAnchor} from '../../api-reference/client/routes';

export type RuleId =
  | 'subscribe-first'
  | 'one-subscription'
  | 'second-subscription-answer'
  | 'reply-for-request'
  | 'unsubscribe-answer'
  | 'heartbeat-interval'
  | 'seq-continuity'
  | 'seq-start'
  | 'no-updates-after-unsubscription'
  | 'terminal-status'
  | 'order-final-status';

export interface SessionRule {
  id: RuleId;
  /** The rule in a few words, as the report names it. */
  title: string;
  /** False: the documents do not publish this behaviour; the report says "not published; not checked". */
  checked: boolean;
  /** Where the documents state it, and their words. */
  where: {
    /** `specs/asyncapi.yaml` or `docs/websockets.mdx`. */
    file: 'specs/asyncapi.yaml' | 'docs/websockets.mdx';
    /** The place in that file: a JSON pointer into the document, or the guide's section. */
    place: string;
    /** The page and anchor a reader can open. */
    link: string;
    words: string;
  };
  /** A choice the checker makes that the documents do not (shown beside the rule). */
  reading?: string;
  /** The WebSocket mock refuses a frame that breaks it. */
  enforcedByMock: boolean;
}

export const SESSION_RULES: readonly SessionRule[] = [
  {
    id: 'subscribe-first',
    title: 'The channel subscription comes before instrument subscriptions and orders',
    checked: true,
    where: {
      file: 'docs/websockets.mdx',
      place: 'The subscription flow',
      link: '/docs/websockets#the-subscription-flow',
      words:
        'Every channel follows the same pattern: subscribe the channel, receive a confirmation or an error, then work on the channel until you unsubscribe.',
    },
    enforcedByMock: true,
  },
  {
    id: 'one-subscription',
    title: 'One subscription per channel per connection',
    checked: true,
    where: {
      file: 'docs/websockets.mdx',
      place: 'One subscription per channel per connection',
      link: '/docs/websockets#one-subscription-per-channel-per-connection',
      words: 'A connection holds one subscription per channel.',
    },
    enforcedByMock: true,
  },
  {
    id: 'second-subscription-answer',
    title: 'What the server does with a second subscription',
    checked: false,
    where: {
      file: 'docs/websockets.mdx',
      place: 'One subscription per channel per connection',
      link: '/docs/websockets#one-subscription-per-channel-per-connection',
      words:
        'The provider does not publish what the server does when a second subscription to the same channel is sent on a connection.',
    },
    enforcedByMock: false,
  },
  {
    id: 'reply-for-request',
    title:
      'A reply for each request the documents answer (matched by the correlation field where one is declared)',
    checked: true,
    where: {
      file: 'specs/asyncapi.yaml',
      place: '/info/description',
      link: ROUTES.ws,
      words: 'A client request that is answered lists its possible answers as its reply',
    },
    reading:
      'The documents publish no time limit for a reply: a request counts as unanswered when no reply arrives before the capture ends. new_order is matched to its reply by order_ref (its correlationId); a request without a correlation field is matched to the first of its replies that follows it.',
    enforcedByMock: false,
  },
  {
    id: 'unsubscribe-answer',
    title: 'An answer to unsubscribe_channel or unsubscribe_instruments',
    checked: false,
    where: {
      file: 'specs/asyncapi.yaml',
      place: '/info/description',
      link: ROUTES.ws,
      words:
        'the provider publishes no answer to `unsubscribe_channel` or `unsubscribe_instruments`, so they have none.',
    },
    enforcedByMock: false,
  },
  {
    id: 'heartbeat-interval',
    title: 'Heartbeats every heartbeat_interval seconds, when the subscription asked for them',
    checked: true,
    where: {
      file: 'specs/asyncapi.yaml',
      place: '/info/description',
      link: '/docs/websockets#heartbeats',
      words:
        'With `heartbeat_interval` above 0 the server sends a `heartbeat` on the channel every `heartbeat_interval` seconds (0 to 600; 0 turns heartbeats off).',
    },
    reading:
      'The documents give no tolerance. A silence counts as a late heartbeat when it is longer than the interval by more than 1 second or a tenth of the interval, whichever is more; it is measured from the subscription confirmation to each heartbeat and to the end of the capture (or the unsubscription).',
    enforcedByMock: false,
  },
  {
    id: 'seq-continuity',
    title: 'seq_number continues from one trade to the next, wrapping to 0 after 999999999999999',
    checked: true,
    where: {
      file: 'specs/asyncapi.yaml',
      place: '/channels/trades/description',
      link: '/docs/websockets#sequence-numbers',
      words: 'Sequence numbers run from 0 to 999999999999999 and then wrap to 0.',
    },
    reading:
      'That each trade on a connection carries the previous seq_number plus one (0 after 999999999999999) is the checker’s reading of "numbered by seq_number"; any other step is reported as a gap.',
    enforcedByMock: false,
  },
  {
    id: 'seq-start',
    title: 'Whether delivery starts at the subscription’s seq_number or after it',
    checked: false,
    where: {
      file: 'docs/websockets.mdx',
      place: 'Sequence numbers',
      link: '/docs/websockets#sequence-numbers',
      words:
        'The provider does not publish whether delivery starts at the given sequence number or after it.',
    },
    enforcedByMock: false,
  },
  {
    id: 'no-updates-after-unsubscription',
    title: 'No price update for an instrument subscription after it was ended',
    checked: true,
    where: {
      file: 'specs/asyncapi.yaml',
      place: '/channels/prices/description',
      link: routeAnchor(ROUTES.ws, 'channel-prices'),
      words:
        '`unsubscribe_instruments` ends single instrument subscriptions; `unsubscribe_channel` ends the channel subscription and all instrument subscriptions with it.',
    },
    reading:
      'Whether an update already on its way may still arrive is not published; the checker reports every update entry for an ended subscription_id that arrives after the unsubscription was sent.',
    enforcedByMock: false,
  },
  {
    id: 'terminal-status',
    title: 'Nothing follows a terminal order status',
    checked: true,
    where: {
      file: 'specs/asyncapi.yaml',
      place: '/channels/orders/description',
      link: '/docs/websockets#order-status',
      words: '`DUPLICATE`, `REJECTED`, `EXPIRED`, `CANCELLED` and `DONE` are terminal.',
    },
    reading: 'Messages of one order are matched by order_id.',
    enforcedByMock: false,
  },
  {
    id: 'order-final-status',
    title: 'Each order reaches a terminal status',
    checked: false,
    where: {
      file: 'docs/websockets.mdx',
      place: 'Order status',
      link: '/docs/websockets#order-status',
      words:
        'The provider lists the statuses without the transitions between them, so the diagram draws none.',
    },
    enforcedByMock: false,
  },
];

/** The statuses the documents call terminal. */
export const TERMINAL_ORDER_STATUSES: readonly string[] = [
  'DUPLICATE',
  'REJECTED',
  'EXPIRED',
  'CANCELLED',
  'DONE',
];

/** The wrap of seq_number: after this comes 0. */
export const SEQ_NUMBER_MAX = 999999999999999;

export function ruleById(id: RuleId): SessionRule {
  const rule = SESSION_RULES.find((r) => r.id === id);
  if (rule === undefined) throw new Error(`no session rule ${id}`);
  return rule;
}

/** A client message that subscribes a channel (`subscribe_order_channel`), by its name. */
export function isChannelSubscriptionName(name: string): boolean {
  return /(^|[^a-z])subscribe/i.test(name) && !/unsubscribe/i.test(name) && /channel/i.test(name);
}

/** A client message that ends a channel subscription (`unsubscribe_channel`), by its name. */
export function isChannelUnsubscription(name: string): boolean {
  return /unsubscribe/i.test(name) && /channel/i.test(name);
}

/** The channel a connection is on, as far as the order rules need it. */
export interface ChannelOrder {
  /** The client message that subscribes the channel. */
  subscription?: string;
  /** The client messages that end the subscription. */
  unsubscriptions: readonly string[];
}

export interface ChannelOrderStep {
  subscribed: boolean;
  /** The rule the message breaks, with the complaint in words. */
  broken?: {rule: 'one-subscription' | 'subscribe-first'; complaint: string};
}

/**
 * One client message against the order rules (`subscribe-first`, `one-subscription`): the state
 * after it, and the rule it breaks. The mock refuses such a frame; the checker reports it.
 */
export function channelOrderStep(subscribed: boolean, name: string, channel: ChannelOrder): ChannelOrderStep {
  if (name === channel.subscription) {
    if (subscribed)
      return {
        subscribed,
        broken: {
          rule: 'one-subscription',
          complaint: `a second ${name}: one subscription per channel per connection`,
        },
      };
    return {subscribed: true};
  }
  if (channel.subscription !== undefined && !subscribed)
    return {
      subscribed,
      broken: {
        rule: 'subscribe-first',
        complaint: `${name} before the channel subscription (${channel.subscription}) was made`,
      },
    };
  if (channel.unsubscriptions.includes(name)) return {subscribed: false};
  return {subscribed};
}
