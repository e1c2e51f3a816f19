/**
 * The changes that reach a selection since a chosen point, breaking first; the selection in the
 * URL fragment; the JSON and Atom downloads. On the product's recorded history and on a history of
 * three releases made from its documents.
 */
import {beforeAll, describe, expect, it} from 'vitest';
import {VERDICT_ORDER} from '../../../plugins/releases/changes/rules';
import type {HistoryView} from '../../../plugins/releases/view';
import {buildCatalogue} from '../../../src/components/VersionHistory/Integration/catalogue';
import {
  byLabel,
  defaultSince,
  filterChanges,
  linesSince,
  sincePoints,
  type SincePoint,
} from '../../../src/components/VersionHistory/Integration/changes';
import {toAtom, toJson} from '../../../src/components/VersionHistory/Integration/exports';
import {formatHash, parseHash} from '../../../src/components/VersionHistory/Integration/fragment';
import {readList} from '../../../src/components/VersionHistory/Integration/inputs';
import {matchAll, selectionOf, type UseKey} from '../../../src/components/VersionHistory/Integration/match';
import {productHistory, sessionModel, threeReleases} from './helpers';

let three: HistoryView;
let product: HistoryView;

beforeAll(async () => {
  [three, product] = await Promise.all([threeReleases(), productHistory()]);
}, 60_000);

function point(history: HistoryView, id: string): SincePoint {
  const found = sincePoints(history).find((p) => p.id === id);
  if (found === undefined) throw new Error(`no point ${id}`);
  return found;
}

const select = (...uses: UseKey[]): Set<UseKey> => new Set(uses);

