/**
 * The documented choices: every place where the API documents choose one reading of the provider's
 * specification, listed by hand so that a test can hold the documents to the promise of
 * docs/intro.mdx ("Where the API documents choose a reading, they say so at that place").
 *
 * What counts as a documented choice, concretely: a statement of the references or the guides
 * (a constraint, a field's presence, a value, an example's pairing) that the specification's words
 * allow but do not decide. Each entry quotes the words it reads (`specification`) and lists
 *
 * - `places`: every anchor of the references where the choice shows, i.e. every element whose
 *   rendered description carries the `x-reading` of that id (a field using a type whose reading
 *   it shares, a parameter, an operation, a message). The list is exact: a place the references
 *   show and the list lacks fails too, so a new use of a marked type is looked at once.
 * - `guides`: the guide paragraphs that state the choice, each found by a phrase of it; each must
 *   say it is a reading.
 *
 * The list started from the choices the root README names (the decimal fraction, the skip cap,
 * optional heartbeats, the provider's fixed code), issue 31's ambiguities and issue 37's review
 * (§6). A choice not in this list is one nobody has noticed yet: add it here with its places when
 * you mark it, and tests/specs/readings.test.ts fails until the documents carry the mark.
 */
export interface DocumentedChoice {
  /** The `x-reading` id. */
  id: string;
  /** The words of the specification (/work/shared/seed) the choice reads. */
  specification: string;
  /** Reference anchors (`/rest#…`, `/docs/ws#…`) that show the reading, exactly. */
  places: string[];
  guides: {guide: string; phrase: string}[];
}

