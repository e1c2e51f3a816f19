/**
 * The error catalogue the REST overview renders (plugins/api-reference/client/errorCatalogue.ts)
 * covers exactly the codes of the documents, with the statuses and sources they give.
 */
import {describe, expect, it} from 'vitest';
import {ERROR_GROUPS, errorCatalogue} from '../../../plugins/api-reference/client/errorCatalogue';
import {asyncapi, at, follow, isObject, openapi, operationById} from '../guides/documents';

const errorCodes = (at(openapi, '/components/schemas/ErrorCode/enum') as string[]) ?? [];
const readiness = (at(openapi, '/components/schemas/SettlementReadiness/enum') as string[]) ?? [];

/** A node, its `$ref` followed. */
function resolve(node: unknown): unknown {
  return isObject(node) && typeof node.$ref === 'string'
    ? follow(openapi, decodeURIComponent(node.$ref.slice(1))).node
    : node;
}

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

  it('lists every operation whose response names a code (in an example or the description) under that code and status', () => {
    const codes = new Set(errorCatalogue.map((e) => e.code));
    const named: string[] = [];
    const paths = isObject(openapi.paths) ? openapi.paths : {};
    for (const item of Object.values(paths)) {
      if (!isObject(item)) continue;
      for (const op of Object.values(item)) {
        if (!isObject(op) || typeof op.operationId !== 'string') continue;
        for (const [status, raw] of Object.entries(isObject(op.responses) ? op.responses : {})) {
          const response = resolve(raw);
          if (!isObject(response)) continue;
          const found = new Set<string>();
          for (const m of String(response.description ?? '').matchAll(/`([^`]+)`/g))
            if (codes.has(m[1] ?? '')) found.add(m[1] ?? '');
          for (const media of Object.values(isObject(response.content) ? response.content : {}))
            for (const ex of Object.values(
              isObject(media) && isObject(media.examples) ? media.examples : {},
            )) {
              const value = resolve(ex);
              const body = isObject(value) && isObject(value.value) ? value.value : {};
              for (const key of ['error', 'error_code'])
                if (typeof body[key] === 'string' && codes.has(body[key])) found.add(body[key]);
            }
          for (const code of found) named.push(`${code} ${status} ${op.operationId}`);
        }
      }
    }
    expect(named.length).toBeGreaterThan(10);
    const listed = new Set(
      errorCatalogue.flatMap((e) =>
        e.sources.flatMap((s) =>
          s.kind === 'rest' ? [`${e.code} ${String(e.status)} ${s.operationId}`] : [],
        ),
      ),
    );
    for (const entry of named) expect(listed.has(entry), entry).toBe(true);
  });

  it('names WebSocket sources that are messages of the AsyncAPI document', () => {
    const messages = Object.keys((at(asyncapi, '/components/messages') as Record<string, unknown>) ?? {});
    const ws = errorCatalogue.flatMap((e) => e.sources.filter((s) => s.kind === 'ws'));
    for (const s of ws) if (s.kind === 'ws') expect(messages).toContain(s.message);
  });

  it('places a code only where the documents place it: the bulk rejection codes by the reading the reference marks, the rest of the flat catalogue nowhere (issues 31, 37)', () => {
    const bulk = errorCatalogue.filter((e) => e.group === 'bulk');
    expect(bulk.map((e) => e.code)).toEqual(['RiskCheck', 'DuplicateOrderRef']);
    // Placed by a reading: the mark on the 422 error_code names each code, and each row says it is a reading.
    const errorCode = at(openapi, '/components/schemas/BulkOrderRejection/properties/error_code') as Record<
      string,
      unknown
    >;
    const mark = errorCode['x-reading'] as {id?: string; text?: string} | undefined;
    expect(mark?.id).toBe('bulk-rejection-code');
    for (const e of bulk) {
      expect(mark?.text, e.code).toContain(`\`${e.code}\``);
      expect(e.meaning, e.code).toContain('(a reading, listed under What the specification leaves open)');
    }
    // The reference's bulk example uses a code the catalogue places there.
    const example = at(openapi, '/components/examples/BulkOrderRejectionDuplicate/value/error_code');
    expect(bulk.map((e) => e.code)).toContain(example);
    expect(errorCatalogue.some((e) => e.meaning.includes('the only flow the provider ties'))).toBe(false);
    const unplaced = errorCatalogue.filter((e) => e.group === 'unplaced');
    expect(unplaced.map((e) => e.code).sort()).toEqual([
      'AmountTooAccurate',
      'AmountTooHigh',
      'AmountTooLow',
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
