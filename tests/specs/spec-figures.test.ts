/**
 * The specification's figures, pinned (issue 13): one row per limit, default, enum or name that
 * sections 3, 5 and 9 of the product specification give for the API, each checked against the
 * value the documents hold at a JSON pointer. A figure changed in a document, or copied wrong
 * (transaction_history was once 9999 instead of 99999), fails its row by name.
 *
 * openapi.constraints.test.ts and asyncapi.constraints.test.ts check the same rules by behaviour
 * (values that must pass or fail); this table pins the figures themselves, so a document cannot
 * satisfy a sample while stating another number.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {asyncapi, at, openapi, ROOT} from '../unit/guides/documents';

type Doc = 'openapi' | 'asyncapi';
type Row = readonly [section: string, figure: string, doc: Doc, pointer: string, expected: unknown];

const O = '/components/schemas';
const DECIMAL = '^[0-9]{1,19}(\\.[0-9]{1,50})?$';
const TIMESTAMP = '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{6}Z$';
const ID = '^[A-Za-z0-9#_-]{1,36}$';
const INSTRUMENT = '^[A-Z][A-Z0-9]{0,4}-[A-Z][A-Z0-9]{0,4}(/SP)?$';
const SEQ_MAX = 999_999_999_999_999;

/** The same figure in both documents: one row each. */
const both = (section: string, figure: string, pointer: string, expected: unknown): Row[] => [
  [section, figure, 'openapi', pointer, expected],
  [section, figure, 'asyncapi', pointer, expected],
];

