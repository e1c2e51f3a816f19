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
import {attachNotes, history, listReleases, type HistoryEntry} from '../../../plugins/releases/store';
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

describe('an amendment reads as a correction of the documents, not a release', () => {
  const releases = path.join(ROOT, 'specs/releases');
  const amendmentOf = async (): Promise<HistoryEntry> => {
    const entries = await history(releases, null, {today: '2026-11-27'});
    // The first amendment: the one whose corrections include fields a reader may have relied on.
    const found = entries.find((e) => e.id === 'v2-0-0-amendment-1');
    if (found === undefined) throw new Error('specs/releases/2.0.0 has no first amendment');
    return found;
  };

  it('each item says what the earlier text said, what the corrected text says and what to check; no Breaking, no server sentence, no bump', async () => {
    const amendment = await amendmentOf();
    // The computed changes keep their rule and verdict (badges and "since" read them) …
    expect(amendment.changes.some((c) => c.breaking)).toBe(true);
    const view = historyView([amendment], anchors);
    const entryView0 = view.entries[0];
    if (entryView0 === undefined) throw new Error('no entry');
    expect(entryView0.bump).toBe('none');
    expect(entryView0.breaking).toBe(0);
    const items = entryView0.sections.flatMap((s) => s.groups.flatMap((g) => g.items));
    expect(items.length).toBeGreaterThan(3);
    for (const item of items) {
      expect(item.breaking).toBe(false);
      expect(['To check', 'Correction']).toContain(item.label);
      expect(item.text).toMatch(
        /^The earlier text .+; the corrected text .+\. If you followed the earlier text: .+\.$/,
      );
      expect(item.text).not.toMatch(/valid before may now be refused|clients must|will no longer find/i);
    }
    const trade = entryView0.sections
      .flatMap((s) => s.groups)
      .find((g) => g.label === 'message `trade` on channel `trades`');
    expect(trade?.items.map((i) => [i.label, i.text])).toEqual([
      [
        'To check',
        'The earlier text listed field `trade.header`; the corrected text does not. If you followed the earlier text: do not rely on it: it is not there.',
      ],
    ]);
    const options = {siteUrl: 'https://docs.example.com/', title: 'Trading API'};
    const atom = renderAtom(view, options);
    expect(atom).toContain('<title>2.0.0, amendment 1</title>');
    expect(atom).not.toMatch(/breaking\)/);
    expect(atom).toContain('The 2.0.0 documents were corrected; the API did not change.');
    const json = JSON.parse(renderJson(view, options)) as {
      releases: Array<{
        bump: string;
        changes: Array<{verdict: string; breaking: boolean; correction?: unknown}>;
      }>;
    };
    expect(json.releases[0]?.bump).toBe('none');
    expect(json.releases[0]?.changes.some((c) => c.breaking)).toBe(false);
    expect(json.releases[0]?.changes.filter((c) => c.verdict === 'correction').length).toBe(items.length);
  });

  it("the reason is written for the API reader: it names what changed in the documents, not the maintainers' work", () => {
    const reasons = listReleases(releases).flatMap((r) => r.amendments.map((a) => a.reason));
    expect(reasons.length).toBeGreaterThan(0);
    for (const reason of reasons) expect(reason).not.toMatch(/to the letter|issue \d+|maintainer/i);
  });

  it('every count equals the lines listed under it', async () => {
    const amendment = await amendmentOf();
    const v = entryView(amendment, anchors);
    const items = v.sections.flatMap((s) => s.groups.flatMap((g) => g.items));
    expect(v.total).toBe(items.length + v.docs.length);
    expect(v.summary).toBe(
      `${items.length} corrections (${items.filter((i) => i.correction?.action === true).length} to check if you followed the earlier text), ${v.docs.length} reworded descriptions or examples.`,
    );
    // A release: the same statement twice in one operation is one line, and counted once.
    const changes = await changesOf((doc) => {
      doc.components.schemas.PageLimit.default = 50;
    });
    const doubled = entryView(entry([...changes, ...changes]), anchors);
    const lines = doubled.sections.flatMap((s) => s.groups.flatMap((g) => g.items)).length;
    expect(doubled.total).toBe(lines + doubled.docs.length);
    expect(doubled.summary).toMatch(new RegExp(`^${lines} changes?:`));
  });
});

