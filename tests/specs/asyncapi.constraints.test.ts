/**
 * Constraint table derived from the product specification (sections 3, 5 and 9): for
 * every rule that concerns a WebSocket payload, payloads that must pass and payloads
 * that must fail, boundaries included. Each payload is validated against the real
 * message payload schema of specs/asyncapi.yaml (resolved from the file, not copied).
 */
import {describe, expect, it} from 'vitest';
import {ASYNCAPI_PATH, SchemaSet, isObject, type Json} from './helpers/asyncapi-schemas';

const spec = new SchemaSet(ASYNCAPI_PATH);

type MessageName =
  | 'subscribe_price_channel'
  | 'unsubscribe_channel'
  | 'subscribe_instruments'
  | 'unsubscribe_instruments'
  | 'subscribe_order_channel'
  | 'new_order'
  | 'subscribe_trade_channel'
  | 'channel_subscription_confirmation'
  | 'channel_subscription_error'
  | 'heartbeat'
  | 'price_update'
  | 'price_subscription_error'
  | 'order_execution'
  | 'order_status'
  | 'trade';

type Sample = readonly [label: string, payload: unknown];

interface Rule {
  /** Where the rule comes from in the specification. */
  source: string;
  rule: string;
  message: MessageName;
  pass: readonly Sample[];
  fail: readonly Sample[];
}

// ------------------------------------------------------------------ builders

const SEQ_MAX = 999_999_999_999_999;
const TS = '2025-06-02T08:00:00.123456Z';
const text = (length: number, char = 'a'): string => char.repeat(length);
const range = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({length: count}, (_, i) => make(i));

const header = (channel: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  channel,
  timestamp: TS,
  ...extra,
});

const subscribePrice = (fields: Record<string, unknown> = {}) => ({
  subscribe_price_channel: {channel: 'prices', ...fields},
});
const subscribeOrders = (fields: Record<string, unknown> = {}) => ({
  subscribe_order_channel: {channel: 'orders', ...fields},
});
const subscribeTrades = (fields: Record<string, unknown> = {}) => ({
  subscribe_trade_channel: {channel: 'trades', ...fields},
});
const unsubscribeChannel = (channel: unknown) => ({unsubscribe_channel: {channel}});

const subscription = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  subscription_id: 'sub-1',
  instrument: 'BTC-EUR',
  ...fields,
});
const subscribeInstruments = (subscriptions: unknown[]) => ({
  subscribe_instruments: {channel: 'prices', subscriptions},
});
const oneSubscription = (fields: Record<string, unknown>) => subscribeInstruments([subscription(fields)]);
const unsubscribeInstruments = (subscriptionIds: unknown[]) => ({
  unsubscribe_instruments: {channel: 'prices', subscription_ids: subscriptionIds},
});

const newOrder = (fields: Record<string, unknown> = {}) => ({
  new_order: {
    order_ref: 'my-order-1',
    order_type: 'MARKET',
    instrument: 'BTC-EUR',
    side: 'BUY',
    amount: {leg_1_amount: '0.5'},
    ...fields,
  },
});
const withReqHeader = (reqHeader: unknown) => newOrder({req_header: reqHeader});
const withUserData = (userData: unknown) => withReqHeader({req_id: 'r-1', user_data: userData});
const userData = (count: number): Record<string, string> =>
  Object.fromEntries(range(count, (i) => [`tag${i}`, 'v']));

const level = {quantity: '1', buy_price: '61250.25', sell_price: '61210.75'};
const priceEntry = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  subscription_id: 'sub-1',
  instrument: 'BTC-EUR',
  status: 'ACTUAL',
  update_ts: TS,
  levels: [level],
  ...fields,
});
const priceUpdate = (updateList: unknown[], headerChannel = 'prices') => ({
  price_update: {header: header(headerChannel), update_list: updateList},
});
const levels = (count: number) => priceUpdate([priceEntry({levels: range(count, () => level)})]);

const orderExecution = (fields: Record<string, unknown> = {}) => ({
  order_execution: {
    header: header('orders'),
    order_id: 'ORD-1',
    trade_id: 'TRD-1',
    order_ref: 'my-order-1',
    order_type: 'MARKET',
    instrument: 'BTC-EUR',
    side: 'BUY',
    amount: {leg_1_amount: '0.5'},
    order_status: 'DONE',
    leg_1_executed_amount: '0.5',
    leg_2_executed_amount: '30625.12',
    execution_price: '61250.24',
    ...fields,
  },
});
const orderStatus = (fields: Record<string, unknown> = {}) => ({
  order_status: {
    header: header('orders'),
    order_id: 'ORD-1',
    order_ref: 'my-order-1',
    order_type: 'MARKET',
    instrument: 'BTC-EUR',
    side: 'BUY',
    amount: {leg_1_amount: '0.5'},
    order_status: 'REJECTED',
    rejection_reason: 'INVALID_REQUEST',
    rejection_text: 'Invalid leg 1 asset',
    ...fields,
  },
});