// A table, one figure per line: kept as written.
// prettier-ignore
const rows: Row[] = [
  // ---------------------------------------------------------------- §3 shared formats
  ...both('§3 shared formats', 'quantity and price: up to 19 integer digits, 1-50 fraction digits', `${O}/Decimal/pattern`, DECIMAL),
  ...both('§3 shared formats', 'quantity and price: at most 70 characters', `${O}/Decimal/maxLength`, 70),
  ...both('§3 shared formats', 'timestamps: UTC, six decimals, ending in Z', `${O}/Timestamp/pattern`, TIMESTAMP),
  ['§3 shared formats', 'external reference: 0 characters at least', 'openapi', `${O}/ExternalRef/minLength`, 0],
  ['§3 shared formats', 'external reference: at most 100 characters', 'openapi', `${O}/ExternalRef/maxLength`, 100],
  ...both('§3 shared formats', 'order_ref: letters, digits, #, _, -', `${O}/OrderRef/pattern`, '^[A-Za-z0-9#_-]*$'),
  ...both('§3 shared formats', 'order_ref: up to 100', `${O}/OrderRef/maxLength`, 100),
  ...both('§3 shared formats', 'internal id: 1-36 letters, digits, #, _, -', `${O}/Id/pattern`, ID),
  ...both('§3 shared formats', 'internal id: at least 1 character', `${O}/Id/minLength`, 1),
  ...both('§3 shared formats', 'internal id: at most 36 characters', `${O}/Id/maxLength`, 36),
  ...both('§3 shared formats', 'req_id: 1-100 letters, digits, #, _, -', `${O}/ReqId/pattern`, '^[A-Za-z0-9#_-]{1,100}$'),
  ...both('§3 shared formats', 'user_data: at least 1 tag/value pair', `${O}/UserData/minProperties`, 1),
  ...both('§3 shared formats', 'user_data: at most 100 tag/value pairs (§9: up to 100 entries)', `${O}/UserData/maxProperties`, 100),
  ...both('§3 shared formats', 'user_data tag: 1-16 letters, digits, - or _', `${O}/UserData/propertyNames/pattern`, '^[A-Za-z0-9_-]{1,16}$'),
  ...both('§3 shared formats', 'user_data value: at least 1 character', `${O}/UserData/additionalProperties/minLength`, 1),
  ...both('§3 shared formats', 'user_data value: at most 100 characters', `${O}/UserData/additionalProperties/maxLength`, 100),
  ...both('§3 shared formats', 'req_header: req_id required', `${O}/ReqHeader/required`, ['req_id']),

  // ---------------------------------------------------------------- §3 instrument, asset, risk
  ...both('§3 instrument', 'BASE-QUOTE with optional /SP, asset codes a capital then up to 4 capitals or digits', `${O}/Instrument/pattern`, INSTRUMENT),
  ...both('§3 instrument', 'maximum length 15', `${O}/Instrument/maxLength`, 15),
  ['§3 instrument', 'tenor: only SP', 'openapi', `${O}/Tenor/enum`, ['SP']],
  ['§3 instrument', 'fields', 'openapi', `${O}/InstrumentDetails/required`, ['instrument', 'leg_1_asset', 'leg_2_asset', 'tenor', 'maximum_order_quantity']],
  ['§3 asset', 'name: 1-15 letters or digits', 'openapi', `${O}/Asset/properties/name/pattern`, '^[A-Za-z0-9]{1,15}$'],
  ['§3 asset', 'code: 1-10 capitals or digits', 'openapi', `${O}/AssetCode/pattern`, '^[A-Z0-9]{1,10}$'],
  ['§3 asset', 'precision: at least 0', 'openapi', `${O}/AssetPrecision/minimum`, 0],
  ['§3 asset, §9', 'precision: at most 50', 'openapi', `${O}/AssetPrecision/maximum`, 50],
  ['§3 risk figures', 'fiat amounts: at least 0', 'openapi', `${O}/FiatRiskAmount/minimum`, 0],
  ['§3 risk figures', 'fiat amounts: at most 999999999999999', 'openapi', `${O}/FiatRiskAmount/maximum`, SEQ_MAX],
  ['§3 risk figures', 'fiat amounts: step 0.001', 'openapi', `${O}/FiatRiskAmount/multipleOf`, 0.001],
  ['§3 risk figures', 'margin_usage: at least 0', 'openapi', `${O}/RiskFigures/properties/margin_usage/minimum`, 0],
  ['§3 risk figures', 'margin_usage: at most 999', 'openapi', `${O}/RiskFigures/properties/margin_usage/maximum`, 999],
  ['§3 risk figures', 'margin_usage: step 0.0001', 'openapi', `${O}/RiskFigures/properties/margin_usage/multipleOf`, 0.0001],

  // ---------------------------------------------------------------- §3 orders
  ...both('§3 order', 'order_type: MARKET or BULK_MARKET', `${O}/OrderType/enum`, ['MARKET', 'BULK_MARKET']),
  ...both('§3 order', 'side: BUY or SELL', `${O}/Side/enum`, ['BUY', 'SELL']),
  ...both('§3 order, §5', 'amount: exactly one of leg_1_amount or leg_2_amount (at least one)', `${O}/Amount/minProperties`, 1),
  ...both('§3 order, §5', 'amount: exactly one of leg_1_amount or leg_2_amount (at most one)', `${O}/Amount/maxProperties`, 1),
  ['§3 order, §9', 'counter_leg_precision: at least 0', 'openapi', `${O}/CounterLegPrecision/minimum`, 0],
  ['§3 order, §9', 'counter_leg_precision: at most 99', 'openapi', `${O}/CounterLegPrecision/maximum`, 99],
  ['§3 order, §9', 'counter_leg_precision (WebSocket): at most 99', 'asyncapi', `${O}/NewOrder/properties/counter_leg_precision/maximum`, 99],
  ['§3 bulk order request, §5', 'orders: at least 1', 'openapi', `${O}/NewBulkOrder/properties/orders/minItems`, 1],
  ['§3 bulk order request, §5, §9', 'orders: at most 999', 'openapi', `${O}/NewBulkOrder/properties/orders/maxItems`, 999],
  ['§4 order types', 'bulk order_type: BULK_MARKET only', 'openapi', `${O}/NewBulkOrder/properties/order_type/const`, 'BULK_MARKET'],
  ['§3 bulk order response', 'fields', 'openapi', `${O}/BulkOrderAccepted/required`, ['bulk_order_id', 'bulk_order_status', 'timestamp']],
  ['§3 get bulk order, §9', 'order_confirmations: at least 1', 'openapi', `${O}/BulkOrderDetail/properties/order_confirmations/minItems`, 1],
  ['§3 get bulk order, §9', 'order_confirmations: up to 9999', 'openapi', `${O}/BulkOrderDetail/properties/order_confirmations/maxItems`, 9999],
  ['§3 order (history)', 'order: exactly one entry (at least)', 'openapi', `${O}/Order/properties/order/minItems`, 1],
  ['§3 order (history)', 'order: exactly one entry (at most)', 'openapi', `${O}/Order/properties/order/maxItems`, 1],
  ['§3 order (history)', 'executions: 0 at least', 'openapi', `${O}/ExecutionList/minItems`, 0],
  ['§3 order (history)', 'executions: up to 999', 'openapi', `${O}/ExecutionList/maxItems`, 999],
  ['§3 trade (history)', 'order: one entry', 'openapi', `${O}/Trade/properties/order/maxItems`, 1],
  ['§4 trade leg status', 'UNSPECIFIED, PENDING, SETTLED', 'openapi', `${O}/TradeLegStatus/enum`, ['UNSPECIFIED', 'PENDING', 'SETTLED']],
  ['§4 trade leg status', 'UNSPECIFIED, PENDING, SETTLED (WebSocket)', 'asyncapi', `${O}/LegStatus/enum`, ['UNSPECIFIED', 'PENDING', 'SETTLED']],
  ['§4 order status', 'REST history: the full list is not shown (no enum)', 'openapi', `${O}/OrderStatus/enum`, undefined],
  ['§4 order status', 'REST history: only DONE appears as an example', 'openapi', `${O}/OrderStatus/examples`, ['DONE']],
  ['§4 order status', 'WebSocket: the ten statuses', 'asyncapi', `${O}/OrderStatus/enum`, ['UNSPECIFIED', 'RECEIVED', 'CONFIRMED', 'DUPLICATE', 'REJECTED', 'OPEN', 'UPDATED', 'CANCELLED', 'EXPIRED', 'DONE']],
  ['§4 bulk order status', 'REST: RECEIVED, DONE, REJECTED', 'openapi', `${O}/BulkOrderStatus/enum`, ['RECEIVED', 'DONE', 'REJECTED']],
  ['§4 bulk order status', 'detail read adds confirmed and rejected in lower case', 'openapi', `${O}/BulkOrderDetailStatus/enum`, ['RECEIVED', 'DONE', 'REJECTED', 'confirmed', 'rejected']],

  // ---------------------------------------------------------------- §3 settlement and transactions
  ['§3 settlement request, §5', 'trade_ids: at least 1', 'openapi', `${O}/SettlementRequest/properties/trade_ids/minItems`, 1],
  ['§3 settlement request, §5, §9', 'trade_ids: up to 9999', 'openapi', `${O}/SettlementRequest/properties/trade_ids/maxItems`, 9999],
  ['§3 settlement request, §5', 'trade_ids: unique', 'openapi', `${O}/SettlementRequest/properties/trade_ids/uniqueItems`, true],
  ['§3 settlement request, §5', 'request_amounts: at least 1', 'openapi', `${O}/SettlementRequest/properties/request_amounts/minItems`, 1],
  ['§3 settlement request, §5, §9', 'request_amounts: up to 99', 'openapi', `${O}/SettlementRequest/properties/request_amounts/maxItems`, 99],
  ['§3 settlement request', 'amount: currency, from_address, to_address, amount', 'openapi', `${O}/SettlementRequestAmount/required`, ['currency', 'from_address', 'to_address', 'amount']],
  ['§3 settlement request', 'trade ids grouped as unknown, conflicting, already_settled, settled, pending, cancelled', 'openapi', `${O}/SettlementTradeIds/required`, ['unknown', 'conflicting', 'already_settled', 'settled', 'pending', 'cancelled']],
  ['§4 settlement status', 'RECEIVED, REJECTED, CONFIRMED, PARTIALLY, SETTLED (either case)', 'openapi', `${O}/SettlementStatus/enum`, ['RECEIVED', 'REJECTED', 'CONFIRMED', 'PARTIALLY', 'SETTLED', 'received', 'rejected', 'confirmed', 'partially', 'settled']],
  ['§4 settlement status', 'per-amount status does not use PARTIALLY', 'openapi', `${O}/SettlementAmountStatus/enum`, ['RECEIVED', 'REJECTED', 'CONFIRMED', 'SETTLED', 'received', 'rejected', 'confirmed', 'settled']],
  ['§4 settlement status', 'ready or not ready', 'openapi', `${O}/SettlementReadiness/enum`, ['ready', 'not ready']],
  ['§3 transaction', 'addresses: at most 100 characters', 'openapi', `${O}/Address/maxLength`, 100],
  ['§3 transaction', 'reference_type values', 'openapi', `${O}/ReferenceType/enum`, ['on_chain_transaction_id', 'sepa_reference', 'sepa_description', 'sepa_end_to_end_id']],
  ['§3 transaction', 'settlement_requests: 0 at least', 'openapi', `${O}/Transaction/properties/settlement_requests/minItems`, 0],
  ['§3 transaction', 'settlement_requests: up to 99', 'openapi', `${O}/Transaction/properties/settlement_requests/maxItems`, 99],
  ['§3 transaction', 'settlement_requests: unique', 'openapi', `${O}/Transaction/properties/settlement_requests/uniqueItems`, true],
  ['§3 transaction', 'settlement_request_amounts: up to 99', 'openapi', `${O}/TransactionSettlementRequest/properties/settlement_request_amounts/maxItems`, 99],
  ['§3 transaction', 'transaction_history: up to 99999', 'openapi', `${O}/TransactionListResponse/properties/transaction_history/maxItems`, 99999],
  ['§3 transaction', 'pagination total_count: at least 0', 'openapi', `${O}/Pagination/properties/total_count/minimum`, 0],
  ['§3 transaction', 'pagination total_count: at most 9999999', 'openapi', `${O}/Pagination/properties/total_count/maximum`, 9999999],

  // ---------------------------------------------------------------- §3 WebSocket messages
  ['§3 order status message', 'rejection_reason: UNSPECIFIED or INVALID_REQUEST', 'asyncapi', `${O}/RejectionReason/enum`, ['UNSPECIFIED', 'INVALID_REQUEST']],
  ['§3 order status message', 'rejection_text: at least 1 character', 'asyncapi', `${O}/RejectionText/minLength`, 1],
  ['§3 order status message', 'rejection_text: at most 1000 characters', 'asyncapi', `${O}/RejectionText/maxLength`, 1000],
  ...both('§3 trade message, §9', 'seq_number: at least 0', `${O}/SeqNumber/minimum`, 0),
  ...both('§3 trade message, §9', 'seq_number: at most 999999999999999', `${O}/SeqNumber/maximum`, SEQ_MAX),
  ['§3 price update, §9', 'update_list: at least 1 entry', 'asyncapi', `${O}/PriceUpdate/properties/update_list/minItems`, 1],
  ['§3 price update, §9', 'update_list: up to 100 entries', 'asyncapi', `${O}/PriceUpdate/properties/update_list/maxItems`, 100],
  ['§3 price update, §9', 'levels: up to 999', 'asyncapi', `${O}/PriceUpdateEntry/properties/levels/maxItems`, 999],
  ['§4 channel and price status', 'price status: ACTUAL, PARTIAL, UNAVAILABLE, ERROR', 'asyncapi', `${O}/PriceStatus/enum`, ['ACTUAL', 'PARTIAL', 'UNAVAILABLE', 'ERROR']],
  ['§4 channel and price status', 'channel status: ACTIVE, CLOSED', 'asyncapi', `${O}/ChannelStatus/enum`, ['ACTIVE', 'CLOSED']],
  ['§3 subscription', 'subscription_id: at least 1 character', 'asyncapi', `${O}/SubscriptionId/minLength`, 1],
  ['§3 subscription', 'subscription_id: at most 100 characters', 'asyncapi', `${O}/SubscriptionId/maxLength`, 100],

  // ---------------------------------------------------------------- §5 validation rules
  ['§5', 'settlement id filters: at least 1 id', 'openapi', '/components/parameters/SettlementRequestIdsQuery/schema/minItems', 1],
  ['§5', 'settlement id filters: at most 99 ids', 'openapi', '/components/parameters/SettlementRequestIdsQuery/schema/maxItems', 99],
  ['§5', 'settlement id filters: unique', 'openapi', '/components/parameters/SettlementRequestIdsQuery/schema/uniqueItems', true],
  ['§5', 'client settlement id filters: at most 99 ids', 'openapi', '/components/parameters/ClientSettlementRequestIdsQuery/schema/maxItems', 99],
  ['§5', 'client settlement id filters: unique', 'openapi', '/components/parameters/ClientSettlementRequestIdsQuery/schema/uniqueItems', true],
  ['§5', 'channel: orders, prices or trades', 'asyncapi', `${O}/Channel/enum`, ['orders', 'prices', 'trades']],
  ['§5, §9', 'price subscribe list: at least 1 item', 'asyncapi', `${O}/SubscribeInstruments/properties/subscriptions/minItems`, 1],
  ['§5, §9', 'price subscribe list: at most 999 items', 'asyncapi', `${O}/SubscribeInstruments/properties/subscriptions/maxItems`, 999],
  ['§5', 'price unsubscribe list: at least 1 item', 'asyncapi', `${O}/UnsubscribeInstruments/properties/subscription_ids/minItems`, 1],
  ['§5', 'price unsubscribe list: at most 999 items', 'asyncapi', `${O}/UnsubscribeInstruments/properties/subscription_ids/maxItems`, 999],
  ['§5', 'trade subscription: not both seq_number and execution_time', 'asyncapi', `${O}/SubscribeTradeChannel/not/required`, ['seq_number', 'execution_time']],
  ['§5', 'max_frequency above 0 only when mergeable is true (if mergeable false …)', 'asyncapi', `${O}/Subscription/if/properties/mergeable/const`, false],
  ['§5', '… then max_frequency is 0', 'asyncapi', `${O}/Subscription/then/properties/max_frequency/const`, 0],
  ['§7, §5', 'trades channel path is not shown: address null', 'asyncapi', '/channels/trades/address', null],

  // ---------------------------------------------------------------- §9 business constants and limits
  ['§9 pagination', 'limit: at least 10', 'openapi', `${O}/PageLimit/minimum`, 10],
  ['§9 pagination', 'limit: at most 9999', 'openapi', `${O}/PageLimit/maximum`, 9999],
  ['§9 pagination', 'limit: default 100', 'openapi', `${O}/PageLimit/default`, 100],
  ['§9 pagination', 'skip: at least 0', 'openapi', `${O}/PageSkip/minimum`, 0],
  ['§9 pagination', 'skip: default 0', 'openapi', `${O}/PageSkip/default`, 0],
  ['§9 heartbeat', 'heartbeat interval: at least 0', 'asyncapi', `${O}/HeartbeatInterval/minimum`, 0],
  ['§9 heartbeat', 'heartbeat interval: at most 600 seconds', 'asyncapi', `${O}/HeartbeatInterval/maximum`, 600],
  ['§9 heartbeat', 'heartbeat interval: default 0 (off)', 'asyncapi', `${O}/HeartbeatInterval/default`, 0],
  ['§9 subscription', 'max_frequency: at least 0', 'asyncapi', `${O}/Subscription/properties/max_frequency/minimum`, 0],
  ['§9 subscription', 'max_frequency: at most 100000 ms', 'asyncapi', `${O}/Subscription/properties/max_frequency/maximum`, 100000],
  ['§9 subscription', 'max_frequency: default 0', 'asyncapi', `${O}/Subscription/properties/max_frequency/default`, 0],
  ['§9 subscription', 'max_pending: at least 0', 'asyncapi', `${O}/Subscription/properties/max_pending/minimum`, 0],
  ['§9 subscription', 'max_pending: at most 100000', 'asyncapi', `${O}/Subscription/properties/max_pending/maximum`, 100000],
  ['§9 subscription', 'max_pending: default 1000', 'asyncapi', `${O}/Subscription/properties/max_pending/default`, 1000],
  ['§9 subscription', 'mergeable: default true', 'asyncapi', `${O}/Subscription/properties/mergeable/default`, true],
];

