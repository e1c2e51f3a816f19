/**
 * Constraint table derived from the product specification (sections 3, 5 and 9): for every
 * rule that concerns a REST payload or query parameter, values that must pass and values that
 * must fail, boundaries included. Every value is validated against the real schema of
 * specs/openapi.yaml, addressed by JSON pointer (never a copy).
 */
import {describe, expect, it} from 'vitest';
import {OpenApiSchemas, resolvePointer} from './helpers/openapi-document';

const spec = new OpenApiSchemas();

type Sample = readonly [label: string, value: unknown];

interface Rule {
  /** Where the rule comes from in the specification. */
  source: string;
  rule: string;
  /** A schema name under components/schemas, or a JSON pointer starting with '#/'. */
  schema: string;
  pass: readonly Sample[];
  fail: readonly Sample[];
}

// ------------------------------------------------------------------ builders

const TS = '2026-11-20T09:30:00.123456Z';
const SEQ_MAX = 999_999_999_999_999;
const text = (length: number, char = 'a'): string => char.repeat(length);
const range = <T>(count: number, make: (i: number) => T): T[] =>
  Array.from({length: count}, (_, i) => make(i));
const digits = (count: number): string => range(count, (i) => String((i + 1) % 10)).join('');

const bulkItem = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  order_ref: 'ref-1',
  instrument: 'BTC-EUR',
  order_type: 'BULK_MARKET',
  side: 'BUY',
  amount: {leg_1_amount: '0.5'},
  ...fields,
});
const bulkRequest = (orders: unknown[], fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  new_bulk_order: {order_type: 'BULK_MARKET', orders, ...fields},
});

const confirmation = (i: number): Record<string, unknown> => ({
  order_id: `ord_${i}`,
  instrument: 'BTC-EUR',
  side: 'SELL',
  amount: {leg_2_amount: '100.00'},
});
const bulkDetail = (
  confirmations: unknown[],
  fields: Record<string, unknown> = {},
): Record<string, unknown> => ({
  bulk_order_id: 'blk_1',
  bulk_order_status: 'DONE',
  timestamp: TS,
  order_confirmations: confirmations,
  ...fields,
});

const execution = (i: number): Record<string, unknown> => ({
  trade_id: `trd_${i}`,
  leg_1_executed_amount: '0.5',
  leg_2_executed_amount: '32500.13',
  execution_price: '65000.25',
  executed_at: TS,
  leg_1_status: 'PENDING',
  leg_2_status: 'SETTLED',
});
const orderDetails = {
  instrument: 'BTC-EUR',
  order_type: 'MARKET',
  side: 'BUY',
  amount: {leg_1_amount: '0.5'},
  order_status: 'DONE',
};
const order = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  order_id: 'ord_1',
  seq_number: 1,
  order_ref: 'ref-1',
  arrived_at: TS,
  order: [orderDetails],
  executions: [execution(1)],
  ...fields,
});
const trade = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  trade_id: 'trd_1',
  seq_number: 7,
  order_id: 'ord_1',
  order_ref: 'ref-1',
  order: [{...orderDetails, arrived_at: TS}],
  executions: [execution(1)],
  ...fields,
});

const requestAmount = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  currency: 'BTC',
  from_address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
  to_address: 'bc1q9h7garjk8wz5ag3xg7ljq4p3k9m0h3r2s8t6vq',
  amount: '0.5',
  ...fields,
});
const settlement = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  client_settlement_request_id: 'settle-1',
  trade_ids: ['trd_1'],
  request_amounts: [requestAmount()],
  ...fields,
});
const tradeIds = (count: number): string[] => range(count, (i) => `trd_${i}`);

const mappedRequest = (amounts: unknown[], id = 'stl_1'): Record<string, unknown> => ({
  settlement_request_id: id,
  client_settlement_request_id: 'settle-1',
  settlement_request_amounts: amounts,
});
const transaction = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  transaction_id: 'txn_1',
  amount: '0.5',
  reference: 'e2e-0001',
  reference_type: 'sepa_end_to_end_id',
  timestamp: TS,
  from_address: 'DE89370400440532013000',
  to_address: 'FR1420041010050500013M02606',
  currency: 'EUR',
  settlement_requests: [],
  ...fields,
});
const risk = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  exposure_in_eur: 1250000.5,
  maximum_exposure: 2000000,
  margin_requirement: 375000.125,
  margin_usage: 0.625,
  ...fields,
});
const asset = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Bitcoin',
  code: 'BTC',
  precision: 8,
  ...fields,
});
const pairs = (count: number): Record<string, string> =>
  Object.fromEntries(range(count, (i) => [`t${i}`, 'v']));
const PARAM = (name: string): string => `#/components/parameters/${name}/schema`;

// ------------------------------------------------------------------ the table