const tradeOrder = {
  instrument: 'BTC-EUR',
  order_type: 'MARKET',
  side: 'BUY',
  amount: {leg_1_amount: '0.5'},
  order_status: 'DONE',
  arrived_at: TS,
};
const tradeExecution = {
  leg_1_executed_amount: '0.5',
  leg_2_executed_amount: '30625.12',
  execution_price: '61250.24',
  executed_at: TS,
  leg_1_status: 'PENDING',
  leg_2_status: 'SETTLED',
};
const trade = (fields: Record<string, unknown> = {}) => ({
  trade: {
    trade_id: 'TRD-1',
    seq_number: 7,
    order_id: 'ORD-1',
    order_ref: 'my-order-1',
    order: tradeOrder,
    trade: tradeExecution,
    history_done: false,
    ...fields,
  },
});
const tradeLegs = (leg1: unknown, leg2: unknown) =>
  trade({trade: {...tradeExecution, leg_1_status: leg1, leg_2_status: leg2}});

const confirmation = (fields: Record<string, unknown> = {}) => ({
  channel_subscription_confirmation: {header: header('prices'), status: 'ACTIVE', ...fields},
});

// ------------------------------------------------------------------ the table

const RULES: readonly Rule[] = [
  // ---- section 3: shared formats
  {
    source: '§3 shared formats',
    rule: 'quantity: up to 19 integer digits and 1-50 fraction digits, at most 70 characters',
    message: 'new_order',
    pass: [
      ['integer', newOrder({amount: {leg_1_amount: '5'}})],
      ['0.5', newOrder({amount: {leg_1_amount: '0.5'}})],
      ['19 integer digits', newOrder({amount: {leg_1_amount: text(19, '9')}})],
      [
        '50 fraction digits (70 characters)',
        newOrder({amount: {leg_1_amount: `${text(19, '9')}.${text(50, '1')}`}}),
      ],
    ],
    fail: [
      ['20 integer digits', newOrder({amount: {leg_1_amount: text(20, '9')}})],
      ['51 fraction digits', newOrder({amount: {leg_1_amount: `1.${text(51, '1')}`}})],
      ['no fraction digits after the point', newOrder({amount: {leg_1_amount: '1.'}})],
      ['negative', newOrder({amount: {leg_1_amount: '-1'}})],
      ['exponent', newOrder({amount: {leg_1_amount: '1e5'}})],
      ['comma', newOrder({amount: {leg_1_amount: '1,5'}})],
      ['a JSON number', newOrder({amount: {leg_1_amount: 0.5}})],
    ],
  },
  {
    source: '§3 shared formats',
    rule: 'price: decimal string (price levels and execution price)',
    message: 'order_execution',
    pass: [['decimal price', orderExecution({execution_price: '61250.24'})]],
    fail: [
      ['number', orderExecution({execution_price: 61250.24})],
      ['21 integer digits', orderExecution({execution_price: text(21, '1')})],
    ],
  },
  {
    source: '§3 shared formats, §9',
    rule: 'timestamps: UTC with six fractional digits, ending in Z',
    message: 'subscribe_trade_channel',
    pass: [['microseconds, Z', subscribeTrades({execution_time: '2025-06-02T08:00:00.000000Z'})]],
    fail: [
      ['milliseconds', subscribeTrades({execution_time: '2025-06-02T08:00:00.000Z'})],
      ['no fraction', subscribeTrades({execution_time: '2025-06-02T08:00:00Z'})],
      ['offset instead of Z', subscribeTrades({execution_time: '2025-06-02T08:00:00.000000+00:00'})],
      ['not a date', subscribeTrades({execution_time: '2025-13-40T08:00:00.000000Z'})],
      ['date only', subscribeTrades({execution_time: '2025-06-02'})],
    ],
  },
  {
    source: '§3 shared formats',
    rule: 'header timestamp of a server message is a UTC timestamp with microseconds',
    message: 'heartbeat',
    pass: [['valid', {heartbeat: {header: header('orders')}}]],
    fail: [['seconds only', {heartbeat: {header: header('orders', {timestamp: '2025-06-02T08:00:00Z'})}}]],
  },
  {
    source: '§3 shared formats',
    rule: 'order_ref: 0-100 characters of letters, digits, #, _, -',
    message: 'new_order',
    pass: [
      ['empty', newOrder({order_ref: ''})],
      ['100 characters', newOrder({order_ref: text(100)})],
      ['all allowed characters', newOrder({order_ref: 'Az09#_-'})],
    ],
    fail: [
      ['101 characters', newOrder({order_ref: text(101)})],
      ['space', newOrder({order_ref: 'my order'})],
      ['dot', newOrder({order_ref: 'my.order'})],
      [
        'missing',
        {new_order: {order_type: 'MARKET', instrument: 'BTC-EUR', side: 'BUY', amount: {leg_1_amount: '1'}}},
      ],
    ],
  },
  {
    source: '§3 shared formats',
    rule: 'internal ids (order_id, trade_id): 1-36 characters of letters, digits, #, _, -',
    message: 'order_execution',
    pass: [
      ['1 character', orderExecution({order_id: 'A'})],
      ['36 characters', orderExecution({trade_id: text(36, 'Z')})],
    ],
    fail: [
      ['empty', orderExecution({order_id: ''})],
      ['37 characters', orderExecution({trade_id: text(37, 'Z')})],
      ['slash', orderExecution({order_id: 'ORD/1'})],
    ],
  },
  {
    source: '§3 shared formats',
    rule: 'req_header: req_id required, 1-100 characters of letters, digits, #, _, -; nothing else but user_data',
    message: 'new_order',
    pass: [
      ['req_id only', withReqHeader({req_id: 'r'})],
      ['req_id of 100 characters', withReqHeader({req_id: text(100)})],
      ['without req_header', newOrder()],
    ],
    fail: [
      ['req_id of 101 characters', withReqHeader({req_id: text(101)})],
      ['empty req_id', withReqHeader({req_id: ''})],
      ['req_id with a space', withReqHeader({req_id: 'r 1'})],
      ['missing req_id', withReqHeader({user_data: {a: 'b'}})],
      ['unknown member', withReqHeader({req_id: 'r', trace: 'x'})],
    ],
  },
  {
    source: '§3 shared formats, §9',
    rule: 'user_data: 1-100 tag/value pairs; tag 1-16 letters, digits, - or _; value 1-100 characters',
    message: 'new_order',
    pass: [
      ['1 pair', withUserData(userData(1))],
      ['100 pairs', withUserData(userData(100))],
      ['16-character tag, 100-character value', withUserData({[text(16, 't')]: text(100, 'v')})],
      ['tag with - and _', withUserData({'a-b_c': 'v'})],
    ],
    fail: [
      ['no pairs', withUserData({})],
      ['101 pairs', withUserData(userData(101))],
      ['17-character tag', withUserData({[text(17, 't')]: 'v'})],
      ['tag with a dot', withUserData({'a.b': 'v'})],
      ['empty value', withUserData({a: ''})],
      ['101-character value', withUserData({a: text(101)})],
      ['non-string value', withUserData({a: 1})],
    ],
  },
  {
    source: '§3 Instrument, §5',
    rule: 'instrument: BASE-QUOTE with optional /SP; codes start with a capital, up to 5 capitals and digits; max 15',
    message: 'new_order',
    pass: [
      ['BTC-EUR', newOrder({instrument: 'BTC-EUR'})],
      ['spot tenor', newOrder({instrument: 'BTC-EUR/SP'})],
      ['one-letter codes', newOrder({instrument: 'X-Y'})],
      ['digits after the first letter', newOrder({instrument: 'A1INC-EUR'})],
      ['two 5-character codes with tenor (14 characters)', newOrder({instrument: 'ABCDE-FGHIJ/SP'})],
    ],
    fail: [
      ['lower case', newOrder({instrument: 'btc-eur'})],
      ['6-character code', newOrder({instrument: 'ABCDEF-EUR'})],
      ['code starting with a digit', newOrder({instrument: '1INCH-EUR'})],
      ['tenor other than SP', newOrder({instrument: 'BTC-EUR/1M'})],
      ['underscore separator', newOrder({instrument: 'BTC_EUR'})],
      ['no quote asset', newOrder({instrument: 'BTC'})],
    ],
  },
  {
    source: '§3 Order, §5',
    rule: 'amount holds exactly one of leg_1_amount or leg_2_amount',
    message: 'new_order',
    pass: [
      ['leg_1_amount', newOrder({amount: {leg_1_amount: '1'}})],
      ['leg_2_amount', newOrder({amount: {leg_2_amount: '10000.00'}})],
    ],
    fail: [
      ['both', newOrder({amount: {leg_1_amount: '1', leg_2_amount: '2'}})],
      ['neither', newOrder({amount: {}})],
      ['another member', newOrder({amount: {quantity: '1'}})],
      [
        'amount missing',
        {new_order: {order_ref: 'r', order_type: 'MARKET', instrument: 'BTC-EUR', side: 'BUY'}},
      ],
    ],
  },
  {
    source: '§3 Order, §4 order types',
    rule: 'new_order: order_type MARKET only (fill or kill); side BUY or SELL',
    message: 'new_order',
    pass: [
      ['MARKET BUY', newOrder({order_type: 'MARKET', side: 'BUY'})],
      ['MARKET SELL', newOrder({order_type: 'MARKET', side: 'SELL'})],
    ],
    fail: [
      ['BULK_MARKET', newOrder({order_type: 'BULK_MARKET'})],
      ['LIMIT', newOrder({order_type: 'LIMIT'})],
      ['lower-case market', newOrder({order_type: 'market'})],
      ['side HOLD', newOrder({side: 'HOLD'})],
      ['unknown member', newOrder({price: '1'})],
    ],
  },
  {
    source: '§3 Order, §9',
    rule: 'counter_leg_precision: optional integer 0-99',
    message: 'new_order',
    pass: [
      ['0', newOrder({counter_leg_precision: 0})],
      ['99', newOrder({counter_leg_precision: 99})],
    ],
    fail: [
      ['100', newOrder({counter_leg_precision: 100})],
      ['-1', newOrder({counter_leg_precision: -1})],
      ['not an integer', newOrder({counter_leg_precision: 1.5})],
    ],
  },
  {
    source: '§3 Order, §4',
    rule: 'server messages may report MARKET or BULK_MARKET orders',
    message: 'order_execution',
    pass: [['BULK_MARKET', orderExecution({order_type: 'BULK_MARKET'})]],
    fail: [['LIMIT', orderExecution({order_type: 'LIMIT'})]],
  },

  // ---- section 3 / 4: order messages
  {
    source: '§4 order status',
    rule: 'order_status is one of the ten WebSocket order statuses',
    message: 'order_status',
    pass: [
      ...[
        'UNSPECIFIED',
        'RECEIVED',
        'CONFIRMED',
        'DUPLICATE',
        'REJECTED',
        'OPEN',
        'UPDATED',
        'CANCELLED',
        'EXPIRED',
        'DONE',
      ].map((status): Sample => [status, orderStatus({order_status: status})]),
    ],
    fail: [
      ['PENDING', orderStatus({order_status: 'PENDING'})],
      ['lower case', orderStatus({order_status: 'done'})],
    ],
  },
  {
    source: '§3 order execution, §4',
    rule: 'order_execution carries all its fields with a valid status',
    message: 'order_execution',
    pass: [['DONE', orderExecution()]],
    fail: [
      ['unknown status', orderExecution({order_status: 'FILLED'})],
      [
        'missing execution_price',
        {order_execution: {...orderExecution().order_execution, execution_price: undefined}},
      ],
      ['header of another channel', orderExecution({header: header('prices')})],
    ],
  },
  {
    source: '§3 order status message, §8',
    rule: 'rejection_reason UNSPECIFIED or INVALID_REQUEST; rejection_text 1-1000 characters',
    message: 'order_status',
    pass: [
      ['UNSPECIFIED', orderStatus({rejection_reason: 'UNSPECIFIED'})],
      ['INVALID_REQUEST', orderStatus({rejection_reason: 'INVALID_REQUEST'})],
      ['text of 1 character', orderStatus({rejection_text: 'x'})],
      ['text of 1000 characters', orderStatus({rejection_text: text(1000)})],
      ['not allowed to trade', orderStatus({rejection_text: 'Not allowed to trade the instrument'})],
      [
        'no rejection (RECEIVED)',
        {
          order_status: {
            ...orderStatus({order_status: 'RECEIVED'}).order_status,
            rejection_reason: undefined,
            rejection_text: undefined,
          },
        },
      ],
    ],
    fail: [
      ['unknown reason', orderStatus({rejection_reason: 'RISK_CHECK'})],
      ['empty text', orderStatus({rejection_text: ''})],
      ['text of 1001 characters', orderStatus({rejection_text: text(1001)})],
    ],
  },

  // ---- section 3 / 9: trades
  {
    source: '§3 trade message, §9',
    rule: 'seq_number: integer 0-999999999999999 (wraps to 0)',
    message: 'trade',
    pass: [
      ['0 (after the wrap)', trade({seq_number: 0})],
      ['maximum', trade({seq_number: SEQ_MAX})],
    ],
    fail: [
      ['maximum + 1', trade({seq_number: SEQ_MAX + 1})],
      ['-1', trade({seq_number: -1})],
      ['not an integer', trade({seq_number: 1.5})],
      ['a string', trade({seq_number: '7'})],
    ],
  },
  {
    source: '§3 trade message',
    rule: 'trade: order with arrived_at, trade with executed_at in UTC with microseconds, history_done flag',
    message: 'trade',
    pass: [
      ['history not done', trade({history_done: false})],
      ['history done', trade({history_done: true})],
      ['with req_header', trade({req_header: {req_id: 'r-1'}})],
    ],
    fail: [
      ['history_done not a boolean', trade({history_done: 'yes'})],
      ['history_done missing', {trade: {...trade().trade, history_done: undefined}}],
      [
        'executed_at in milliseconds',
        trade({trade: {...tradeExecution, executed_at: '2025-06-02T08:00:00.123Z'}}),
      ],
      ['order without arrived_at', trade({order: {...tradeOrder, arrived_at: undefined}})],
      // The specification's trade message has no header (issue 31, item 8).
      ['a header', trade({header: header('trades')})],
    ],
  },
  {
    source: '§4 trade leg status',
    rule: 'leg_1_status and leg_2_status: UNSPECIFIED, PENDING or SETTLED',
    message: 'trade',
    pass: [
      ['UNSPECIFIED/PENDING', tradeLegs('UNSPECIFIED', 'PENDING')],
      ['SETTLED/SETTLED', tradeLegs('SETTLED', 'SETTLED')],
    ],
    fail: [
      ['DONE', tradeLegs('DONE', 'SETTLED')],
      ['lower case', tradeLegs('PENDING', 'settled')],
    ],
  },

  // ---- section 3 / 4 / 9: prices
  {
    source: '§3 price update, §9',
    rule: 'update_list: 1-100 entries',
    message: 'price_update',
    pass: [
      ['1 entry', priceUpdate([priceEntry()])],
      ['100 entries', priceUpdate(range(100, (i) => priceEntry({subscription_id: `s${i}`})))],
    ],
    fail: [
      ['no entries', priceUpdate([])],
      ['101 entries', priceUpdate(range(101, (i) => priceEntry({subscription_id: `s${i}`})))],
    ],
  },
  {
    source: '§3 price update, §9',
    rule: 'levels: up to 999 price levels of decimal quantity, buy_price and sell_price',
    message: 'price_update',
    pass: [
      ['no levels', levels(0)],
      ['999 levels', levels(999)],
    ],
    fail: [
      ['1000 levels', levels(1000)],
      ['numeric price', priceUpdate([priceEntry({levels: [{...level, buy_price: 1}]})])],
    ],
  },
  {
    source: '§4 channel and price status',
    rule: 'price status: ACTUAL, PARTIAL, UNAVAILABLE or ERROR',
    message: 'price_update',
    pass: ['ACTUAL', 'PARTIAL', 'UNAVAILABLE', 'ERROR'].map((status): Sample => [
      status,
      priceUpdate([priceEntry({status})]),
    ]),
    fail: [['STALE', priceUpdate([priceEntry({status: 'STALE'})])]],
  },
  {
    source: '§3 price update',
    rule: 'price update entry: subscription_id, instrument, update_ts, merged, first_ts',
    message: 'price_update',
    pass: [['merged entry', priceUpdate([priceEntry({merged: true, first_ts: TS})])]],
    fail: [
      ['first_ts in milliseconds', priceUpdate([priceEntry({first_ts: '2025-06-02T08:00:00.123Z'})])],
      ['invalid instrument', priceUpdate([priceEntry({instrument: 'BTCEUR'})])],
      ['header of the orders channel', priceUpdate([priceEntry()], 'orders')],
    ],
  },
  {
    source: '§7, §6',
    rule: 'price_subscription_error: rejection_list of subscription_id, instrument and error',
    message: 'price_subscription_error',
    pass: [
      [
        'not allowed to trade',
        {
          price_subscription_error: {
            header: header('prices'),
            rejection_list: [{subscription_id: 's1', instrument: 'XRP-EUR', error: 'Instrument refused'}],
          },
        },
      ],
    ],
    fail: [
      [
        'entry without error',
        {
          price_subscription_error: {
            header: header('prices'),
            rejection_list: [{subscription_id: 's1', instrument: 'XRP-EUR'}],
          },
        },
      ],
      ['missing rejection_list', {price_subscription_error: {header: header('prices')}}],
    ],
  },

  // ---- section 3 / 5 / 9: subscriptions
  {
    source: '§3 subscription',
    rule: 'subscription_id: 1-100 characters',
    message: 'subscribe_instruments',
    pass: [
      ['1 character', oneSubscription({subscription_id: 'a'})],
      ['100 characters', oneSubscription({subscription_id: text(100)})],
    ],
    fail: [
      ['empty', oneSubscription({subscription_id: ''})],
      ['101 characters', oneSubscription({subscription_id: text(101)})],
      ['missing', subscribeInstruments([{instrument: 'BTC-EUR'}])],
    ],
  },
  {
    source: '§9',
    rule: 'max_frequency: integer 0-100000 ms',
    message: 'subscribe_instruments',
    pass: [
      ['0', oneSubscription({max_frequency: 0})],
      ['100000', oneSubscription({max_frequency: 100_000})],
    ],
    fail: [
      ['100001', oneSubscription({max_frequency: 100_001})],
      ['-1', oneSubscription({max_frequency: -1})],
      ['not an integer', oneSubscription({max_frequency: 2.5})],
    ],
  },
  {
    source: '§5, §9',
    rule: 'max_frequency above 0 only when mergeable is true (mergeable defaults to true)',
    message: 'subscribe_instruments',
    pass: [
      ['above 0, mergeable true', oneSubscription({mergeable: true, max_frequency: 500})],
      ['above 0, mergeable left out (default true)', oneSubscription({max_frequency: 500})],
      ['0, mergeable false', oneSubscription({mergeable: false, max_frequency: 0})],
      ['mergeable false, max_frequency left out', oneSubscription({mergeable: false})],
    ],
    fail: [
      ['1, mergeable false', oneSubscription({mergeable: false, max_frequency: 1})],
      ['100000, mergeable false', oneSubscription({mergeable: false, max_frequency: 100_000})],
      ['mergeable not a boolean', oneSubscription({mergeable: 'yes'})],
    ],
  },
  {
    source: '§9',
    rule: 'max_pending: integer 0-100000',
    message: 'subscribe_instruments',
    pass: [
      ['0', oneSubscription({max_pending: 0})],
      ['100000', oneSubscription({max_pending: 100_000})],
    ],
    fail: [
      ['100001', oneSubscription({max_pending: 100_001})],
      ['-1', oneSubscription({max_pending: -1})],
    ],
  },
  {
    source: '§5, §9',
    rule: 'subscriptions: 1-999 per message',
    message: 'subscribe_instruments',
    pass: [
      ['1', subscribeInstruments([subscription()])],
      ['999', subscribeInstruments(range(999, (i) => subscription({subscription_id: `s${i}`})))],
    ],
    fail: [
      ['0', subscribeInstruments([])],
      ['1000', subscribeInstruments(range(1000, (i) => subscription({subscription_id: `s${i}`})))],
      ['unknown member in a subscription', oneSubscription({depth: 5})],
      ['invalid instrument', oneSubscription({instrument: 'BTC-EUR/FW'})],
    ],
  },
  {
    source: '§5',
    rule: 'unsubscribe_instruments: 1-999 subscription ids',
    message: 'unsubscribe_instruments',
    pass: [
      ['1', unsubscribeInstruments(['s1'])],
      ['999', unsubscribeInstruments(range(999, (i) => `s${i}`))],
    ],
    fail: [
      ['0', unsubscribeInstruments([])],
      ['1000', unsubscribeInstruments(range(1000, (i) => `s${i}`))],
      ['empty id', unsubscribeInstruments([''])],
    ],
  },

  // ---- section 9: heartbeats
  ...(
    [
      ['subscribe_price_channel', subscribePrice],
      ['subscribe_order_channel', subscribeOrders],
      ['subscribe_trade_channel', subscribeTrades],
    ] as const
  ).map(([message, build]): Rule => ({
    source: '§9',
    rule: `${message}: heartbeat_interval integer 0-600 seconds, optional (default 0 = off)`,
    message,
    pass: [
      ['0 (off)', build({heartbeat_interval: 0})],
      ['600', build({heartbeat_interval: 600})],
      ['left out', build()],
    ],
    fail: [
      ['601', build({heartbeat_interval: 601})],
      ['-1', build({heartbeat_interval: -1})],
      ['not an integer', build({heartbeat_interval: 1.5})],
      ['a string', build({heartbeat_interval: '30'})],
    ],
  })),
  {
    source: '§7, §9',
    rule: 'channel_subscription_confirmation: status ACTIVE or CLOSED, heartbeat_interval 0-600',
    message: 'channel_subscription_confirmation',
    pass: [
      ['ACTIVE', confirmation({status: 'ACTIVE', heartbeat_interval: 600})],
      ['CLOSED', confirmation({status: 'CLOSED', heartbeat_interval: 0})],
    ],
    fail: [
      ['OPEN', confirmation({status: 'OPEN'})],
      ['heartbeat 601', confirmation({heartbeat_interval: 601})],
      ['header missing', {channel_subscription_confirmation: {status: 'ACTIVE'}}],
    ],
  },

  // ---- section 5: channels
  {
    source: '§5',
    rule: 'channel must be orders, prices or trades',
    message: 'unsubscribe_channel',
    pass: [
      ['orders', unsubscribeChannel('orders')],
      ['prices', unsubscribeChannel('prices')],
      ['trades', unsubscribeChannel('trades')],
    ],
    fail: [
      ['positions', unsubscribeChannel('positions')],
      ['upper case', unsubscribeChannel('PRICES')],
      ['missing', {unsubscribe_channel: {}}],
    ],
  },
  {
    source: '§5, §7',
    rule: 'each channel subscription names its own channel',
    message: 'subscribe_price_channel',
    pass: [['prices', subscribePrice()]],
    fail: [
      ['orders', subscribePrice({channel: 'orders'})],
      ['missing', {subscribe_price_channel: {}}],
    ],
  },
  {
    source: '§5, §7',
    rule: 'each channel subscription names its own channel',
    message: 'subscribe_order_channel',
    pass: [['orders', subscribeOrders()]],
    fail: [['trades', subscribeOrders({channel: 'trades'})]],
  },
  {
    source: '§5, §7',
    rule: 'each channel subscription names its own channel',
    message: 'subscribe_trade_channel',
    pass: [['trades', subscribeTrades()]],
    fail: [['prices', subscribeTrades({channel: 'prices'})]],
  },
  {
    source: '§5, §7',
    rule: 'instrument requests are made on the price channel',
    message: 'subscribe_instruments',
    pass: [['prices', subscribeInstruments([subscription()])]],
    fail: [['orders', {subscribe_instruments: {channel: 'orders', subscriptions: [subscription()]}}]],
  },
  {
    source: '§5',
    rule: 'channel errors and heartbeats name one of the three channels in their header',
    message: 'channel_subscription_error',
    pass: [
      [
        'ERROR_DUPLICATE on trades',
        {
          channel_subscription_error: {
            header: header('trades'),
            error: 'ERROR_DUPLICATE',
            error_text: 'Already subscribed',
          },
        },
      ],
    ],
    fail: [
      [
        'unknown channel',
        {
          channel_subscription_error: {
            header: header('positions'),
            error: 'ERROR_DUPLICATE',
            error_text: 'x',
          },
        },
      ],
      [
        'header without channel',
        {channel_subscription_error: {header: {timestamp: TS}, error: 'ERROR_DUPLICATE', error_text: 'x'}},
      ],
    ],
  },
  {
    source: '§5',
    rule: 'trade channel: seq_number and execution_time are never both given (neither: from the first trade of the day)',
    message: 'subscribe_trade_channel',
    pass: [
      ['seq_number only', subscribeTrades({seq_number: 42})],
      ['execution_time only', subscribeTrades({execution_time: TS})],
      ['neither', subscribeTrades({heartbeat_interval: 10})],
      ['seq_number at its maximum', subscribeTrades({seq_number: SEQ_MAX})],
    ],
    fail: [
      ['both', subscribeTrades({seq_number: 42, execution_time: TS})],
      ['seq_number maximum + 1', subscribeTrades({seq_number: SEQ_MAX + 1})],
      ['negative seq_number', subscribeTrades({seq_number: -1})],
    ],
  },

  // ---- message format (choice: one member named after the message)
  {
    source: 'message format',
    rule: 'a message is an object with exactly one member named after the message',
    message: 'heartbeat',
    pass: [['heartbeat', {heartbeat: {header: header('prices')}}]],
    fail: [
      ['fields without the wrapper', {header: header('prices')}],
      ['two members', {heartbeat: {header: header('prices')}, extra: {}}],
      ['header missing', {heartbeat: {}}],
      ['header with an extra member', {heartbeat: {header: header('prices', {seq: 1})}}],
    ],
  },
];