/** Figures the specification states in words; the documents must carry the words. */
const statedInWords: readonly [
  section: string,
  figure: string,
  doc: Doc,
  pointer: string,
  pattern: RegExp,
][] = [
  [
    '§5, §9',
    'req_id idempotency window for settlement requests: one hour',
    'openapi',
    `${O}/SettlementRequest/description`,
    /one hour/,
  ],
  [
    '§9',
    'bulk order: 1-999 orders (the description mentions up to 9999)',
    'openapi',
    `${O}/NewBulkOrder/properties/orders/x-reading/text`,
    /1-999[\s\S]*9999/,
  ],
  ['§9', 'skip counts pages', 'openapi', `${O}/PageSkip/description`, /counts pages/],
  [
    '§9',
    'the number of levels can differ between production and pre-production',
    'asyncapi',
    '/components/messages/price_update/description',
    /can differ\s+between production and pre-production/,
  ],
  ['§3', 'seq_number wraps to 0', 'asyncapi', `${O}/SeqNumber/description`, /wraps to 0/],
  [
    '§3',
    'margin_usage should be kept well below 1',
    'openapi',
    `${O}/RiskFigures/description`,
    /well below 1/,
  ],
  [
    '§5',
    'with neither seq_number nor execution_time, delivery starts at the first trade of the current day',
    'asyncapi',
    `${O}/SubscribeTradeChannel/description`,
    /first trade of the current day/,
  ],
];

