/**
 * The error catalogue as the API documents give it: each code, the HTTP status
 * and the operations that list it, and what the provider's specification says
 * about it, which for most codes is nothing beyond the name. The provider does
 * not publish how a client should handle errors, so there is no "what to do"
 * unless the provider itself says it (a risk-check rejection asks the user to
 * raise their collateral). The codes themselves are the API documents'
 * (`ErrorCode` and `SettlementReadiness` in the OpenAPI document,
 * `channel_subscription_error` in the AsyncAPI document); a test keeps this
 * list equal to them, so a code added to or removed from the documents fails
 * the build's tests until it is described here.
 *
 * The provider publishes one flat catalogue. A code is placed (a status, a field,
 * the operations that return it) only where the documents place it: the HTTP
 * codes where the operations list them, the readiness values where the
 * settlement status read answers them, and two codes in the bulk order read's
 * 422 `error_code`, by a reading the reference marks (`bulk-rejection-code`):
 * `RiskCheck` and `DuplicateOrderRef`. The other bulk-sounding codes and
 * `ERROR_DUPLICATE` are listed without a place (group `unplaced`).
 */

/** The tables of docs/rest_overview.mdx (`<ErrorTable group=…>`), one per group; the pages give their titles. */
export const ERROR_GROUPS = ['http', 'bulk', 'readiness', 'unplaced'] as const;
export type ErrorGroup = (typeof ERROR_GROUPS)[number];

/** Where a code is returned: a REST operation (by operationId) or a WebSocket message. */
export type ErrorSource = {kind: 'rest'; operationId: string} | {kind: 'ws'; message: string};

export interface ErrorCatalogueEntry {
  code: string;
  /** HTTP status the code comes with; null when the documents give none (a WebSocket or an unplaced code). */
  status: number | null;
  /** The response field holding the code; null when the documents do not say where it is returned. */
  field: 'error' | 'error_code' | null;
  /** Operations (or messages) that return it; empty when the provider does not say. */
  sources: ErrorSource[];
  /** What the provider's specification says about the code, and nothing more. */
  meaning: string;
  /** What the provider itself asks the client to do; absent when it publishes nothing. */
  providerAdvice?: string;
  /** Groups the table: general HTTP errors, bulk order rejections, settlement readiness, codes without a place. */
  group: ErrorGroup;
}

const bulkRead: ErrorSource[] = [{kind: 'rest', operationId: 'getBulkOrder'}];
/** The bulk rejection codes are placed by a reading (`bulk-rejection-code` in the OpenAPI document). */
const bulkReading =
  'The provider does not say which codes a bulk rejection carries: the API documents read this one as a code of the 422 answer of the bulk order read, in `error_code` (a reading, listed under What the specification leaves open).';
const undescribed =
  "Listed in the provider's catalogue without a description; the provider does not say which operation or message returns it.";
const causeNotPublished = 'The provider does not publish what causes it.';

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
    meaning: `Unauthorized. ${causeNotPublished}`,
  },
  {
    code: 'Forbidden',
    status: 403,
    field: 'error',
    group: 'http',
    sources: [{kind: 'rest', operationId: 'mapTransaction'}],
    meaning:
      'Possible on the transaction mapping. Which users may use which endpoints is not published by the provider.',
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
    meaning: `Not found. ${causeNotPublished}`,
  },
  {
    code: 'Conflict',
    status: 409,
    field: 'error',
    group: 'http',
    sources: [{kind: 'rest', operationId: 'mapTransaction'}],
    meaning:
      `Conflict, on the transaction mapping. ${causeNotPublished}` +
      ' (A repeated `req_id` is answered with 409 too, with `DuplicateReq`.)',
  },
  {
    code: 'DuplicateReq',
    status: 409,
    field: 'error',
    group: 'http',
    sources: [
      {kind: 'rest', operationId: 'createBulkOrder'},
      {kind: 'rest', operationId: 'createSettlementRequest'},
    ],
    meaning:
      'A repeated `req_id` is rejected as a duplicate. For settlement requests the idempotency window is one hour, and the `error` of the 409 body is a text saying the `req_id` has been processed already, with the `settlement_request_id` and `client_settlement_request_id`.',
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
    meaning: `The request is not processable. ${causeNotPublished}`,
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
    meaning: 'Internal server error; the body adds `error_text` (1 to 1000 characters).',
  },
  {
    code: 'InvalidOrder',
    status: null,
    field: null,
    group: 'unplaced',
    sources: [],
    meaning: undescribed,
  },
  {
    code: 'MixedOrders',
    status: null,
    field: null,
    group: 'unplaced',
    sources: [],
    meaning: undescribed,
  },
  {
    code: 'InvalidAmount',
    status: null,
    field: null,
    group: 'unplaced',
    sources: [],
    meaning: undescribed,
  },
  {
    code: 'AmountTooLow',
    status: null,
    field: null,
    group: 'unplaced',
    sources: [],
    meaning: undescribed,
  },
  {
    code: 'AmountTooAccurate',
    status: null,
    field: null,
    group: 'unplaced',
    sources: [],
    meaning: undescribed,
  },
  {
    code: 'AmountTooHigh',
    status: null,
    field: null,
    group: 'unplaced',
    sources: [],
    meaning: undescribed,
  },
  {
    code: 'NoPriceStream',
    status: null,
    field: null,
    group: 'unplaced',
    sources: [],
    meaning: undescribed,
  },
  {
    code: 'RiskCheck',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning:
      'Listed without a description. The provider says a risk-check rejection (the risk check is the fourth stage of the bulk order flow) asks the user to raise their collateral; named like that stage, it is read as its code. ' +
      bulkReading,
    providerAdvice: 'A risk-check rejection asks the user to raise their collateral.',
  },
  {
    code: 'DuplicateOrderRef',
    status: 422,
    field: 'error_code',
    group: 'bulk',
    sources: bulkRead,
    meaning:
      'Listed without a description. It names a repeated order reference, and the example of a bulk rejection pairs it with the one rejection message the provider gives ("This unique_client_order_id has been used. Please use another one."). ' +
      bulkReading,
  },
  {
    code: 'ready',
    status: 200,
    field: 'error',
    group: 'readiness',
    sources: [{kind: 'rest', operationId: 'getSettlementRequestStatus'}],
    meaning:
      'The settlement request has been processed. It is not an error and does not mean accepted: a rejected request is also ready. The next step of the settlement flow reads the details with `getSettlementRequest`.',
  },
  {
    code: 'not ready',
    status: 200,
    field: 'error',
    group: 'readiness',
    sources: [{kind: 'rest', operationId: 'getSettlementRequestStatus'}],
    meaning: 'The settlement request has not been processed yet.',
  },
  {
    code: 'ERROR_DUPLICATE',
    status: null,
    field: null,
    group: 'unplaced',
    sources: [],
    meaning:
      "Listed in the provider's catalogue without a description; the provider does not say which API returns it, when, or what the server does after it. Written like the WebSocket API's values, it serves as the example `error` of `channel_subscription_error` (a reading, listed under What the specification leaves open).",
  },
];