export const DOCUMENTED_CHOICES: readonly DocumentedChoice[] = [
  {
    id: 'decimal-fraction',
    specification: 'up to 19 integer digits and 1-50 fraction digits, maximum 70 characters',
    places: [
      '/rest#data-type-decimal-string',
      '/docs/ws#data-type-decimal',
      '/rest#listTrades.query.price_from',
      '/rest#listTrades.query.price_to',
      '/rest#listTrades.query.leg_1_from',
      '/rest#listTrades.query.leg_1_to',
      '/rest#listTrades.query.leg_2_from',
      '/rest#listTrades.query.leg_2_to',
      '/rest#listTransactions.query.min_amount',
      '/rest#listTransactions.query.max_amount',
    ],
    guides: [{guide: 'rest_overview', phrase: 'A whole number such as `"1000000"` is valid'}],
  },
  {
    id: 'skip-cap',
    specification: 'skip 0 or more, default 0 (skip counts pages; WebSocket-schema cap 9999)',
    places: [
      '/rest#listOrders.query.skip',
      '/rest#listTrades.query.skip',
      '/rest#listTransactions.query.skip',
      '/rest#listTransactions.response-200.pagination.skip',
    ],
    guides: [{guide: 'rest_overview', phrase: '0 to 9999, default 0'}],
  },
  {
    id: 'order-ref-pattern',
    specification:
      'External reference: 0-100 characters (order_ref pattern: letters, digits, #, _, -, up to 100)',
    places: [
      '/rest#data-type-external-reference',
      '/rest#data-type-order-reference',
      '/docs/ws#data-type-order-reference',
      '/rest#listOrders.query.order_ref',
      '/rest#listTransactions.query.client_settlement_request_ids[]',
    ],
    guides: [{guide: 'rest_overview', phrase: 'the API documents hold order\nreferences to it'}],
  },
  {
    id: 'trades-sequence-optional',
    specification:
      'GET /api/orders/sequence: seq_number (required), limit; GET /api/trades/sequence: seq_number, limit',
    places: ['/rest#listTradesBySequence.query.seq_number'],
    guides: [],
  },
  {
    id: 'websocket-orders-in-history',
    specification:
      'Settlement flow: Place order, get trade data, post settlement request… (single orders only over WebSocket; nothing says they appear in the REST history)',
    places: ['/rest#listOrders', '/rest#listTrades', '/docs/ws#new_order'],
    guides: [
      {guide: 'websockets', phrase: 'Nor does it\nsay whether orders placed here appear'},
      {guide: 'getting_started', phrase: 'The provider does not say that an order\nplaced over WebSocket'},
      {guide: 'rest_overview', phrase: 'whether that history includes orders'},
    ],
  },
  {
    id: 'counter-leg-precision',
    specification: 'counter_leg_precision (optional integer 0-99)',
    places: [
      '/rest#createBulkOrder.request.new_bulk_order.orders[].counter_leg_precision',
      '/rest#getBulkOrder.response-422.rejected_order.counter_leg_precision',
      '/docs/ws#new_order.new_order.counter_leg_precision',
    ],
    guides: [
      {guide: 'rest_overview', phrase: 'a reading of its name by the API documents'},
      {guide: 'websockets', phrase: 'gives the number of decimals of the counter leg, ETH'},
    ],
  },
  {
    id: 'bulk-rejected-read',
    specification:
      'REST: RECEIVED, DONE, REJECTED; the detail read also shows confirmed and rejected in lower case / GET /api/orders/bulk/{bulk_order_id}: 200, 404, 422 with the rejected order',
    places: [
      '/rest#getBulkOrder.response-200.bulk_order_status',
      '/rest#getBulkOrder.response-422.bulk_order_status',
    ],
    guides: [{guide: 'rest_overview', phrase: 'the example reads\nit with 422'}],
  },
  {
    id: 'bulk-order-fields',
    specification: 'new_bulk_order with optional req_header, order_type, and orders (1-999 items)',
    places: ['/rest#createBulkOrder.request.new_bulk_order'],
    guides: [],
  },
  {
    id: 'bulk-order-count',
    specification: 'Bulk order: 1-999 orders (description mentions up to 9999)',
    places: ['/rest#createBulkOrder.request.new_bulk_order.orders'],
    guides: [{guide: 'rest_overview', phrase: 'the specification also mentions up to 9999'}],
  },
  {
    id: 'bulk-rejection-confirmations',
    specification: 'The 422 form adds error_code, message and rejected_order',
    places: ['/rest#getBulkOrder.response-422'],
    guides: [],
  },
  {
    id: 'bulk-rejection-code',
    specification:
      "Error codes: … RiskCheck, DuplicateOrderRef …; bulk 422 carries error_code and message (example: 'This unique_client_order_id has been used. Please use another one.'); a risk-check rejection asks the user to raise their collateral",
    places: ['/rest#getBulkOrder.response-422.error_code'],
    guides: [
      {guide: 'rest_overview', phrase: 'read these two as\nbulk rejection codes'},
      {guide: 'rest_overview', phrase: 'the example pairs it with `DuplicateOrderRef`'},
      {guide: 'rest_overview', phrase: 'read its code as `RiskCheck`'},
    ],
  },
  {
    id: 'provider-code',
    specification:
      'to_address (maximum 100 characters; the provider itself is given as a fixed code) / Addresses … must be sent to the provider and whitelisted beforehand',
    places: [
      '/rest#data-type-address',
      '/rest#createSettlementRequest.request.request_amounts[].from_address',
      '/rest#createSettlementRequest.request.request_amounts[].to_address',
    ],
    guides: [
      {guide: 'getting_started', phrase: '**replace it with the code the provider gives you**'},
      {guide: 'getting_started', phrase: 'these examples write it as `EXAMPLE_PROVIDER`'},
      {guide: 'rest_overview', phrase: 'send the code the provider\ngives you'},
    ],
  },
  {
    id: 'settlement-req-header',
    specification:
      'Settlement request: client_settlement_request_id, trade_ids, request_amounts / The idempotency window for settlement requests is one hour',
    places: ['/rest#createSettlementRequest.request.req_header'],
    guides: [{guide: 'rest_overview', phrase: 'does not list it among\nthe fields of a settlement request'}],
  },
  {
    id: 'settlement-detail-status',
    specification: 'Detail read adds settlement_request_status',
    places: ['/rest#getSettlementRequest.response-200.status'],
    guides: [{guide: 'getting_started', phrase: 'the detail carries both'}],
  },
  {
    id: 'message-envelope',
    specification:
      'Client to server messages: subscribe_price_channel (channel, optional heartbeat_interval); …',
    places: ['/docs/ws'],
    guides: [{guide: 'websockets', phrase: 'this envelope is the API documents'}],
  },
  {
    id: 'websocket-version',
    specification:
      'static OpenAPI 3.1 specification (… version 2.0.0 …). The WebSocket reference is generated from a static AsyncAPI specification.',
    places: ['/docs/ws'],
    guides: [],
  },
  {
    id: 'rejection-text-pairing',
    specification:
      "Order rejection reasons: UNSPECIFIED, INVALID_REQUEST, with free text up to 1000 characters (examples: 'Invalid leg 1 asset', 'Not allowed to trade the instrument')",
    places: ['/docs/ws#order_status'],
    guides: [{guide: 'websockets', phrase: 'pairs one of them with `INVALID_REQUEST`'}],
  },
  {
    id: 'heartbeat-optional',
    specification:
      'subscribe_price_channel (channel, optional heartbeat_interval); subscribe_order_channel (channel, heartbeat_interval); subscribe_trade_channel (channel, heartbeat_interval, …) / Heartbeat interval 0-600 seconds, default 0 (off)',
    places: [
      '/docs/ws#subscribe_order_channel.subscribe_order_channel.heartbeat_interval',
      '/docs/ws#subscribe_trade_channel.subscribe_trade_channel.heartbeat_interval',
    ],
    guides: [
      {guide: 'websockets', phrase: 'let you leave it out of the order\nand trade channel subscriptions'},
    ],
  },
  {
    id: 'websocket-order-type',
    specification:
      'Order (request, REST bulk and WebSocket): … order_type (MARKET or BULK_MARKET) / BULK_MARKET (the only type for bulk)',
    places: ['/docs/ws#new_order.new_order.order_type'],
    guides: [],
  },
  {
    id: 'error-duplicate',
    specification: 'Error codes: … ERROR_DUPLICATE …',
    places: ['/docs/ws#channel_subscription_error.channel_subscription_error.error'],
    guides: [{guide: 'websockets', phrase: 'lists `ERROR_DUPLICATE` without a description'}],
  },
];