const docs = {openapi, asyncapi};

describe('the specification’s figures (sections 3, 5 and 9) in the documents', () => {
  it.each(rows.map((r) => [`${r[0]}: ${r[1]} — ${r[2]}#${r[3]}`, r] as const))('%s', (_label, row) => {
    const [, figure, doc, pointer, expected] = row;
    if (expected !== undefined) expect(at(docs[doc], pointer), `${doc}#${pointer} must exist`).toBeDefined();
    expect(at(docs[doc], pointer), figure).toEqual(expected);
  });

  it.each(statedInWords.map((r) => [`${r[0]}: ${r[1]}`, r] as const))('%s', (_label, row) => {
    const [, , doc, pointer, pattern] = row;
    expect(String(at(docs[doc], pointer))).toMatch(pattern);
  });

  it('the site figure of section 9 the configuration sets: table of contents levels 2 to 3', () => {
    const config = readFileSync(path.join(ROOT, 'docusaurus.config.ts'), 'utf8');
    expect(config).toContain('tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3}');
  });

  it('a wrong figure fails its row (the table is real)', () => {
    expect(at(openapi, `${O}/TransactionListResponse/properties/transaction_history/maxItems`)).not.toEqual(
      9999,
    );
    expect(at(openapi, `${O}/PageLimit/maximum`)).not.toEqual(999);
  });
});
