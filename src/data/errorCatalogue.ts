/**
 * The error catalogue as integrators need it: what each code means, the HTTP
 * status it comes with and what to do. The codes themselves are the API
 * documents' (`ErrorCode` and `SettlementReadiness` in the OpenAPI document,
 * `channel_subscription_error` in the AsyncAPI document); a test keeps this
 * list equal to them, so a code added to or removed from the documents fails
 * the build's tests until it is described here.
 */

/** Where a code is returned: a REST operation (by operationId) or a WebSocket message. */
export type ErrorSource = {kind: 'rest'; operationId: string} | {kind: 'ws'; message: string};

export interface ErrorCatalogueEntry {
  code: string;
  /** HTTP status the code comes with; null for a WebSocket error. */
  status: number | null;
  /** The response field holding the code. */
  field: 'error' | 'error_code';
  /** Operations (or messages) that return it. */
  sources: ErrorSource[];
  meaning: string;
  action: string;
  /** Groups the table: general HTTP errors, bulk order rejections, settlement readiness, WebSocket. */
  group: 'http' | 'bulk' | 'readiness' | 'websocket';
}

const bulkRead: ErrorSource[] = [{kind: 'rest', operationId: 'getBulkOrder'}];
const bulkAction =
  'The bulk order was not executed at all (bulk orders are atomic). Read `message` and `rejected_order` in the 422 body, correct that order and place the bulk order again with a new `req_id`.';

