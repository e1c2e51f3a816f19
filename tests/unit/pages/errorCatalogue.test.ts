/**
 * The error catalogue the REST overview renders (plugins/api-reference/client/errorCatalogue.ts)
 * covers exactly the codes of the documents, with the statuses and sources they give.
 */
import {describe, expect, it} from 'vitest';
import {ERROR_GROUPS, errorCatalogue} from '../../../plugins/api-reference/client/errorCatalogue';
import {asyncapi, at, isObject, openapi, operationById} from '../guides/documents';

const errorCodes = (at(openapi, '/components/schemas/ErrorCode/enum') as string[]) ?? [];
const readiness = (at(openapi, '/components/schemas/SettlementReadiness/enum') as string[]) ?? [];

describe('error catalogue', () => {
  it('holds exactly the ErrorCode and SettlementReadiness values of the OpenAPI document', () => {
    expect(errorCodes.length).toBeGreaterThan(10);
    expect([...errorCatalogue.map((e) => e.code)].sort()).toEqual([...errorCodes, ...readiness].sort());
  });

  it('gives each REST code a status that its operations really answer with', () => {
    for (const entry of errorCatalogue) {
      for (const source of entry.sources) {
        if (source.kind !== 'rest') continue;
        const op = operationById(source.operationId);
        const responses = isObject(op.node.responses) ? op.node.responses : {};
        expect(
          Object.keys(responses),
          `${entry.code}: ${source.operationId} answers ${String(entry.status)}`,
        ).toContain(String(entry.status));
      }
    }
  });

  it('places bulk rejection codes in error_code of the 422 bulk order read', () => {
    const schema = at(openapi, '/components/schemas/BulkOrderRejection/properties/error_code') as {
      $ref?: string;
    };
    expect(schema.$ref).toBe('#/components/schemas/ErrorCode');
    for (const e of errorCatalogue.filter((x) => x.group === 'bulk')) {
      expect(e.field).toBe('error_code');
      expect(e.status).toBe(422);
    }
  });

  it('names WebSocket sources that are messages of the AsyncAPI document', () => {
    const messages = Object.keys((at(asyncapi, '/components/messages') as Record<string, unknown>) ?? {});
    const ws = errorCatalogue.flatMap((e) => e.sources.filter((s) => s.kind === 'ws'));
    for (const s of ws) if (s.kind === 'ws') expect(messages).toContain(s.message);
  });

  it('places a code only where the documents place it: RiskCheck in the bulk flow, the rest of the flat catalogue nowhere (issue 31)', () => {
    expect(errorCatalogue.filter((e) => e.group === 'bulk').map((e) => e.code)).toEqual(['RiskCheck']);
    const unplaced = errorCatalogue.filter((e) => e.group === 'unplaced');
    expect(unplaced.map((e) => e.code).sort()).toEqual([
      'AmountTooAccurate',
      'AmountTooHigh',
      'AmountTooLow',
      'DuplicateOrderRef',
      'ERROR_DUPLICATE',
      'InvalidAmount',
      'InvalidOrder',
      'MixedOrders',
      'NoPriceStream',
    ]);
    for (const e of unplaced) expect([e.status, e.field, e.sources]).toEqual([null, null, []]);
    // ERROR_DUPLICATE: one statement everywhere. The WebSocket example that shows it says it is a reading.
    const field = at(asyncapi, '/components/schemas/ChannelSubscriptionError/properties/error') as Record<
      string,
      unknown
    >;
    expect(JSON.stringify(field['x-reading'])).toContain('ERROR_DUPLICATE');
  });

  it('puts every entry in a known group and every group to use', () => {
    const ids: readonly string[] = ERROR_GROUPS;
    for (const e of errorCatalogue) expect(ids).toContain(e.group);
    for (const id of ids) expect(errorCatalogue.some((e) => e.group === id)).toBe(true);
  });
});
