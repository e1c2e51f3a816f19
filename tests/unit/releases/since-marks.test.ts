/**
 * since-marks.json (plugins/releases/since.ts) and the words `?since=` puts on the references
 * (plugins/releases/client/since.ts), from real changes of the product's documents.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {diffDocuments, type Change} from '../../../plugins/releases/diff';
import type {HistoryEntry} from '../../../plugins/releases/store';
import {historyView} from '../../../plugins/releases/view';
import {sinceMarks} from '../../../plugins/releases/since';
import {
  chosenSince,
  markedSummary,
  markWords,
  panelLines,
  sinceState,
  type SinceLine,
} from '../../../plugins/releases/client/since';

const ROOT = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach deep into untyped YAML
type Doc = any;
const openapi = (): Doc => parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8'));

function entry(changes: Change[], version: string, since: string | null): HistoryEntry {
  return {
    id: `v${version.replaceAll('.', '-')}`,
    kind: 'release',
    version,
    date: null,
    recorded: '2026-11-20',
    notes: [],
    initial: since === null,
    since,
    changes,
    bump: since === null ? 'none' : 'major',
  };
}

function releases(): HistoryEntry[] {
  const v200 = openapi();
  const v210 = structuredClone(v200);
  v210.paths['/api/ping'] = {
    get: {operationId: 'ping', summary: 'Ping', responses: {'204': {description: 'Alive.'}}},
  };
  v210.paths['/api/orders'].get.parameters.push({name: 'note', in: 'query', schema: {type: 'string'}});
  const v300 = structuredClone(v210);
  v300.paths['/api/orders'].get.parameters.unshift({
    name: 'account_id',
    in: 'query',
    required: true,
    schema: {type: 'string'},
  });
  delete v300.paths['/api/ping'];
  const diff = (a: Doc, b: Doc): Change[] => diffDocuments('rest', a, b, {asOf: '2026-11-26'});
  const [c210, c300] = [diff(v200, v210), diff(v210, v300)];
  return [entry(c300, '3.0.0', '2.1.0'), entry(c210, '2.1.0', '2.0.0'), entry([], '2.0.0', null)];
}

const anchors = {
  rest: new Set(['listOrders', 'listOrders.query.account_id', 'listOrders.query.note']),
  ws: new Set<string>(),
};

describe('since-marks.json', () => {
  it('keys the history view\'s "changes since" by element id, the removed ones apart, and keeps every line', () => {
    const view = historyView(releases(), anchors);
    const data = sinceMarks(view);
    expect(data.versions).toEqual(['3.0.0', '2.1.0', '2.0.0']);
    // The newest release has nothing since it.
    expect(Object.keys(data.since).sort()).toEqual(['2.0.0', '2.1.0']);
    const since200 = data.since['2.0.0'];
    if (since200 === undefined) throw new Error('no marks since 2.0.0');
    expect(since200.to).toBe('3.0.0');
    expect(since200.rest['listOrders.query.account_id']).toEqual([
      {
        text: 'New required query parameter `account_id`: requests without it are refused.',
        label: 'Breaking',
        breaking: true,
        in: '3.0.0',
      },
    ]);
    expect(since200.rest['listOrders.query.note']?.map((l) => [l.label, l.in])).toEqual([
      ['Addition', '2.1.0'],
    ]);
    // The ping operation came in 2.1.0 and went in 3.0.0: since 2.0.0 nothing of it applies …
    expect(JSON.stringify(since200)).not.toContain('ping');
    // … since 2.1.0 its removal does, with no element to mark.
    const gone = data.since['2.1.0']?.gone ?? [];
    expect(gone.map((g) => [g.api, g.subject, g.breaking, g.in])).toEqual([
      ['rest', '`GET /api/ping`', true, '3.0.0'],
    ]);
    // Every listed line of the view is in the data once.
    for (const [version, since] of Object.entries(view.since)) {
      const marks = data.since[version];
      const count =
        marks === undefined
          ? 0
          : [...Object.values(marks.rest), ...Object.values(marks.ws)].flat().length + marks.gone.length;
      expect(count, version).toBe(since.lines);
    }
  });
});

const line = (label: string, breaking: boolean, release: string): SinceLine => ({
  text: 't',
  label,
  breaking,
  in: release,
});

describe('the words of ?since=', () => {
  it('takes the version from the URL, else the one remembered', () => {
    expect(chosenSince('?since=2.0.0', '3.0.0')).toBe('2.0.0');
    expect(chosenSince('?tab=1', '3.0.0')).toBe('3.0.0');
    expect(chosenSince('?since=', null)).toBeNull();
    expect(chosenSince('', '')).toBeNull();
  });

  it('says the newest release and an unknown version apart from marks', () => {
    const data = {versions: ['4.0.0', '2.0.0'], since: {'2.0.0': {to: '4.0.0', rest: {}, ws: {}, gone: []}}};
    expect(sinceState(data, '2.0.0').kind).toBe('marks');
    expect(sinceState(data, '4.0.0')).toEqual({kind: 'newest', version: '4.0.0'});
    expect(sinceState(data, '9.9.9')).toEqual({
      kind: 'unknown',
      version: '9.9.9',
      versions: ['4.0.0', '2.0.0'],
    });
  });

  it('lists breaking lines first, counts them, and marks each verdict once with its releases', () => {
    const lines = panelLines({a: [line('Addition', false, '2.1.0')], b: [line('Breaking', true, '3.0.0')]});
    expect(lines.map((l) => l.anchor)).toEqual(['b', 'a']);
    expect(markedSummary('2.0.0', lines)).toBe('Marked: 2 changes since 2.0.0 (1 breaking)');
    expect(markedSummary('2.0.0', [line('Addition', false, '2.1.0')])).toBe(
      'Marked: 1 change since 2.0.0 (0 breaking)',
    );
    expect(
      markWords('2.0.0', [
        line('Behaviour change', false, '2.1.0'),
        line('Breaking', true, '3.0.0'),
        line('Behaviour change', false, '4.0.0'),
        line('Breaking', true, '3.0.0'),
      ]),
    ).toBe('Changed since 2.0.0: Breaking (3.0.0); Behaviour change (2.1.0, 4.0.0)');
  });
});
