/**
 * Source of a small typed client, compiled by openapi.client.test.ts next to the types that
 * openapi-typescript generates from specs/openapi.yaml (written there as `schema.ts`).
 *
 * It is kept as text because it imports the generated module, which only exists in the
 * temporary folder of the test. The `@ts-expect-error` lines are assertions: if the generated
 * types stopped rejecting those values, tsc would report the directive as unused and fail.
 */
export const CLIENT_SOURCE = `import type {components, paths} from './schema';

type JsonContent<R> = R extends {content: {'application/json': infer Body}} ? Body : never;

type ListOrders = paths['/api/orders']['get'];
type CreateSettlement = paths['/api/settlement-request']['post'];
type SettlementStatus = paths['/api/settlement-requests/{settlement_request_id}/status']['get'];
type MapTransaction = paths['/api/transaction/{transaction_id}']['patch'];

export type OrdersQuery = ListOrders['parameters']['query'];
export type OrdersPage = JsonContent<ListOrders['responses'][200]>;
export type SettlementBody = CreateSettlement['requestBody']['content']['application/json'];
export type SettlementAccepted = JsonContent<CreateSettlement['responses'][202]>;
export type Readiness = JsonContent<SettlementStatus['responses'][200]>;
export type MappingBody = MapTransaction['requestBody']['content']['application/json'];
export type Mapped = JsonContent<MapTransaction['responses'][200]>;

type QueryValue = string | number | boolean | readonly string[] | undefined;

function toQuery(query: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const values: readonly (string | number | boolean)[] = Array.isArray(value) ? value : [value as string | number | boolean];
    for (const item of values) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? '?' + text : '';
}

export class ExampleProviderClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  private async request<T>(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {Authorization: 'Bearer ' + this.token, 'Content-Type': 'application/json'},
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(method + ' ' + path + ': HTTP ' + response.status);
    return (await response.json()) as T;
  }

  listOrders(query: OrdersQuery): Promise<OrdersPage> {
    return this.request<OrdersPage>('GET', '/api/orders' + toQuery(query));
  }

  createSettlementRequest(body: SettlementBody): Promise<SettlementAccepted> {
    return this.request<SettlementAccepted>('POST', '/api/settlement-request', body);
  }

  async isSettlementProcessed(id: SettlementStatus['parameters']['path']['settlement_request_id']): Promise<boolean> {
    const answer = await this.request<Readiness>('GET', '/api/settlement-requests/' + encodeURIComponent(id) + '/status');
    return answer.error === 'ready';
  }

  mapTransaction(id: MapTransaction['parameters']['path']['transaction_id'], body: MappingBody): Promise<Mapped> {
    return this.request<Mapped>('PATCH', '/api/transaction/' + encodeURIComponent(id), body);
  }
}

/** Uses nested response types: the executed leg 1 amounts of a page of orders. */
export function executedLeg1Amounts(page: OrdersPage): string[] {
  return page.orders.flatMap((order) => order.executions.map((execution) => execution.leg_1_executed_amount));
}

export const validQuery: OrdersQuery = {
  from_datetime: '2026-11-20T00:00:00.000000Z',
  to_datetime: '2026-11-20T23:59:59.999999Z',
  side: 'BUY',
  status: 'DONE',
  limit: 100,
};

export const validSettlement: SettlementBody = {
  client_settlement_request_id: 'settle-2026-11-20',
  trade_ids: ['trd_5d21b8c0aa'],
  request_amounts: [{currency: 'BTC', from_address: 'a', to_address: 'b', amount: '0.5'}],
};

// Each of the following must be rejected by the generated types.
// @ts-expect-error from_datetime and to_datetime are required
export const missingRange: OrdersQuery = {side: 'SELL'};
// @ts-expect-error HOLD is not a side
export const badSide: components['schemas']['Side'] = 'HOLD';
// @ts-expect-error LIMIT is not an order type
export const badType: components['schemas']['OrderType'] = 'LIMIT';
// @ts-expect-error the readiness is "ready" or "not ready"
export const badReadiness: Readiness['error'] = 'done';
// @ts-expect-error seq_number is required to read orders by sequence
export const noSequence: paths['/api/orders/sequence']['get']['parameters']['query'] = {limit: 10};
// @ts-expect-error trade_ids is required in a settlement request
export const noTrades: SettlementBody = {client_settlement_request_id: 'x', request_amounts: []};
// @ts-expect-error settlement_request_amount_id is required to map a transaction
export const noAmountId: MappingBody = {amount: '1'};
// @ts-expect-error limit is a number, not a string
export const textLimit: OrdersQuery = {from_datetime: 'a', to_datetime: 'b', limit: '100'};
`;
