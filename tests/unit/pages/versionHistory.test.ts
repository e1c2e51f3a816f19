/**
 * The version history is data (src/data/versionHistory.ts) checked against the
 * API documents: the newest entry is the documents' version, and what it says
 * about operations matches them.
 */
import {describe, expect, it} from 'vitest';
import {versionHistory} from '../../../src/data/versionHistory';
import {asyncapi, isObject, openapi, operations} from '../guides/documents';

function parseSemver(v: string): [number, number, number] {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(v);
  if (m === null) throw new Error(`"${v}" is not a semantic version`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function compare(a: string, b: string): number {
  const [x, y] = [parseSemver(a), parseSemver(b)];
  for (let i = 0; i < 3; i += 1) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
}

const info = isObject(openapi.info) ? openapi.info : {};
const asyncInfo = isObject(asyncapi.info) ? asyncapi.info : {};

describe('version history', () => {
  it('starts with the version of the OpenAPI document (info.version)', () => {
    expect(versionHistory.length).toBeGreaterThan(0);
    expect(versionHistory[0]?.version).toBe(info.version);
  });

  it('agrees with the AsyncAPI document version', () => {
    expect(versionHistory[0]?.version).toBe(asyncInfo.version);
  });

  it('lists each version once, newest first, with a valid or unpublished date', () => {
    const versions = versionHistory.map((e) => e.version);
    expect(new Set(versions).size).toBe(versions.length);
    for (let i = 1; i < versions.length; i += 1)
      expect(compare(versions[i - 1] as string, versions[i] as string)).toBeGreaterThan(0);
    for (const e of versionHistory) {
      if (e.date !== null) {
        expect(e.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number.isNaN(Date.parse(e.date))).toBe(false);
      }
      expect(e.changes.length).toBeGreaterThan(0);
    }
  });

  it('names only operations that exist', () => {
    const ids = new Set(operations.map((o) => o.operationId));
    const named = versionHistory.flatMap((e) => e.changes.flatMap((c) => c.operations ?? []));
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('marks the disabled bulk order endpoint as action required, as the document does (disabled)', () => {
    const bulk = operations.find((o) => o.operationId === 'createBulkOrder');
    // The provider says "disabled", not "deprecated": the document says so in words, not with the flag.
    expect(bulk?.node.deprecated).toBeUndefined();
    expect(String(bulk?.node.summary)).toMatch(/disabled/);
    expect(String(bulk?.node.description)).toMatch(/has been disabled/);
    const change = versionHistory[0]?.changes.find((c) => c.operations?.[0] === 'createBulkOrder');
    expect(change?.action?.contactProvider).toBe(true);
    expect(change?.summary).toMatch(/disabled/);
  });

  it('detects a history out of step with the document (the check can fail)', () => {
    expect(compare('2.0.0', '1.9.9')).toBeGreaterThan(0);
    expect(() => parseSemver('v2')).toThrow();
  });
});