/** Drops members set to undefined, so "missing field" samples can be built by spreading. */
function toJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json; // a JSON round-trip yields JSON
}

const payloadPointer = (message: MessageName): string => `#/components/messages/${message}/payload`;

describe('specs/asyncapi.yaml payload constraints (sections 3, 5 and 9)', () => {
  describe.each(RULES.map((r) => [`${r.message} — ${r.rule} (${r.source})`, r] as const))(
    '%s',
    (_title, rule) => {
      it.each(rule.pass.map(([label, payload]) => [label, payload] as const))(
        'accepts %s',
        (_label, payload) => {
          const errors = spec.check(payloadPointer(rule.message), toJson(payload));
          expect(errors, errors ?? '').toBeNull();
        },
      );
      it.each(rule.fail.map(([label, payload]) => [label, payload] as const))(
        'rejects %s',
        (_label, payload) => {
          expect(spec.check(payloadPointer(rule.message), toJson(payload))).not.toBeNull();
        },
      );
    },
  );

  it('covers every message of the document in the table', () => {
    const messages = spec.doc.components;
    const names = isObject(messages) && isObject(messages.messages) ? Object.keys(messages.messages) : [];
    const covered = new Set(RULES.map((r) => r.message));
    expect(names.filter((n) => !covered.has(n as MessageName))).toEqual([]);
  });
});