export const errorCatalogue: readonly ErrorCatalogueEntry[] = [
  {
    code: 'Unauthorized',
    status: 401,
    field: 'error',
    group: 'http',
    sources: [
      {kind: 'rest', operationId: 'createBulkOrder'},
      {kind: 'rest', operationId: 'createSettlementRequest'},
      {kind: 'rest', operationId: 'mapTransaction'},
    ],
    meaning: 'The bearer token is missing, invalid or expired.',
    action:
      'Send `Authorization: Bearer <token>` with a valid token. Repeating the request with the same token will not help.',
  },
  {
    code: 'Forbidden',
    status: 403,
    field: 'error',
    group: 'http',
    sources: [{kind: 'rest', operationId: 'mapTransaction'}],
    meaning: 'The user may not perform this action.',
    action:
      'Map only your own transactions to your own settlement request amounts. If you think the action should be allowed, contact the provider.',
  },
  {
    code: 'NotFound',
    status: 404,
    field: 'error',
    group: 'http',
    sources: [
      {kind: 'rest', operationId: 'getBulkOrder'},
      {kind: 'rest', operationId: 'listTradesBySequence'},
      {kind: 'rest', operationId: 'mapTransaction'},
    ],
    meaning: 'The resource does not exist or is not visible to the user.',
    action: 'Check the id (or the `seq_number`) and that it was returned to the same API user.',
  },
  {
    code: 'Conflict',
    status: 409,
    field: 'error',
    group: 'http',
    sources: [{kind: 'rest', operationId: 'mapTransaction'}],
    meaning: 'The request conflicts with the current state.',
    action:
      'Read the current state (the transaction and the settlement request) before deciding whether to send the request again.',
  },
  {
    code: 'DuplicateReq',
    status: 409,
    field: 'error',
    group: 'http',
    sources: [
      {kind: 'rest', operationId: 'createBulkOrder'},
      {kind: 'rest', operationId: 'createSettlementRequest'},
      {kind: 'rest', operationId: 'mapTransaction'},
    ],
    meaning:
      'The `req_id` of `req_header` has been used before. For settlement requests the window is one hour, and the 409 body returns the `settlement_request_id` and `client_settlement_request_id` of the request already created.',
    action:
      'Do not send the request again: continue with the ids of the existing request. Use a new `req_id` only for a new request.',
  },
  {
    code: 'UnprocessableEntity',
    status: 422,
    field: 'error',
    group: 'http',
    sources: [
      {kind: 'rest', operationId: 'createSettlementRequest'},
      {kind: 'rest', operationId: 'mapTransaction'},
    ],
    meaning: 'The request is well formed but cannot be processed.',
    action:
      'Check the limits: 1 to 9999 unique trade ids and 1 to 99 amounts per settlement request, whitelisted addresses, and a mapped amount no larger than the transaction amount or the settlement request amount.',
  },
  {
    code: 'InternalServerError',
    status: 500,
    field: 'error',
    group: 'http',
    sources: [
      {kind: 'rest', operationId: 'createBulkOrder'},
      {kind: 'rest', operationId: 'createSettlementRequest'},
      {kind: 'rest', operationId: 'mapTransaction'},
    ],
    meaning: 'An unexpected error on the provider side; `error_text` (1 to 1000 characters) explains it.',
    action:
      'Retry after a pause with the same `req_id`: if the first attempt was processed after all, the answer is 409 `DuplicateReq` instead of a second request. Contact the provider if it persists.',
  },
  {
    code: 'InvalidOrder',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning: 'An order of the bulk order is not valid. The documents give no further detail.',
    action: bulkAction,
  },
  {
    code: 'MixedOrders',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning: 'The orders of the bulk order cannot be combined as sent. The documents give no further detail.',
    action: bulkAction,
  },
  {
    code: 'InvalidAmount',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning:
      'The amount of an order is not valid: a decimal string in exactly one of `leg_1_amount` or `leg_2_amount`.',
    action: bulkAction,
  },
  {
    code: 'AmountTooLow',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning: 'The amount of an order is too low.',
    action: bulkAction,
  },
  {
    code: 'AmountTooAccurate',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning:
      'The amount of an order has more decimals than accepted; the `precision` of each asset is listed by `listInstruments`.',
    action: bulkAction,
  },
  {
    code: 'AmountTooHigh',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning:
      'The amount of an order is too high; `maximum_order_quantity` (in leg 1 units) is listed by `listInstruments`.',
    action: bulkAction,
  },
  {
    code: 'NoPriceStream',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning: 'No price was available for an instrument of the bulk order.',
    action: bulkAction,
  },
  {
    code: 'RiskCheck',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning: 'The risk check of the bulk order failed.',
    action:
      'Raise your collateral, or reduce the order. Watch `margin_usage` from `getRiskFigures` and keep it well below 1.',
  },
  {
    code: 'DuplicateOrderRef',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning: 'A `unique_client_order_id` (order reference) has been used before.',
    action: 'Give every order a reference you have not used before and place the bulk order again.',
  },
  {
    code: 'ready',
    status: 200,
    field: 'error',
    group: 'readiness',
    sources: [{kind: 'rest', operationId: 'getSettlementRequestStatus'}],
    meaning:
      'The settlement request has been processed. It is not an error and does not mean accepted: a rejected request is also ready.',
    action: 'Read the outcome with `getSettlementRequest`.',
  },
  {
    code: 'not ready',
    status: 200,
    field: 'error',
    group: 'readiness',
    sources: [{kind: 'rest', operationId: 'getSettlementRequestStatus'}],
    meaning: 'The settlement request is still being processed.',
    action: 'Ask again after a pause.',
  },
  {
    code: 'ERROR_DUPLICATE',
    status: null,
    field: 'error',
    group: 'websocket',
    sources: [{kind: 'ws', message: 'channel_subscription_error'}],
    meaning:
      'The channel is already subscribed on this connection (one subscription per channel per connection).',
    action: 'Keep using the existing subscription, or send `unsubscribe_channel` before subscribing again.',
  },
];

export const errorGroups: readonly {id: ErrorCatalogueEntry['group']; title: string}[] = [
  {id: 'http', title: 'HTTP errors'},
  {id: 'bulk', title: 'Bulk order rejections (`error_code` of a 422 bulk order read)'},
  {id: 'readiness', title: 'Settlement readiness (`error` of the status read)'},
  {id: 'websocket', title: 'WebSocket channel errors'},
];