const rules: Rule[] = [
  // Section 3, shared formats; section 5 (quantity) -------------------------
  {
    source: '§3 shared formats, §5 quantity',
    rule: 'decimal: ≤ 19 integer digits, 1–50 fraction digits, ≤ 70 characters',
    schema: 'Decimal',
    pass: [
      ['0', '0'],
      ['19 integer digits', digits(19)],
      ['one fraction digit', '1.5'],
      ['50 fraction digits', `0.${digits(50)}`],
      ['70 characters (19 + 1 + 50)', `${digits(19)}.${digits(50)}`],
    ],
    fail: [
      ['20 integer digits', digits(20)],
      ['51 fraction digits', `0.${digits(51)}`],
      ['71 characters', `${digits(20)}.${digits(50)}`],
      ['empty fraction', '1.'],
      ['no integer part', '.5'],
      ['negative', '-1'],
      ['exponent', '1e5'],
      ['comma', '1,5'],
      ['a JSON number', 1.5],
      ['empty', ''],
      ['leading space', ' 1'],
    ],
  },
  {
    source: '§3 shared formats, §9',
    rule: 'timestamp: UTC, six fraction digits, Z',
    schema: 'Timestamp',
    pass: [
      ['six decimals', TS],
      ['leap day', '2028-02-29T23:59:59.000000Z'],
    ],
    fail: [
      ['three decimals', '2026-11-20T09:30:00.123Z'],
      ['seven decimals', '2026-11-20T09:30:00.1234567Z'],
      ['no fraction', '2026-11-20T09:30:00Z'],
      ['offset instead of Z', '2026-11-20T09:30:00.123456+01:00'],
      ['no zone', '2026-11-20T09:30:00.123456'],
      ['impossible date', '2026-02-30T09:30:00.123456Z'],
      ['date only', '2026-11-20'],
    ],
  },
  {
    source: '§3 shared formats',
    rule: 'internal id: 1–36 letters, digits, #, _ or -',
    schema: 'Id',
    pass: [
      ['one character', 'a'],
      ['36 characters', text(36, 'Z')],
      ['all allowed signs', 'A-z_0#9'],
    ],
    fail: [
      ['empty', ''],
      ['37 characters', text(37, 'Z')],
      ['space', 'ord 1'],
      ['dot', 'ord.1'],
      ['slash', 'ord/1'],
    ],
  },
  {
    source: '§3 shared formats',
    rule: 'order_ref: 0–100 letters, digits, #, _ or -',
    schema: 'OrderRef',
    pass: [
      ['empty', ''],
      ['100 characters', text(100, '#')],
    ],
    fail: [
      ['101 characters', text(101)],
      ['at sign', 'ref@1'],
      ['space', 'ref 1'],
    ],
  },
  {
    source: '§3 shared formats',
    rule: 'external reference (client ids): 0–100 characters',
    schema: 'ExternalRef',
    pass: [
      ['empty', ''],
      ['100 characters of any kind', text(100, 'é')],
    ],
    fail: [
      ['101 characters', text(101)],
      ['not a string', 12],
    ],
  },
  {
    source: '§3 req_header',
    rule: 'req_id: 1–100 letters, digits, #, _ or -',
    schema: 'ReqId',
    pass: [
      ['one character', '1'],
      ['100 characters', text(100, '_')],
    ],
    fail: [
      ['empty', ''],
      ['101 characters', text(101)],
      ['space', 'req 1'],
    ],
  },
  {
    source: '§3 req_header, §9',
    rule: 'user_data: 1–100 tag/value pairs; tag 1–16 of [A-Za-z0-9_-]; value 1–100',
    schema: 'UserData',
    pass: [
      ['one pair', {desk: 'fx'}],
      ['100 pairs', pairs(100)],
      ['16-character tag', {[text(16, 'T')]: 'v'}],
      ['100-character value', {tag: text(100)}],
      ['tag with - and _', {'a-b_c': 'v'}],
    ],
    fail: [
      ['no pair', {}],
      ['101 pairs', pairs(101)],
      ['17-character tag', {[text(17, 'T')]: 'v'}],
      ['tag with a dot', {'a.b': 'v'}],
      ['empty value', {tag: ''}],
      ['101-character value', {tag: text(101)}],
      ['number value', {tag: 1}],
    ],
  },
  {
    source: '§3 req_header',
    rule: 'req_header: req_id required, optional user_data, nothing else',
    schema: 'ReqHeader',
    pass: [
      ['req_id only', {req_id: 'r1'}],
      ['with user_data', {req_id: 'r1', user_data: {desk: 'fx'}}],
    ],
    fail: [
      ['no req_id', {user_data: {desk: 'fx'}}],
      ['unknown field', {req_id: 'r1', extra: 1}],
      ['empty user_data', {req_id: 'r1', user_data: {}}],
    ],
  },

  // Instrument and asset (§3, §5) ------------------------------------------
  {
    source: '§3 instrument, §5',
    rule: 'instrument: BASE-QUOTE[/SP], codes start with a capital, ≤ 5 of [A-Z0-9], ≤ 15 characters',
    schema: 'Instrument',
    pass: [
      ['BTC-EUR', 'BTC-EUR'],
      ['spot tenor', 'BTC-EUR/SP'],
      ['one-letter codes', 'A-B'],
      ['digits after the first letter', 'USDC-EUR'],
      ['longest (14)', 'ABCDE-FGHIJ/SP'],
    ],
    fail: [
      ['bad tenor', 'BTC-EUR/1M'],
      ['lower-case tenor', 'BTC-EUR/sp'],
      ['empty tenor', 'BTC-EUR/'],
      ['lower case', 'btc-eur'],
      ['no separator', 'BTCEUR'],
      ['underscore', 'BTC_EUR'],
      ['6-character code', 'ABCDEF-EUR'],
      ['code starting with a digit', '1INCH-EUR'],
      ['tenor with dash', 'BTC-EUR-SP'],
    ],
  },
  {
    source: '§3 instrument',
    rule: 'tenor: only SP',
    schema: 'Tenor',
    pass: [['SP', 'SP']],
    fail: [
      ['1W', '1W'],
      ['lower case', 'sp'],
    ],
  },
  {
    source: '§3 instrument',
    rule: 'instrument details: both leg assets, tenor and maximum order quantity',
    schema: 'InstrumentDetails',
    pass: [
      [
        'complete',
        {
          instrument: 'BTC-EUR',
          leg_1_asset: asset(),
          leg_2_asset: asset({name: 'Euro', code: 'EUR', precision: 2}),
          tenor: 'SP',
          maximum_order_quantity: '25',
        },
      ],
    ],
    fail: [
      [
        'bad tenor',
        {
          instrument: 'BTC-EUR',
          leg_1_asset: asset(),
          leg_2_asset: asset(),
          tenor: 'TOM',
          maximum_order_quantity: '25',
        },
      ],
      [
        'numeric quantity',
        {
          instrument: 'BTC-EUR',
          leg_1_asset: asset(),
          leg_2_asset: asset(),
          tenor: 'SP',
          maximum_order_quantity: 25,
        },
      ],
    ],
  },
  {
    source: '§3 asset, §9',
    rule: 'asset: name 1–15 letters/digits, code 1–10 capitals/digits, precision 0–50',
    schema: 'Asset',
    pass: [
      ['bitcoin', asset()],
      ['15-character name', asset({name: text(15, 'B')})],
      ['10-character code', asset({code: '1234567890'})],
      ['precision 0', asset({precision: 0})],
      ['precision 50', asset({precision: 50})],
    ],
    fail: [
      ['empty name', asset({name: ''})],
      ['16-character name', asset({name: text(16, 'B')})],
      ['name with space', asset({name: 'Bit coin'})],
      ['lower-case code', asset({code: 'btc'})],
      ['11-character code', asset({code: '12345678901'})],
      ['precision -1', asset({precision: -1})],
      ['precision 51', asset({precision: 51})],
      ['fractional precision', asset({precision: 1.5})],
    ],
  },

  // Risk figures (§3) ------------------------------------------------------
  {
    source: '§3 risk figures',
    rule: 'fiat amounts: 0–999999999999999, step 0.001; margin_usage: 0–999, step 0.0001',
    schema: 'RiskFigures',
    pass: [
      ['typical', risk()],
      ['zeros', risk({exposure_in_eur: 0, maximum_exposure: 0, margin_requirement: 0, margin_usage: 0})],
      ['maxima', risk({exposure_in_eur: 999999999999999, margin_usage: 999})],
      ['three decimals', risk({margin_requirement: 1234.567})],
      ['1.001 (decimal step, float-safe)', risk({exposure_in_eur: 1.001})],
      ['four decimals of usage', risk({margin_usage: 0.1234})],
    ],
    fail: [
      ['negative exposure', risk({exposure_in_eur: -0.001})],
      ['exposure above maximum', risk({maximum_exposure: 1000000000000000})],
      ['step below 0.001', risk({margin_requirement: 0.0005})],
      ['usage step below 0.0001', risk({margin_usage: 0.00005})],
      ['usage above 999', risk({margin_usage: 999.0001})],
      ['usage negative', risk({margin_usage: -1})],
      ['string figure', risk({exposure_in_eur: '1.0'})],
      ['missing margin_usage', {exposure_in_eur: 1, maximum_exposure: 2, margin_requirement: 3}],
    ],
  },

  // Orders (§3, §4, §5) ----------------------------------------------------
  {
    source: '§3 order, §5',
    rule: 'amount: exactly one of leg_1_amount or leg_2_amount',
    schema: 'Amount',
    pass: [
      ['leg 1', {leg_1_amount: '0.5'}],
      ['leg 2', {leg_2_amount: '25000.00'}],
    ],
    fail: [
      ['both legs', {leg_1_amount: '0.5', leg_2_amount: '1'}],
      ['no leg', {}],
      ['unknown leg', {leg_3_amount: '1'}],
      ['leg plus unknown field', {leg_1_amount: '1', note: 'x'}],
      ['number instead of decimal string', {leg_1_amount: 0.5}],
      ['20 integer digits', {leg_1_amount: digits(20)}],
    ],
  },
  {
    source: '§3 order, §9',
    rule: 'counter_leg_precision: integer 0–99',
    schema: 'CounterLegPrecision',
    pass: [
      ['0', 0],
      ['99', 99],
    ],
    fail: [
      ['-1', -1],
      ['100', 100],
      ['fraction', 2.5],
      ['string', '2'],
    ],
  },
  {
    source: '§3 order, §4',
    rule: 'side BUY or SELL',
    schema: 'Side',
    pass: [
      ['BUY', 'BUY'],
      ['SELL', 'SELL'],
    ],
    fail: [
      ['lower case', 'buy'],
      ['other', 'HOLD'],
    ],
  },
  {
    source: '§3 order, §4',
    rule: 'order type MARKET (fill or kill) or BULK_MARKET',
    schema: 'OrderType',
    pass: [
      ['MARKET', 'MARKET'],
      ['BULK_MARKET', 'BULK_MARKET'],
    ],
    fail: [
      ['LIMIT', 'LIMIT'],
      ['lower case', 'market'],
    ],
  },
  {
    source: '§5, §9 bulk order; §4 order types',
    rule: 'bulk order: 1–999 orders (stricter than "up to 9999"), BULK_MARKET only',
    schema: 'NewBulkOrderRequest',
    pass: [
      ['one order', bulkRequest([bulkItem()])],
      ['999 orders', bulkRequest(range(999, (i) => bulkItem({order_ref: `r${i}`})))],
      [
        'with req_header and item options',
        bulkRequest(
          [bulkItem({order_type: 'BULK_MARKET', counter_leg_precision: 99, user_data: {desk: 'fx'}})],
          {req_header: {req_id: 'r1'}},
        ),
      ],
      ['empty order_ref', bulkRequest([bulkItem({order_ref: ''})])],
    ],
    fail: [
      ['no order', bulkRequest([])],
      ['1000 orders', bulkRequest(range(1000, () => bulkItem()))],
      ['order_type MARKET', {new_bulk_order: {order_type: 'MARKET', orders: [bulkItem()]}}],
      ['item of type MARKET', bulkRequest([bulkItem({order_type: 'MARKET'})])],
      ['no order_type', {new_bulk_order: {orders: [bulkItem()]}}],
      ['item without order_type', bulkRequest([{...bulkItem(), order_type: undefined}])],
      ['not wrapped in new_bulk_order', {order_type: 'BULK_MARKET', orders: [bulkItem()]}],
      ['bad instrument', bulkRequest([bulkItem({instrument: 'BTC-EUR/1M'})])],
      ['amount with both legs', bulkRequest([bulkItem({amount: {leg_1_amount: '1', leg_2_amount: '1'}})])],
      ['counter_leg_precision 100', bulkRequest([bulkItem({counter_leg_precision: 100})])],
      ['missing side', bulkRequest([bulkItem({side: undefined})])],
    ],
  },
  {
    source: '§3 get bulk order, §9',
    rule: 'order_confirmations: 1–9999',
    schema: 'BulkOrderDetail',
    pass: [
      ['one', bulkDetail([confirmation(1)])],
      ['9999', bulkDetail(range(9999, confirmation))],
      ['lower-case confirmed', bulkDetail([confirmation(1)], {bulk_order_status: 'confirmed'})],
    ],
    fail: [
      ['none', bulkDetail([])],
      ['10000', bulkDetail(range(10000, confirmation))],
      ['unknown status', bulkDetail([confirmation(1)], {bulk_order_status: 'done'})],
    ],
  },
  {
    source: '§4 bulk order status',
    rule: 'REST bulk order status: RECEIVED, DONE, REJECTED',
    schema: 'BulkOrderStatus',
    pass: [
      ['RECEIVED', 'RECEIVED'],
      ['DONE', 'DONE'],
      ['REJECTED', 'REJECTED'],
    ],
    fail: [
      ['confirmed (detail read only)', 'confirmed'],
      ['CANCELLED', 'CANCELLED'],
    ],
  },
  {
    source: '§4 bulk order status',
    rule: 'detail read adds confirmed and rejected in lower case',
    schema: 'BulkOrderDetailStatus',
    pass: [
      ['confirmed', 'confirmed'],
      ['rejected', 'rejected'],
      ['DONE', 'DONE'],
    ],
    fail: [
      ['received in lower case', 'received'],
      ['CONFIRMED in upper case', 'CONFIRMED'],
    ],
  },
  {
    source: '§3 get bulk order (422), §8',
    rule: 'bulk 422: error_code, message and rejected order',
    schema: 'BulkOrderRejection',
    pass: [
      [
        'risk check',
        {
          bulk_order_id: 'blk_1',
          bulk_order_status: 'REJECTED',
          timestamp: TS,
          error_code: 'RiskCheck',
          message: 'Please raise your collateral.',
          order_confirmations: [
            {order_id: 'o1', instrument: 'BTC-EUR', side: 'BUY', amount: {leg_1_amount: '1'}},
          ],
          rejected_order: {
            instrument: 'BTC-EUR',
            side: 'BUY',
            amount: {leg_1_amount: '1'},
            order_ref: 'r1',
            counter_leg_precision: 2,
          },
        },
      ],
    ],
    fail: [
      [
        'no rejected order',
        {
          bulk_order_id: 'blk_1',
          bulk_order_status: 'REJECTED',
          timestamp: TS,
          error_code: 'RiskCheck',
          message: 'x',
          order_confirmations: [
            {order_id: 'o1', instrument: 'BTC-EUR', side: 'BUY', amount: {leg_1_amount: '1'}},
          ],
        },
      ],
      // The 422 form adds to the bulk order read, whose order_confirmations hold 1–9999 entries (issue 31, item 23).
      [
        'no order confirmations',
        {
          bulk_order_id: 'blk_1',
          bulk_order_status: 'REJECTED',
          timestamp: TS,
          error_code: 'RiskCheck',
          message: 'x',
          rejected_order: {instrument: 'BTC-EUR', side: 'BUY', amount: {leg_1_amount: '1'}},
        },
      ],
      [
        'unknown error code',
        {
          bulk_order_id: 'blk_1',
          bulk_order_status: 'REJECTED',
          timestamp: TS,
          error_code: 'Oops',
          message: 'x',
          rejected_order: {instrument: 'BTC-EUR', side: 'BUY', amount: {leg_1_amount: '1'}},
        },
      ],
    ],
  },
  {
    // "The full list for the REST history is not shown (only DONE appears as an example)": the REST
    // schema must not borrow the ten WebSocket statuses, so a value outside them is not refused.
    source: '§4 order status',
    rule: 'REST history order status: list not published (DONE is the example)',
    schema: 'OrderStatus',
    pass: [
      ['DONE', 'DONE'],
      ['a value the WebSocket list does not hold', 'FILLED'],
    ],
    fail: [
      ['a number', 1],
      ['null', null],
    ],
  },
  {
    source: '§4 trade leg status',
    rule: 'trade leg status: UNSPECIFIED, PENDING, SETTLED',
    schema: 'TradeLegStatus',
    pass: [
      ['UNSPECIFIED', 'UNSPECIFIED'],
      ['PENDING', 'PENDING'],
      ['SETTLED', 'SETTLED'],
    ],
    fail: [
      ['FAILED', 'FAILED'],
      ['lower case', 'settled'],
    ],
  },
  {
    source: '§3 order (history)',
    rule: 'order history: exactly one order entry, 0–999 executions',
    schema: 'Order',
    pass: [
      ['one execution', order()],
      ['no execution', order({executions: []})],
      ['999 executions', order({executions: range(999, execution)})],
    ],
    fail: [
      ['no order entry', order({order: []})],
      ['two order entries', order({order: [orderDetails, orderDetails]})],
      ['1000 executions', order({executions: range(1000, execution)})],
      ['bad leg status', order({executions: [{...execution(1), leg_1_status: 'DONE'}]})],
    ],
  },
  {
    source: '§3 trade (history)',
    rule: 'trade history: one order entry with arrived_at',
    schema: 'Trade',
    pass: [['complete', trade()]],
    fail: [
      ['order entry without arrived_at', trade({order: [orderDetails]})],
      [
        'two order entries',
        trade({
          order: [
            {...orderDetails, arrived_at: TS},
            {...orderDetails, arrived_at: TS},
          ],
        }),
      ],
    ],
  },
  {
    source: '§3 order (history)',
    rule: 'orders answer carries more (boolean)',
    schema: 'OrderListResponse',
    pass: [['with more', {orders: [order()], more: false}]],
    fail: [
      ['without more', {orders: [order()]}],
      ['more as string', {orders: [], more: 'false'}],
    ],
  },
  {
    source: '§3 trade message, §9',
    rule: 'sequence number: integer 0–999999999999999',
    schema: 'SeqNumber',
    pass: [
      ['0', 0],
      ['maximum', SEQ_MAX],
    ],
    fail: [
      ['-1', -1],
      ['maximum + 1', SEQ_MAX + 1],
      ['fraction', 1.5],
      ['string', '1'],
    ],
  },

  // Settlement (§3, §4, §5, §9) --------------------------------------------
  {
    source: '§3 settlement request, §5, §9',
    rule: 'trade_ids: 1–9999 unique',
    schema: 'SettlementRequest',
    pass: [
      ['one trade', settlement()],
      ['9999 trades', settlement({trade_ids: tradeIds(9999)})],
      ['with req_header', settlement({req_header: {req_id: 'r1'}})],
    ],
    fail: [
      ['no trade', settlement({trade_ids: []})],
      ['10000 trades', settlement({trade_ids: tradeIds(10000)})],
      ['duplicate trade id', settlement({trade_ids: ['trd_1', 'trd_1']})],
      ['invalid trade id', settlement({trade_ids: ['trd 1']})],
    ],
  },
  {
    source: '§3 settlement request, §5, §9',
    rule: 'request_amounts: 1–99 of currency, from/to address (≤ 100), amount',
    schema: 'SettlementRequest',
    pass: [
      ['one amount', settlement()],
      ['99 amounts', settlement({request_amounts: range(99, () => requestAmount())})],
      ['100-character address', settlement({request_amounts: [requestAmount({to_address: text(100, 'X')})]})],
    ],
    fail: [
      ['no amount', settlement({request_amounts: []})],
      ['100 amounts', settlement({request_amounts: range(100, () => requestAmount())})],
      [
        '101-character address',
        settlement({request_amounts: [requestAmount({from_address: text(101, 'X')})]}),
      ],
      ['lower-case currency', settlement({request_amounts: [requestAmount({currency: 'btc'})]})],
      ['missing to_address', settlement({request_amounts: [requestAmount({to_address: undefined})]})],
      ['bad amount', settlement({request_amounts: [requestAmount({amount: '1.'})]})],
      ['missing client id', settlement({client_settlement_request_id: undefined})],
    ],
  },
  {
    source: '§4 settlement status',
    rule: 'settlement status: RECEIVED, REJECTED, CONFIRMED, PARTIALLY, SETTLED in either case',
    schema: 'SettlementStatus',
    pass: [
      ['PARTIALLY', 'PARTIALLY'],
      ['settled', 'settled'],
      ['RECEIVED', 'RECEIVED'],
    ],
    fail: [
      ['mixed case', 'Settled'],
      ['DONE', 'DONE'],
    ],
  },
  {
    source: '§4 settlement status',
    rule: 'per-amount status never PARTIALLY',
    schema: 'SettlementAmountStatus',
    pass: [
      ['CONFIRMED', 'CONFIRMED'],
      ['settled', 'settled'],
    ],
    fail: [
      ['PARTIALLY', 'PARTIALLY'],
      ['partially', 'partially'],
    ],
  },
  {
    source: '§4 settlement status, §8',
    rule: 'status endpoint: error holds ready or not ready',
    schema: 'SettlementRequestReadiness',
    pass: [
      ['ready', {error: 'ready', timestamp: TS}],
      ['not ready', {error: 'not ready', timestamp: TS}],
    ],
    fail: [
      ['READY', {error: 'READY', timestamp: TS}],
      ['no timestamp', {error: 'ready'}],
    ],
  },
  {
    source: '§3 settlement detail',
    rule: 'trade ids grouped as unknown, conflicting, already_settled, settled, pending, cancelled',
    schema: 'SettlementTradeIds',
    pass: [
      [
        'all groups',
        {unknown: [], conflicting: [], already_settled: [], settled: ['trd_1'], pending: [], cancelled: []},
      ],
    ],
    fail: [
      ['missing group', {unknown: [], conflicting: [], already_settled: [], settled: [], pending: []}],
      [
        'duplicate in a group',
        {
          unknown: [],
          conflicting: [],
          already_settled: [],
          settled: ['trd_1', 'trd_1'],
          pending: [],
          cancelled: [],
        },
      ],
    ],
  },
  {
    source: '§3 settlement detail',
    rule: 'address as address plus a valid flag',
    schema: 'CheckedAddress',
    pass: [['valid', {address: 'DE89370400440532013000', valid: true}]],
    fail: [
      ['plain string', 'DE89370400440532013000'],
      ['flag as string', {address: 'DE89', valid: 'true'}],
    ],
  },

  // Transactions (§3, §5) --------------------------------------------------
  {
    source: '§3 transaction',
    rule: 'reference_type enum',
    schema: 'ReferenceType',
    pass: [
      ['on_chain_transaction_id', 'on_chain_transaction_id'],
      ['sepa_reference', 'sepa_reference'],
      ['sepa_description', 'sepa_description'],
      ['sepa_end_to_end_id', 'sepa_end_to_end_id'],
    ],
    fail: [
      ['swift', 'swift_reference'],
      ['upper case', 'SEPA_REFERENCE'],
    ],
  },
  {
    source: '§3 transaction',
    rule: 'settlement_requests: 0–99 unique; settlement_request_amounts 0–99; addresses ≤ 100',
    schema: 'Transaction',
    pass: [
      ['no settlement request', transaction()],
      [
        '99 settlement requests',
        transaction({settlement_requests: range(99, (i) => mappedRequest([], `stl_${i}`))}),
      ],
      [
        '99 mapped amounts',
        transaction({
          settlement_requests: [
            mappedRequest(range(99, (i) => ({settlement_request_amount_id: `sra_${i}`, amount: '1'}))),
          ],
        }),
      ],
    ],
    fail: [
      [
        '100 settlement requests',
        transaction({settlement_requests: range(100, (i) => mappedRequest([], `stl_${i}`))}),
      ],
      [
        'duplicate settlement request',
        transaction({settlement_requests: [mappedRequest([]), mappedRequest([])]}),
      ],
      [
        '100 mapped amounts',
        transaction({
          settlement_requests: [
            mappedRequest(range(100, (i) => ({settlement_request_amount_id: `sra_${i}`, amount: '1'}))),
          ],
        }),
      ],
      ['101-character address', transaction({to_address: text(101, 'X')})],
      ['bad reference type', transaction({reference_type: 'iban'})],
    ],
  },
  {
    source: '§5 transaction filters',
    rule: 'settlement_request_ids filter: 1–99 unique ids',
    schema: PARAM('SettlementRequestIdsQuery'),
    pass: [
      ['one id', ['stl_1']],
      ['99 ids', range(99, (i) => `stl_${i}`)],
    ],
    fail: [
      ['no id', []],
      ['100 ids', range(100, (i) => `stl_${i}`)],
      ['duplicates', ['stl_1', 'stl_1']],
      ['invalid id', ['stl 1']],
    ],
  },
  {
    source: '§5 transaction filters',
    rule: 'client_settlement_request_ids filter: 1–99 unique ids',
    schema: PARAM('ClientSettlementRequestIdsQuery'),
    pass: [
      ['one id', ['settle-1']],
      ['99 ids', range(99, (i) => `c${i}`)],
    ],
    fail: [
      ['no id', []],
      ['100 ids', range(100, (i) => `c${i}`)],
      ['duplicates', ['c', 'c']],
    ],
  },
  {
    source: '§5 mapped amounts',
    rule: 'mapping: settlement_request_amount_id required, amount optional decimal',
    schema: 'TransactionMappingRequest',
    pass: [
      ['with amount', {settlement_request_amount_id: 'sra_1', amount: '0.25'}],
      ['without amount', {settlement_request_amount_id: 'sra_1'}],
    ],
    fail: [
      ['no id', {amount: '1'}],
      ['bad amount', {settlement_request_amount_id: 'sra_1', amount: '-1'}],
      ['unknown field', {settlement_request_amount_id: 'sra_1', note: 'x'}],
    ],
  },

  // Pagination (§9) --------------------------------------------------------
  {
    source: '§9 pagination',
    rule: 'limit: integer 10–9999',
    schema: PARAM('Limit'),
    pass: [
      ['10', 10],
      ['100 (default)', 100],
      ['9999', 9999],
    ],
    fail: [
      ['9', 9],
      ['10000', 10000],
      ['fraction', 10.5],
    ],
  },
  {
    source: '§9 pagination',
    rule: 'skip: integer 0–9999 (pages; the WebSocket-schema cap 9999)',
    schema: PARAM('Skip'),
    pass: [
      ['0', 0],
      ['the cap', 9999],
    ],
    fail: [
      ['-1', -1],
      ['fraction', 0.5],
      ['above the cap', 10000],
    ],
  },
  {
    source: '§3 transaction list, §9',
    rule: 'pagination answer: skip, limit 10–9999, total_count 0–9999999',
    schema: 'Pagination',
    pass: [
      ['first page', {skip: 0, limit: 100, total_count: 0}],
      ['maxima', {skip: 5, limit: 9999, total_count: 9999999}],
    ],
    fail: [
      ['total_count too high', {skip: 0, limit: 100, total_count: 10000000}],
      ['limit 9', {skip: 0, limit: 9, total_count: 1}],
      ['missing total_count', {skip: 0, limit: 100}],
    ],
  },
  {
    source: '§3 transaction list',
    rule: 'transaction_history: up to 99999',
    schema: 'TransactionListResponse',
    pass: [
      [
        '99999 transactions',
        {
          transaction_history: range(99999, () => transaction()),
          pagination: {skip: 0, limit: 9999, total_count: 99999},
        },
      ],
    ],
    fail: [
      [
        '100000 transactions',
        {
          transaction_history: range(100000, () => transaction()),
          pagination: {skip: 0, limit: 9999, total_count: 100000},
        },
      ],
    ],
  },
  {
    source: '§7 query',
    rule: 'from_datetime / to_datetime are timestamps',
    schema: PARAM('FromDatetime'),
    pass: [['timestamp', TS]],
    fail: [
      ['milliseconds only', '2026-11-20T00:00:00.000Z'],
      ['date', '2026-11-20'],
    ],
  },

  // Error catalogue (§8) ---------------------------------------------------
  {
    source: '§8',
    rule: 'error body: error and timestamp',
    schema: 'Error',
    pass: [
      ['code', {error: 'Unauthorized', timestamp: TS}],
      ['text', {error: 'The request is not processable.', timestamp: TS}],
    ],
    fail: [
      ['no timestamp', {error: 'NotFound'}],
      ['no error', {timestamp: TS}],
      ['empty error', {error: '', timestamp: TS}],
    ],
  },
  {
    source: '§8',
    rule: '500 adds error_text of 1–1000 characters',
    schema: 'InternalServerErrorBody',
    pass: [
      ['1 character', {error: 'InternalServerError', error_text: 'x', timestamp: TS}],
      ['1000 characters', {error: 'InternalServerError', error_text: text(1000), timestamp: TS}],
    ],
    fail: [
      ['empty', {error: 'InternalServerError', error_text: '', timestamp: TS}],
      ['1001 characters', {error: 'InternalServerError', error_text: text(1001), timestamp: TS}],
      ['missing error_text', {error: 'InternalServerError', timestamp: TS}],
    ],
  },
  {
    source: '§8',
    rule: '409 on a settlement request returns the ids',
    schema: 'SettlementRequestConflict',
    pass: [
      [
        'ids',
        {
          error: 'The req_id has been processed already.',
          timestamp: TS,
          settlement_request_id: 'stl_1',
          client_settlement_request_id: 'settle-1',
        },
      ],
    ],
    fail: [['no ids', {error: 'The req_id has been processed already.', timestamp: TS}]],
  },
  {
    source: '§8',
    rule: 'default response: plain text up to 1000 characters',
    schema: 'DefaultErrorText',
    pass: [['1000 characters', text(1000)]],
    fail: [
      ['1001 characters', text(1001)],
      ['object', {error: 'x'}],
    ],
  },
  {
    source: '§8',
    rule: 'error catalogue codes',
    schema: 'ErrorCode',
    pass: [
      ['DuplicateReq', 'DuplicateReq'],
      ['AmountTooAccurate', 'AmountTooAccurate'],
      ['ERROR_DUPLICATE', 'ERROR_DUPLICATE'],
    ],
    fail: [
      ['unknown code', 'BadThing'],
      ['lower case', 'notfound'],
    ],
  },
];