describe('defaults of section 9', () => {
  const subscriptionProps = spec.resolved('#/components/schemas/Subscription/properties');
  const prop = (name: string, keyword: string): Json | undefined => {
    const schema = isObject(subscriptionProps) ? subscriptionProps[name] : undefined;
    return isObject(schema) ? schema[keyword] : undefined;
  };

  it.each([
    ['mergeable', true],
    ['max_frequency', 0],
    ['max_pending', 1000],
  ] as const)('subscription %s defaults to %s', (name, value) => {
    expect(prop(name, 'default')).toBe(value);
  });

  it('heartbeat_interval defaults to 0 (off)', () => {
    const heartbeat = spec.resolved('#/components/schemas/HeartbeatInterval');
    expect(isObject(heartbeat) ? heartbeat.default : undefined).toBe(0);
  });
});

describe('rules carried by descriptions', () => {
  /** The text at a pointer (all strings below it when it is an object), whitespace collapsed. */
  const textAt = (pointer: string): string => {
    const strings: string[] = [];
    const walk = (node: Json): void => {
      if (typeof node === 'string') strings.push(node);
      else if (Array.isArray(node)) node.forEach(walk);
      else if (isObject(node)) Object.values(node).forEach(walk);
    };
    walk(spec.resolved(pointer));
    return strings.join(' ').replace(/\s+/g, ' ');
  };

  it.each([
    ['one subscription per channel per connection', '#/info/description', /one subscription per channel/i],
    [
      'unsubscribing the channel ends all instrument subscriptions',
      '#/channels/prices/description',
      /`unsubscribe_channel` ends the channel subscription and all instrument subscriptions/,
    ],
    [
      'unauthorised channel subscriptions are refused',
      '#/info/description',
      /not authorised for are refused/i,
    ],
    [
      'instruments may be refused as not allowed to trade',
      '#/components/messages/price_subscription_error',
      /not allowed to trade/i,
    ],
    [
      'rejection text examples',
      '#/components/schemas/RejectionText',
      /Invalid leg 1 asset.*Not allowed to trade the instrument/s,
    ],
    [
      'a new order yields an execution or a status',
      '#/components/messages/new_order/description',
      /either an `order_execution` or an `order_status`/,
    ],
    ['only fill-or-kill market orders', '#/components/schemas/NewOrder', /only fill-or-kill market orders/i],
    ['an order starts as RECEIVED', '#/channels/orders/description', /starts as `RECEIVED`/],
    [
      'terminal statuses',
      '#/components/schemas/OrderStatus/description',
      /DUPLICATE, REJECTED, EXPIRED, CANCELLED and DONE are terminal/,
    ],
    [
      'price levels differ between environments',
      '#/components/messages/price_update/description',
      /can differ between production and pre-production/,
    ],
    ['sequence numbers wrap to 0', '#/components/schemas/SeqNumber/description', /wraps to 0/],
    ['ERROR_DUPLICATE on channel errors', '#/components/schemas/ChannelSubscriptionError', /ERROR_DUPLICATE/],
    [
      'trade channel start',
      '#/channels/trades/description',
      /never both\. With neither, delivery starts at the first trade of the current day/,
    ],
    ['trades address is not published', '#/channels/trades/description', /not published by the provider/],
    [
      'bulk status text',
      '#/channels/orders/description',
      /`RECEIVED`, `REJECTED`, `CONFIRMED` or `DONE`, written in upper or lower case/,
    ],
    [
      'how the token is sent',
      '#/components/securitySchemes/AuthenticationToken/description',
      /`Authorization` header.*Bearer/s,
    ],
  ])('%s', (_rule, pointer, pattern) => {
    expect(textAt(pointer)).toMatch(pattern);
  });
});