describe('notes, directions and words a reader can act on', () => {
  it('a note keyed to a shared origin is shown once per entry; each line points to it', async () => {
    const changes = await changesOf((doc) => {
      doc.components.schemas.PageLimit.default = 50;
    });
    const {changes: noted} = attachNotes(changes, {
      'rest:/components/schemas/PageLimit': 'Send limit=100 to keep pages of 100.',
    });
    const view = historyView([entry(noted)], anchors);
    const v = view.entries[0];
    expect(v?.changeNotes).toEqual([
      {
        id: 'v3-0-0-note-1',
        text: 'Send limit=100 to keep pages of 100.',
        about: 'schema `PageLimit`',
        lines: 6,
      },
    ]);
    const items = v?.sections.flatMap((s) => s.groups.flatMap((g) => g.items)) ?? [];
    expect(items.every((i) => i.note === undefined && i.noteRef === 'v3-0-0-note-1')).toBe(true);
    const atom = renderAtom(view, {siteUrl: 'https://docs.example.com/', title: 'T'});
    expect(atom.split('Send limit=100 to keep pages of 100.').length - 1).toBe(1);
  });

  it('changes.json gives each change its direction, and documentation items an id', async () => {
    const changes = await changesOf((doc) => {
      doc.components.schemas.PageLimit.default = 50;
      doc.components.schemas.OrderRef.description = 'Reworded.';
    });
    const json = JSON.parse(
      renderJson(historyView([entry(changes)], anchors), {siteUrl: 'https://docs.example.com/', title: 'T'}),
    ) as {releases: Array<{changes: Array<{id?: string; verdict: string; direction?: string}>}>};
    const list = json.releases[0]?.changes ?? [];
    for (const c of list.filter((x) => x.verdict !== 'docs'))
      expect(['send', 'receive', 'both']).toContain(c.direction);
    const docs = list.filter((x) => x.verdict === 'docs');
    expect(docs.length).toBeGreaterThan(0);
    for (const c of docs) {
      expect(c.id).toMatch(/^rest:.+:description-changed$/);
      expect(c.direction).toBeUndefined();
    }
  });

  it('security sentences say the kind of credential and where it goes, never the scheme key', async () => {
    const changes = await changesOf((doc) => {
      doc.components.securitySchemes.bearerAuth = {type: 'apiKey', in: 'header', name: 'X-Token'};
    });
    const texts = [
      ...new Set(changes.filter((c) => c.rule === 'security-scheme-changed').map((c) => c.text)),
    ];
    expect(texts).toEqual([
      'The credentials asked for changed from a bearer token (JWT) in the `Authorization` header to an API key in the `X-Token` header. Clients must authenticate as the document now says.',
    ]);
    const added = await changesOf((doc) => {
      doc.components.securitySchemes.keyAuth = {type: 'apiKey', in: 'query', name: 'key'};
      doc.paths['/api/orders'].get.security = [{bearerAuth: [], keyAuth: []}];
    });
    const text = added.find((c) => c.rule === 'security-changed')?.text ?? '';
    expect(text).toBe(
      'Authentication changed: now asks for an API key in the query parameter `key`. Clients must authenticate as the document now says.',
    );
    expect(changes.concat(added).some((c) => /bearerAuth|keyAuth/.test(c.text))).toBe(false);
  });

  it('a deprecation whose sunset had passed on the release day says so', async () => {
    const changes = await changesOf((doc) => {
      Object.assign(doc.components.parameters.PriceFrom, {deprecated: true, 'x-sunset': '2026-06-30'});
    });
    const view = entryView(entry(changes, {date: '2026-12-01'}), anchors);
    const texts = view.sections.flatMap((s) => s.groups.flatMap((g) => g.items.map((i) => i.text)));
    expect(texts).toContain(
      'Query parameter `price_from` deprecated, sunset 2026-06-30, a date already passed: stop using it now, as it can go in any release.',
    );
  });
});