/** Undefined fields mean "leave the field out"; JSON has no undefined. */
const asJson = (value: unknown): unknown =>
  value === undefined ? undefined : JSON.parse(JSON.stringify(value));

const schemaPointer = (schema: string): string =>
  schema.startsWith('#/') ? schema : `#/components/schemas/${schema}`;

describe('OpenAPI constraints from the specification', () => {
  describe.each(rules.map((r) => [`${r.source}: ${r.rule}`, r] as const))('%s', (_title, rule) => {
    const pointer = schemaPointer(rule.schema);

    it.each(rule.pass.map(([label, value]) => [label, value] as const))('accepts %s', (label, value) => {
      const result = spec.validate(pointer, asJson(value));
      expect(result.valid, `${rule.rule}: "${label}" should pass ${pointer}\n${result.errors}`).toBe(true);
    });

    it.each(rule.fail.map(([label, value]) => [label, value] as const))('rejects %s', (label, value) => {
      const result = spec.validate(pointer, asJson(value));
      expect(result.valid, `${rule.rule}: "${label}" should fail ${pointer}`).toBe(false);
    });
  });

  it('documents the pagination defaults (limit 100, skip 0)', () => {
    expect(resolvePointer(spec.doc, '/components/schemas/PageLimit/default')).toBe(100);
    expect(resolvePointer(spec.doc, '/components/schemas/PageSkip/default')).toBe(0);
  });

  it('marks from_datetime and to_datetime as required and the paging parameters as optional', () => {
    expect(resolvePointer(spec.doc, '/components/parameters/FromDatetime/required')).toBe(true);
    expect(resolvePointer(spec.doc, '/components/parameters/ToDatetime/required')).toBe(true);
    expect(resolvePointer(spec.doc, '/components/parameters/SeqNumberRequired/required')).toBe(true);
    expect(resolvePointer(spec.doc, '/components/parameters/Limit/required')).toBe(false);
    expect(resolvePointer(spec.doc, '/components/parameters/Skip/required')).toBe(false);
  });
});
