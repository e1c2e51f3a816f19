/**
 * A release's verdicts do not move with the day of the build: each release is judged at its date,
 * else at the day it was recorded. A releases folder where 2.0.0 removes a field that 1.0.0
 * deprecated with a sunset after 2.0.0 was recorded is built today and with the clock set years
 * ahead: the page's view, the Atom feed and the JSON must be the same, and the removal stays
 * "removed before its sunset", breaking.
 */
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest';
import {stringify} from 'yaml';
import {renderAtom, renderJson} from '../../../plugins/releases/feeds';
import {history} from '../../../plugins/releases/store';
import {historyView} from '../../../plugins/releases/view';

const dir = mkdtempSync(path.join(tmpdir(), 'releases-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
afterEach(() => {
  vi.useRealTimers();
});

function openapi(version: string, withField: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {id: {type: 'string'}};
  if (withField) properties.legacy = {type: 'string', deprecated: true, 'x-sunset': '2027-06-30'};
  return {
    openapi: '3.1.0',
    info: {title: 'T', version},
    paths: {
      '/orders': {
        get: {
          operationId: 'listOrders',
          responses: {
            '200': {description: 'OK', content: {'application/json': {schema: {type: 'object', properties}}}},
          },
        },
      },
    },
  };
}

function asyncapi(version: string): Record<string, unknown> {
  return {asyncapi: '3.0.0', info: {title: 'T', version}, channels: {}, operations: {}};
}

function release(version: string, withField: boolean, recorded: string): void {
  const folder = path.join(dir, version);
  mkdirSync(folder, {recursive: true});
  writeFileSync(path.join(folder, 'openapi.yaml'), stringify(openapi(version, withField)));
  writeFileSync(path.join(folder, 'asyncapi.yaml'), stringify(asyncapi(version)));
  writeFileSync(path.join(folder, 'release.yaml'), stringify({date: null, recorded, notes: []}));
}

release('1.0.0', true, '2026-10-01');
release('2.0.0', false, '2026-11-20');

const anchors = {rest: new Set(['listOrders']), ws: new Set<string>()};
const options = {siteUrl: 'https://docs.example.com/', title: 'T'};

async function build(): Promise<{view: string; atom: string; json: string; text: string[]}> {
  const entries = await history(dir, null);
  const view = historyView(entries, anchors, []);
  return {
    view: JSON.stringify(view),
    atom: renderAtom(view, options),
    json: renderJson(view, options),
    text: entries.flatMap((e) => e.changes.map((c) => `${c.verdict}: ${c.text}`)),
  };
}

describe('verdicts at the release day, whatever the day of the build', () => {
  it('a rebuild with the clock set years ahead gives the same view, feed and JSON', async () => {
    vi.useFakeTimers({toFake: ['Date']});
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const now = await build();
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    const later = await build();
    expect(later).toEqual(now);
    expect(now.text).toEqual([
      'breaking: Field `legacy` of the 200 response removed before its sunset date (2027-06-30) had passed: clients that read it will no longer find it.',
    ]);
  });
});