describe('since a point', () => {
  it('offers every release and amendment but the newest entry; the default is the release before the current one', () => {
    expect(sincePoints(three).map((p) => p.label)).toEqual([
      '3.0.0, amendment 1',
      '3.0.0 (as first published)',
      '2.0.0',
    ]);
    expect(defaultSince(three)?.id).toBe('v3-0-0');
    expect(sincePoints(product).map((p) => p.label)).toEqual([
      '2.0.0, amendment 1',
      '2.0.0 (as first published)',
    ]);
    expect(defaultSince(product)?.id).toBe('v2-0-0');
  });

  it('since a release: the net changes of later releases (added then removed counts nothing) plus its own later amendments', () => {
    const since2 = linesSince(three, 'v2-0-0');
    expect(since2.some((l) => l.subjectKey === 'getPositions')).toBe(false);
    expect(since2.some((l) => l.in === '3.0.0, amendment 1')).toBe(true);
    const since3 = linesSince(three, 'v3-0-0');
    // getPositions came in 3.0.0 and left in 4.0.0: a reader on 3.0.0 loses it.
    expect(since3.find((l) => l.subjectKey === 'getPositions')).toMatchObject({
      in: '4.0.0',
      entryId: 'v4-0-0',
    });
    expect(since3.some((l) => l.in === '3.0.0, amendment 1')).toBe(true);
    const sinceAmendment = linesSince(three, 'v3-0-0-amendment-1');
    expect(sinceAmendment.some((l) => l.in === '3.0.0, amendment 1')).toBe(false);
    expect(sinceAmendment.length).toBeLessThan(since3.length);
  });

  it('keeps only what reaches the selection, breaking first, whole-document lines for any use of their API', () => {
    const filtered = filterChanges(
      three,
      point(three, 'v3-0-0'),
      select('rest:getPositions', 'rest:listOrders'),
    );
    expect(new Set(filtered.lines.map((l) => l.subjectKey))).toEqual(new Set(['getPositions', 'listOrders']));
    expect(filtered.lines[0]?.item.breaking).toBe(true);
    const ranks = filtered.lines.map((l) =>
      l.item.breaking ? 0 : 1 + VERDICT_ORDER.indexOf(l.item.verdict),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(filtered.breaking).toBe(filtered.lines.filter((l) => l.item.breaking).length);
    expect(filtered.unfiltered).toBeGreaterThan(filtered.lines.length);
    expect(byLabel(filtered.lines)[0]?.label).toBe('Breaking');
    // Nothing selected on the WebSocket side: none of its lines.
    expect(filtered.lines.some((l) => l.api === 'ws')).toBe(false);
    const ws = filterChanges(three, point(three, 'v2-0-0'), select('ws:orders/new_order'));
    expect(ws.lines.length).toBeGreaterThan(0);
    expect(
      ws.lines.every(
        (l) => l.api === 'ws' && (l.subjectKey === 'orders/new_order' || l.subjectKind === 'document'),
      ),
    ).toBe(true);
  });

  it('on the product: since 2.0.0 as first published, its amendments’ corrections that reach the selection', async () => {
    const catalogue = buildCatalogue(await sessionModel(), product);
    const selection = new Set(
      selectionOf(matchAll(readList('getBulkOrder\ntrade\nlistInstruments').requests, catalogue)),
    );
    const filtered = filterChanges(product, point(product, 'v2-0-0'), selection);
    expect(new Set(filtered.lines.map((l) => l.subjectKey))).toEqual(
      new Set(['getBulkOrder', 'trades/trade']),
    );
    expect(new Set(filtered.lines.map((l) => l.in))).toEqual(new Set(['2.0.0, amendment 1']));
    expect(filtered.lines.every((l) => l.item.correction !== undefined)).toBe(true);
    const later = filterChanges(product, point(product, 'v2-0-0-amendment-1'), selection);
    expect(later.lines).toEqual([]);
  });
});

describe('the URL fragment', () => {
  it('round-trips the point and the selection, readable, and the pasted list reads it back to the same selection', async () => {
    const uses: UseKey[] = ['rest:createBulkOrder', 'rest:GET /api/x/{id}', 'ws:orders/new_order'];
    const hash = formatHash({since: 'v2-0-0', uses});
    expect(hash).toBe(
      '#integration?since=v2-0-0&use=createBulkOrder&use=GET+/api/x/%7Bid%7D&use=orders/new_order',
    );
    expect(parseHash(hash)).toEqual({
      since: 'v2-0-0',
      uses: ['createBulkOrder', 'GET /api/x/{id}', 'orders/new_order'],
    });
    expect(parseHash('#v2-0-0')).toBeNull();
    const catalogue = buildCatalogue(await sessionModel(), three);
    const chosen = selectionOf(
      matchAll(readList('createBulkOrder\nGET /api/positions\ntrade').requests, catalogue),
    );
    const back = parseHash(formatHash({uses: chosen}));
    expect(selectionOf(matchAll(readList(back?.uses.join('\n') ?? '').requests, catalogue))).toEqual(chosen);
  });
});

describe('downloads', () => {
  it('JSON and Atom hold the same lines, with the requests and why; the same selection gives the same bytes', async () => {
    const catalogue = buildCatalogue(await sessionModel(), three);
    const outcomes = matchAll(readList('GET /api/positions\nlistOrders\nnope').requests, catalogue);
    const selection = selectionOf(outcomes);
    const filtered = filterChanges(three, point(three, 'v3-0-0'), new Set(selection));
    const context = {
      link: `https://docs.example.com/version-history${formatHash({since: 'v3-0-0', uses: selection})}`,
      title: 'Trading API',
      selection,
      outcomes,
    };
    const json = JSON.parse(toJson(filtered, context)) as {
      since: SincePoint;
      selection: string[];
      requests: Array<{request: string; status: string}>;
      changes: Array<{text: string; label: string; in: string}>;
      breaking: number;
    };
    expect(json.since.id).toBe('v3-0-0');
    expect(json.selection).toEqual(['getPositions', 'listOrders']);
    expect(json.requests.map((r) => r.status)).toEqual(['matched', 'matched', 'unmatched']);
    expect(json.changes.map((c) => c.text)).toEqual(filtered.lines.map((l) => l.item.text));
    expect(json.changes[0]?.label).toBe('Breaking');
    const atom = toAtom(filtered, three, context);
    expect(atom).toBe(toAtom(filtered, three, context));
    expect(atom).toMatch(
      /^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/,
    );
    expect(atom).toContain('<title>4.0.0: ');
    expect(atom).toContain('<updated>2026-04-01T00:00:00Z</updated>');
    for (const line of filtered.lines)
      expect(atom).toContain(
        line.item.text
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;'),
      );
    expect(atom).toContain('<link rel="alternate" href="https://docs.example.com/version-history#v4-0-0"/>');
  });
});