describe('"changes since a version" counts what applies', () => {
  it('drops what was reverted, added then removed, or superseded; a limit moved twice reads once from the first value', async () => {
    const v200 = openapi();
    const v210 = structuredClone(v200);
    v210.components.schemas.PageLimit.default = 50;
    v210.components.schemas.Side.enum.push('SELL_SHORT');
    v210.paths['/api/ping'] = {
      get: {operationId: 'ping', summary: 'Ping', responses: {'204': {description: 'Alive.'}}},
    };
    v210.paths['/api/orders'].get.parameters.push({name: 'note', in: 'query', schema: {type: 'string'}});
    Object.assign(v210.components.parameters.PriceFrom, {deprecated: true, 'x-sunset': '2026-01-31'});
    const v300 = structuredClone(v210);
    v300.components.schemas.PageLimit.default = 100;
    v300.components.schemas.Side.enum.pop();
    delete v300.paths['/api/ping'];
    v300.components.schemas.OrderRef.maxLength = 50;
    const v400 = structuredClone(v300);
    v400.components.schemas.OrderRef.maxLength = 40;
    v400.paths['/api/orders'].get.parameters.pop();
    v400.paths['/api/trades'].get.parameters = v400.paths['/api/trades'].get.parameters.filter(
      (p: {$ref?: string}) => p.$ref !== '#/components/parameters/PriceFrom',
    );
    const diff = (a: Doc, b: Doc): Change[] => diffDocuments('rest', a, b, {asOf: '2026-11-26'});
    const [c210, c300, c400] = await Promise.all([diff(v200, v210), diff(v210, v300), diff(v300, v400)]);
    const entries: HistoryEntry[] = [
      entry(c400, {id: 'v4-0-0', version: '4.0.0', since: '3.0.0'}),
      entry(c300, {id: 'v3-0-0', version: '3.0.0', since: '2.1.0'}),
      entry(c210, {id: 'v2-1-0', version: '2.1.0', since: '2.0.0', bump: 'minor'}),
      entry([], {id: 'v2-0-0', version: '2.0.0', since: null, initial: true, bump: 'none'}),
    ];
    const listed = [c210, c300, c400].flat().filter((c) => c.verdict !== 'docs').length;
    const since = historyView(entries, anchors).since['2.0.0'];
    if (since === undefined) throw new Error('no since view for 2.0.0');
    const items = since.groups.flatMap((g) => g.items);
    // Deprecated in 2.1.0, removed in 4.0.0: only the removal applies.
    const priceFrom = items.filter((i) => i.text.includes('`price_from`'));
    expect(priceFrom.map((i) => [i.text.replace(/:.*/, ''), i.in])).toEqual([
      ['Query parameter `price_from` removed as announced (sunset 2026-01-31)', '4.0.0'],
    ]);
    // Else only the narrowed `order_ref` applies, once per use, from 100 to 40, in 4.0.0.
    expect(items.length).toBeGreaterThan(1);
    expect(items.length).toBeLessThan(listed / 2);
    for (const item of items.filter((i) => !priceFrom.includes(i))) {
      expect(item.text).toMatch(/order_ref`.*maximum length lowered from 100 to 40/);
      expect(item.in).toBe('4.0.0');
    }
    expect(since.lines).toBe(items.length);
    expect(since.breaking).toBe(items.filter((i) => i.breaking).length);
    expect(since.to).toBe('4.0.0');
    // Since 3.0.0: the second narrowing and the removal of the `note` parameter added in 2.1.0.
    const since300 = historyView(entries, anchors).since['3.0.0'];
    const texts = since300?.groups.flatMap((g) => g.items.map((i) => i.text)) ?? [];
    expect(texts.some((t) => /lowered from 50 to 40/.test(t))).toBe(true);
    expect(texts.some((t) => /`note` removed/.test(t))).toBe(true);
  });
});

describe('corrections', () => {
  it('every rule has correction words for each side, and a message both ways speaks of its stricter side', async () => {
    const {correctionOf} = await import('../../../plugins/releases/corrections');
    const {RULES, judge} = await import('../../../plugins/releases/changes/rules');
    const {sampleFor} = await import('../../../plugins/releases/changes/published');
    for (const r of RULES.values())
      for (const direction of ['send', 'receive', 'both'] as const) {
        const words = sampleFor(r, direction === 'both' ? 'send' : direction);
        const {verdict} = judge(r.id, direction, words);
        const c = correctionOf({rule: r.id, direction, words, verdict});
        for (const part of [c.earlier, c.corrected, c.check])
          expect(part, `${r.id} ${direction}`).not.toMatch(/undefined|null|\[object|^$/);
        expect(`${c.earlier} ${c.corrected} ${c.check}`).not.toMatch(/refused|Breaking/);
      }
    // A message field removed, on a message that goes both ways: the receive side is stricter.
    const both = correctionOf({
      rule: 'field-removed',
      direction: 'both',
      words: {item: 'field `trade.header`', sends: 'messages'},
      verdict: 'breaking',
    });
    expect(both.check).toBe('do not rely on it: it is not there');
    expect(both.action).toBe(true);
  });
});
