/**
 * The history as the page and the feeds show it (view.ts, feeds.ts), and a person's notes on
 * computed changes (store.ts attachNotes), from real changes of the product's documents.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {parse} from 'yaml';
import {diffDocuments, type Change} from '../../../plugins/releases/diff';
import {deprecatedUses} from '../../../plugins/releases/changes/deprecations';
import {renderAtom, renderJson} from '../../../plugins/releases/feeds';
import {attachNotes, type HistoryEntry} from '../../../plugins/releases/store';
import {deprecationsView, entryView, historyView, summaryOf} from '../../../plugins/releases/view';

const ROOT = path.resolve(__dirname, '../../..');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach deep into untyped YAML
type Doc = any;
const openapi = (): Doc => parse(readFileSync(path.join(ROOT, 'specs/openapi.yaml'), 'utf8'));

async function changesOf(edit: (doc: Doc) => void): Promise<Change[]> {
  const base = openapi();
  const revision = structuredClone(base);
  edit(revision);
  return diffDocuments('rest', base, revision, {asOf: '2026-11-26'});
}

function entry(changes: Change[], extra: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 'v3-0-0',
    kind: 'release',
    version: '3.0.0',
    date: null,
    recorded: '2026-11-20',
    notes: [{text: 'Bulk orders are disabled.', contactProvider: true}],
    initial: false,
    since: '2.0.0',
    changes,
    bump: 'major',
    ...extra,
  };
}

const anchors = {
  rest: new Set(['listOrders', 'listOrders.query.limit', 'listTrades', 'listTrades.query.price_from']),
  ws: new Set<string>(),
};

describe('history view', () => {
  it('groups changes by operation, strictest first, with verdict labels; documentation-only edits apart', async () => {
    const changes = await changesOf((doc) => {
      doc.components.schemas.PageLimit.default = 50;
      doc.components.schemas.Side.enum.push('SELL_SHORT');
      doc.components.schemas.OrderRef.description = 'Reworded.';
    });
    const view = entryView(entry(changes), anchors);
    const listOrders = view.sections.flatMap((s) => s.groups).find((g) => g.key === 'listOrders');
    expect(listOrders?.href).toBe('/rest#listOrders');
    expect(listOrders?.items.map((i) => i.label)).toEqual(['Breaking', 'Behaviour change', 'Compatible']);
    expect(listOrders?.items[1]).toMatchObject({
      text: 'Requests that leave out query parameter `limit` now get `50`, not `100`.',
      href: '/rest#listOrders.query.limit',
    });
    expect(view.docs.length).toBeGreaterThan(0);
    expect(
      view.sections
        .flatMap((s) => s.groups)
        .flatMap((g) => g.items)
        .some((i) => i.verdict === 'docs'),
    ).toBe(false);
    expect(view.summary).toBe(summaryOf(changes));
    expect(view.summary).toMatch(
      /^\d+ changes: \d+ breaking, 5 behaviour changes, \d+ compatible, \d+ documentation only\.$/,
    );
  });

  it('lists what is deprecated today, soonest sunset first, with the release that deprecated it', async () => {
    const doc = openapi();
    Object.assign(doc.components.parameters.PriceFrom, {deprecated: true, 'x-sunset': '2027-06-30'});
    Object.assign(doc.components.parameters.PriceTo, {deprecated: true, 'x-sunset': '2027-01-31'});
    doc.components.schemas.OrderRef.deprecated = true;
    const uses = deprecatedUses('rest', doc);
    const list = deprecationsView(
      uses,
      new Map([['rest:/paths/~1api~1trades/get/parameters/query:price_from', '2.1.0']]),
      anchors,
    );
    expect(list.slice(0, 2).map((d) => [d.item, d.sunset])).toEqual([
      ['Query parameter `price_to`', '2027-01-31'],
      ['Query parameter `price_from`', '2027-06-30'],
    ]);
    expect(list[1]).toMatchObject({
      since: '2.1.0',
      sinceHref: '/version-history#v2-1-0',
      href: '/rest#listTrades.query.price_from',
    });
    // A shared schema deprecated: listed at each use, without a sunset after the dated ones.
    const orderRefs = list.filter((d) => d.sunset === undefined);
    expect(orderRefs.length).toBeGreaterThan(3);
    expect(new Set(orderRefs.map((d) => d.subject)).size).toBeGreaterThan(3);
  });
});

describe('feeds', () => {
  it('Atom: stable dates (the recorded day, never the build time), the contact address after a note that asks for it, verdicts and deprecations', async () => {
    const changes = await changesOf((doc) => {
      doc.components.schemas.PageLimit.default = 50;
    });
    const doc = openapi();
    Object.assign(doc.components.parameters.PriceTo, {deprecated: true, 'x-sunset': '2027-01-31'});
    const view = historyView(
      [entry(changes)],
      anchors,
      deprecationsView(deprecatedUses('rest', doc), new Map(), anchors),
    );
    const options = {siteUrl: 'https://docs.example.com/', title: 'Trading API', contact: 'api@example.com'};
    const atom = renderAtom(view, options);
    expect(atom).toBe(renderAtom(view, options));
    expect(atom.match(/<updated>[^<]*<\/updated>/g)).toEqual([
      '<updated>2026-11-20T00:00:00Z</updated>',
      '<updated>2026-11-20T00:00:00Z</updated>',
      '<updated>2026-11-20T00:00:00Z</updated>',
    ]);
    expect(atom).toContain('Bulk orders are disabled. Contact: api@example.com.');
    expect(atom).toContain(
      'Behaviour change: REST `GET /api/orders`: Requests that leave out query parameter `limit` now get `50`, not `100`.',
    );
    expect(atom).toContain('Deprecated today (1)');
    expect(atom).toContain('REST `GET /api/trades`: Query parameter `price_to`, sunset 2027-01-31.');
    const json = JSON.parse(renderJson(view, options)) as {
      releases: Array<{notes: string[]; changes: Array<{verdict: string; id?: string}>}>;
      deprecations: unknown[];
    };
    expect(json.releases[0]?.notes).toEqual(['Bulk orders are disabled. Contact: api@example.com.']);
    expect(json.releases[0]?.changes.every((c) => typeof c.verdict === 'string')).toBe(true);
    expect(json.deprecations).toHaveLength(1);
  });

  it('a release with neither a date nor a recorded day takes the newest date the feed has, not the build time', () => {
    const view = historyView(
      [
        entry([], {recorded: null, id: 'v3'}),
        entry([], {recorded: '2026-10-01', id: 'v2', version: '2.0.0'}),
      ],
      anchors,
    );
    const atom = renderAtom(view, {siteUrl: 'https://docs.example.com/', title: 'T'});
    expect(atom.match(/<updated>[^<]*<\/updated>/g)).toEqual([
      '<updated>2026-10-01T00:00:00Z</updated>',
      '<updated>2026-10-01T00:00:00Z</updated>',
      '<updated>2026-10-01T00:00:00Z</updated>',
    ]);
  });
});

describe("a person's notes on computed changes", () => {
  it('attach by a change id (one use) or by what changed (every use); a key that matches nothing is reported', async () => {
    const changes = await changesOf((doc) => {
      doc.components.schemas.PageLimit.default = 50;
    });
    const one = changes.find((c) => c.subject.key === 'listOrders' && c.rule === 'default-changed') as Change;
    const {changes: noted, unmatched} = attachNotes(changes, {
      [one.id]: 'Only this one.',
      'rest:/components/schemas/PageLimit': 'Every use.',
      'rest:nothing': 'Typo.',
    });
    expect(noted.find((c) => c.id === one.id)?.note).toBe('Only this one.');
    expect(noted.filter((c) => c.note === 'Every use.').length).toBe(changes.length - 1);
    expect(unmatched).toEqual(['rest:nothing']);
  });
});
