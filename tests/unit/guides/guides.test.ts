/**
 * The guides can never drift from the API documents: every JSON example names
 * its schema and is valid against it, every request example is a real
 * operation with valid parameters and body, every name in code formatting
 * exists in the documents, and every link into the references uses an anchor
 * the documents define. Examples and names are found by reading the MDX, so a
 * new one is covered without editing this test.
 */
import {describe, expect, it} from 'vitest';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  asyncapi,
  at,
  isObject,
  openapi,
  operationFor,
  operations,
  parametersOf,
  schemaFor,
  token,
  validate,
  vocabulary,
  ROOT,
} from './documents';
import {parse} from 'yaml';
import {fences, filesUnder, guideFiles, inlineCode, jsxElements, links, metaValue} from './mdx';

/** Each release's hand-written file (date and notes) under specs/releases. */
function releaseFiles(): string[] {
  return filesUnder(path.join(ROOT, 'specs/releases'), (f) => f.endsWith('release.yaml'));
}

/** The text of every release note (a note is a string or `{text, contactProvider}`). */
function releaseNotes(): string[] {
  return releaseFiles().flatMap((file) => {
    const notes = (parse(readFileSync(file, 'utf8')) as {notes?: unknown}).notes;
    return (Array.isArray(notes) ? notes : []).flatMap((note: unknown) =>
      typeof note === 'string'
        ? [note]
        : typeof note === 'object' && note !== null && typeof (note as {text?: unknown}).text === 'string'
          ? [(note as {text: string}).text]
          : [],
    );
  });
}
import {slug} from '../../../plugins/api-reference/client/anchors';

/** The hand-kept error catalogue (the REST overview's tables), owned by the plugin. */
const ERROR_CATALOGUE_FILE = 'plugins/api-reference/client/errorCatalogue.ts';
const guides = guideFiles();
const vocab = vocabulary();

/**
 * Code-formatted text in the guides that is not an API name, each with the reason.
 * Anything else in `backticks` must be a name the documents define.
 */
const NOT_API: {match: RegExp; reason: string}[] = [
  {match: /^gpg(\s|$)/, reason: 'GnuPG commands (PGP guide)'},
  {match: /^(curl|ws)$/, reason: 'the tools the examples use: curl and the Node.js package ws'},
  {match: /^API_TOKEN$/, reason: 'the environment variable the examples read the token from'},
  {match: /^WebSocket$/, reason: 'the browser API of that name'},
  {
    match: /^(Authorization|Bearer|Content-Type)$/,
    reason: 'HTTP header and authentication scheme names (RFC 9110, RFC 6750)',
  },
  {match: /^~\/\.gnupg\/openpgp-revocs\.d\/$/, reason: "GnuPG's directory of revocation certificates"},
  {match: /^addresses\.txt\.asc$/, reason: 'the file gpg writes in the PGP guide'},
  {match: /^Good signature$/, reason: "gpg's output when a signature verifies"},
];

/** Example values rather than names: quoted literals and values matching the documents' formats. */
function isLiteralValue(code: string): boolean {
  if (/^(["']).*\1$/.test(code)) return true;
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+Z$/.test(code)) return true;
  // An instrument written as the documents' Instrument schema allows (e.g. BTC-EUR/SP).
  return validate('openapi', '/components/schemas/Instrument', code).length === 0 && /^[A-Z]/.test(code);
}

type Verdict = {ok: true} | {ok: false; why: string};

/** Checks one inline code span against the documents. */
function checkCode(code: string): Verdict {
  if (NOT_API.some((n) => n.match.test(code))) return {ok: true};
  if (isLiteralValue(code)) return {ok: true};
  if (/^\d{3}$/.test(code)) {
    return vocab.statuses.has(code)
      ? {ok: true}
      : {ok: false, why: `HTTP status ${code} is not a response of any operation`};
  }
  const request = /^(GET|POST|PUT|PATCH|DELETE) (\/\S*)$/.exec(code);
  if (request !== null) {
    const [, method, p] = request;
    return operations.some((o) => o.method === method && o.path === p)
      ? {ok: true}
      : {ok: false, why: `no operation ${code}`};
  }
  if (code.startsWith('/')) {
    return vocab.paths.has(code) || [...vocab.channels.values()].includes(code) || vocab.names.has(code)
      ? {ok: true}
      : {ok: false, why: `${code} is neither a path nor a channel address`};
  }
  const assignment = /^([\w.]+)(?:=|: )(.+)$/.exec(code);
  if (assignment !== null) {
    const name = assignment[1] as string;
    return vocab.names.has(name) ? {ok: true} : {ok: false, why: `${name} is not a field or parameter`};
  }
  if (vocab.names.has(code)) return {ok: true};
  if (/^[\w]+(\.[\w]+)+$/.test(code)) {
    const missing = code.split('.').filter((s) => !vocab.names.has(s));
    return missing.length === 0 ? {ok: true} : {ok: false, why: `${missing.join(', ')} not in the documents`};
  }
  return {
    ok: false,
    why: 'not a name defined by the API documents (add it to NOT_API with a reason if it is not API code)',
  };
}

const jsonFences = guides.flatMap((g) =>
  fences(g.source)
    .filter((f) => f.lang === 'json')
    .map((f) => ({...f, guide: g.id})),
);

const requestExamples = guides.flatMap((g) =>
  jsxElements(g.source, ['RequestExample']).map((e) => ({...e, guide: g.id})),
);
const hostCode = guides.flatMap((g) => jsxElements(g.source, ['HostCode']).map((e) => ({...e, guide: g.id})));

describe('JSON examples in the guides', () => {
  it('finds the examples (so the checks below are not vacuous)', () => {
    expect(jsonFences.length).toBeGreaterThanOrEqual(30);
    expect(new Set(jsonFences.map((f) => f.guide)).size).toBeGreaterThanOrEqual(4);
  });

  it.each(jsonFences.map((f) => [`${f.guide}.mdx:${f.line} ${f.meta}`, f] as const))(
    '%s names its schema and is valid',
    (_label, fence) => {
      const name = metaValue(fence.meta, 'schema');
      expect(
        name,
        'a ```json fence needs schema="rest:<operationId>:<request|status>" or schema="ws:<message>"',
      ).toBeDefined();
      expect(metaValue(fence.meta, 'title'), 'a ```json fence needs a title').toBeDefined();
      const value: unknown = JSON.parse(fence.code);
      const target = schemaFor(name as string);
      expect(validate(target.doc, target.pointer, value)).toEqual([]);
    },
  );

  it('rejects an invalid example (the validation is real)', () => {
    const target = schemaFor('rest:createSettlementRequest:request');
    expect(validate(target.doc, target.pointer, {trade_ids: [], request_amounts: []}).length).toBeGreaterThan(
      0,
    );
    const ws = schemaFor('ws:new_order');
    expect(
      validate(ws.doc, ws.pointer, {
        new_order: {
          order_ref: 'x',
          order_type: 'MARKET',
          instrument: 'BTC-EUR',
          side: 'BUY',
          amount: {leg_1_amount: '1', leg_2_amount: '2'},
        },
      }).length,
    ).toBeGreaterThan(0);
    expect(() => schemaFor('rest:noSuchOperation:200')).toThrow(/noSuchOperation/);
    expect(() => schemaFor('rest:listInstruments:418')).toThrow(/418/);
    expect(() => schemaFor('ws:no_such_message')).toThrow(/no_such_message/);
  });
});

describe('request examples (<RequestExample>)', () => {
  it('finds them', () => {
    expect(requestExamples.length).toBeGreaterThanOrEqual(10);
  });

  it.each(
    requestExamples.map(
      (e) => [`${e.guide}.mdx:${e.line} ${String(e.props.method)} ${String(e.props.path)}`, e] as const,
    ),
  )('%s is an operation with valid parameters and body', (_label, example) => {
    const method = String(example.props.method);
    const concrete = String(example.props.path);
    const found = operationFor(method, concrete);
    expect(found, `no operation matches ${method} ${concrete}`).not.toBeNull();
    if (found === null) return;
    const params = parametersOf(found.operation);
    for (const [name, value] of Object.entries(found.pathParams)) {
      const param = params.find((p) => p.in === 'path' && p.name === name);
      expect(param, `path parameter ${name}`).toBeDefined();
      expect(
        validate('openapi', param?.schemaPointer ?? '', value),
        `path parameter ${name}=${value}`,
      ).toEqual([]);
    }
    const query = (example.props.query ?? {}) as Record<string, unknown>;
    for (const [name, value] of Object.entries(query)) {
      const param = params.find((p) => p.in === 'query' && p.name === name);
      expect(param, `query parameter ${name} of ${found.operation.operationId}`).toBeDefined();
      expect(validate('openapi', param?.schemaPointer ?? '', value), `query parameter ${name}`).toEqual([]);
    }
    for (const p of params.filter((q) => q.in === 'query')) {
      const required =
        (at(openapi, p.schemaPointer.replace(/\/schema$/, '')) as {required?: boolean}).required === true;
      if (required) expect(query, `required query parameter ${p.name}`).toHaveProperty(p.name);
    }
    const hasBody = isObject(at(openapi, `${found.operation.pointer}/requestBody`));
    if (example.props.body !== undefined) {
      expect(hasBody, `${found.operation.operationId} takes no body`).toBe(true);
      const target = schemaFor(`rest:${found.operation.operationId}:request`);
      expect(validate(target.doc, target.pointer, example.props.body)).toEqual([]);
    } else {
      expect(hasBody, `${found.operation.operationId} needs a body`).toBe(false);
    }
  });

  it('<HostCode> snippets connect only to channel addresses the AsyncAPI document defines', () => {
    expect(hostCode.length).toBeGreaterThan(0);
    const addresses = new Set(vocab.channels.values());
    for (const snippet of hostCode) {
      expect(typeof snippet.children).toBe('string');
      for (const m of (snippet.children ?? '').matchAll(/\{\{WS_URL\}\}(\/[\w/-]*)/g))
        expect(addresses).toContain(m[1]);
      for (const m of (snippet.children ?? '').matchAll(/\{\{REST_URL\}\}(\/[\w/{}-]*)/g))
        expect(vocab.paths).toContain(m[1]);
    }
  });
});

describe('names in code formatting', () => {
  const spans = guides.flatMap((g) => inlineCode(g.source).map((code) => ({code, guide: g.id})));

  it('finds them', () => {
    expect(spans.length).toBeGreaterThan(200);
  });

  it('every one exists in the API documents (or is allow-listed with a reason)', () => {
    const bad = spans.map((s) => ({...s, verdict: checkCode(s.code)})).filter((s) => !s.verdict.ok);
    expect(bad.map((b) => `${b.guide}: \`${b.code}\` — ${b.verdict.ok ? '' : b.verdict.why}`)).toEqual([]);
  });

  it('the same for code in the data files the pages render (error catalogue, release notes)', () => {
    const codes = [
      ...[
        ...readFileSync(path.join(ROOT, ERROR_CATALOGUE_FILE), 'utf8').matchAll(/'((?:[^'\\\n]|\\.)*)'/g),
      ].flatMap((s) => [...(s[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string)),
      // The notes of each release (specs/releases/<version>/release.yaml), as the history page shows them.
      ...releaseNotes().flatMap((note) => [...note.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string)),
    ];
    expect(releaseNotes().join(' ')).toContain('`POST /api/orders/bulk`');
    // Fewer since issue 13: the catalogue no longer carries invented advice, only what the provider says.
    expect(codes.length).toBeGreaterThan(5);
    const bad = codes.filter((c) => !checkCode(c).ok);
    expect(bad).toEqual([]);
  });

  it('rejects names the documents do not define', () => {
    for (const wrong of [
      'createSettlement',
      'GET /api/instrument',
      '/ws/price',
      'leg_3_amount',
      '418',
      'settlement_request.status_code',
    ]) {
      expect(checkCode(wrong).ok, wrong).toBe(false);
    }
    for (const right of [
      'createSettlementRequest',
      'GET /api/instruments',
      '/ws/prices',
      'leg_1_amount',
      '409',
      'req_header.req_id',
      'DuplicateReq',
      'not ready',
    ]) {
      expect(checkCode(right).ok, right).toBe(true);
    }
  });
});

describe('links into the references', () => {
  const restAnchors = new Set([...vocab.operationIds, ...[...vocab.tags].map((t) => `tag-${slug(t)}`)]);
  const wsAnchors = new Set([...vocab.messages, ...[...vocab.channels.keys()].map((k) => `channel-${k}`)]);
  const pageFiles = filesUnder(path.join(ROOT, 'src/pages'), (f) => /\.(tsx?|mdx?)$/.test(f));
  const sources = [
    ...guides.map((g) => ({name: `docs/${g.id}.mdx`, source: g.source})),
    ...pageFiles.map((f) => ({name: path.relative(ROOT, f), source: readFileSync(f, 'utf8')})),
  ];
  const targets = sources.flatMap((s) =>
    [
      ...links(s.source),
      ...[...s.source.matchAll(/['"`](\/(?:rest|docs\/ws)#[^'"`\s]+)['"`]/g)].map((m) => m[1] as string),
    ].map((to) => ({to, file: s.name})),
  );
  // Anchors built at run time (`/rest#${op}`) come from data checked by its own tests.
  const intoReferences = targets.filter((t) => /^\/(rest|docs\/ws)(#|$)/.test(t.to) && !t.to.includes('${'));

  it('finds links into both references', () => {
    expect(intoReferences.some((t) => t.to.startsWith('/rest#'))).toBe(true);
    expect(intoReferences.some((t) => t.to.startsWith('/docs/ws#'))).toBe(true);
  });

  it('every anchor is an operationId or tag (REST), a message or channel key (WebSocket)', () => {
    const bad = intoReferences.filter((t) => {
      const [page, anchor] = t.to.split('#');
      if (anchor === undefined) return false;
      return page === '/rest' ? !restAnchors.has(anchor) : !wsAnchors.has(anchor);
    });
    expect(bad.map((b) => `${b.file}: ${b.to}`)).toEqual([]);
  });

  it('the anchor sets are those of the documents (sanity)', () => {
    expect(restAnchors).toContain('createSettlementRequest');
    expect(restAnchors).toContain('tag-risk-figures');
    expect(wsAnchors).toContain('price_update');
    expect(wsAnchors).toContain('channel-trades');
    expect(restAnchors).not.toContain('createSettlement');
  });

  it('the REST overview lists every operation of the document', () => {
    const overview = guides.find((g) => g.id === 'rest_overview')?.source ?? '';
    const missing = operations.filter(
      (o) =>
        !overview.includes(`(/rest#${o.operationId})`) || !overview.includes(`\`${o.method} ${o.path}\``),
    );
    expect(missing.map((o) => o.operationId)).toEqual([]);
  });

  it('the WebSocket overview links every channel and every message', () => {
    const ws = guides.find((g) => g.id === 'websockets')?.source ?? '';
    const missing = [...wsAnchors].filter((a) => !ws.includes(`/docs/ws#${a}`));
    expect(missing).toEqual([]);
  });
});

describe('no identity written literally', () => {
  const info = isObject(openapi.info) ? openapi.info : {};
  const contact = isObject(info.contact) ? info.contact : {};
  const hosts = [
    ...(Array.isArray(openapi.servers) ? openapi.servers : [])
      .filter(isObject)
      .map((s) => new URL(String(s.url)).host),
    ...Object.values(isObject(asyncapi.servers) ? asyncapi.servers : {})
      .filter(isObject)
      .map((s) => String(s.host)),
  ];
  const forbidden = [
    'example.com',
    ...hosts,
    String(contact.email),
    String(info.title),
    ...(typeof info['x-provider-name'] === 'string' ? [info['x-provider-name']] : []),
    ...(typeof info['x-status-page'] === 'string' ? [info['x-status-page']] : []),
  ].filter((s) => s !== 'undefined' && s !== '');

  const files = [
    ...guides.map((g) => g.file),
    ...filesUnder(path.join(ROOT, 'src/pages'), (f) => /\.(tsx?|mdx?|css)$/.test(f)),
    ...releaseFiles(),
    path.join(ROOT, ERROR_CATALOGUE_FILE),
    ...filesUnder(path.join(ROOT, 'src/components/Guide'), (f) => /\.(tsx?|css)$/.test(f)),
  ];

  it('knows what to look for', () => {
    expect(forbidden.length).toBeGreaterThanOrEqual(5);
    expect(files.length).toBeGreaterThan(8);
  });

  it.each(files.map((f) => [path.relative(ROOT, f), f] as const))(
    '%s writes no host, contact address or title',
    (_name, file) => {
      const text = readFileSync(file, 'utf8').toLowerCase();
      expect(forbidden.filter((f) => text.includes(f.toLowerCase()))).toEqual([]);
    },
  );
});

describe('facts stated in prose match the documents', () => {
  const text = Object.fromEntries(guides.map((g) => [g.id, g.source.replace(/\s+/g, ' ')]));
  const s = (name: string): Record<string, unknown> =>
    at(openapi, `/components/schemas/${token(name)}`) as Record<string, unknown>;
  const a = (name: string): Record<string, unknown> =>
    at(asyncapi, `/components/schemas/${token(name)}`) as Record<string, unknown>;
  const prop = (schema: Record<string, unknown>, field: string): Record<string, unknown> =>
    (schema.properties as Record<string, Record<string, unknown>>)[field] ?? {};

  const facts: {guide: string; phrase: string; holds: () => boolean}[] = [
    {
      guide: 'rest_overview',
      phrase: 'results per page, 10 to 9999, default 100',
      holds: () =>
        s('PageLimit').minimum === 10 && s('PageLimit').maximum === 9999 && s('PageLimit').default === 100,
    },
    {
      guide: 'rest_overview',
      phrase: '0 to 9999, default 0',
      holds: () =>
        s('PageSkip').minimum === 0 && s('PageSkip').maximum === 9999 && s('PageSkip').default === 0,
    },
    {
      guide: 'rest_overview',
      phrase: 'up to 19 integer digits, optionally a `.` and 1 to 50 fraction digits, at most 70 characters',
      holds: () =>
        String(s('Decimal').pattern).includes('{1,19}') &&
        String(s('Decimal').pattern).includes('{1,50}') &&
        s('Decimal').maxLength === 70,
    },
    {
      guide: 'rest_overview',
      phrase: 'exactly six fraction digits',
      holds: () => String(s('Timestamp').pattern).includes('[0-9]{6}Z'),
    },
    {
      guide: 'rest_overview',
      phrase: '| 1 to 36 letters, digits, `#`, `_` or `-` |',
      holds: () => s('Id').maxLength === 36 && s('Id').pattern === '^[A-Za-z0-9#_-]{1,36}$',
    },
    {
      guide: 'rest_overview',
      phrase: '0 to 999999999999999',
      holds: () => s('SeqNumber').maximum === 999999999999999,
    },
    {
      guide: 'rest_overview',
      phrase: 'holds 1 to 999 orders',
      holds: () => prop(s('NewBulkOrder'), 'orders').maxItems === 999,
    },
    {
      guide: 'rest_overview',
      phrase: 'the idempotency window is **one hour**',
      holds: () => JSON.stringify(at(openapi, '/components/schemas/SettlementRequest')).includes('one hour'),
    },
    {
      guide: 'rest_overview',
      phrase: '`counter_leg_precision` (0 to 99)',
      holds: () => s('CounterLegPrecision').maximum === 99,
    },
    {
      guide: 'getting_started',
      phrase: '(1 to 9999 unique `trade_ids`)',
      holds: () =>
        prop(s('SettlementRequest'), 'trade_ids').maxItems === 9999 &&
        prop(s('SettlementRequest'), 'trade_ids').uniqueItems === true,
    },
    {
      guide: 'getting_started',
      phrase: '(1 to 99 `request_amounts`',
      holds: () => prop(s('SettlementRequest'), 'request_amounts').maxItems === 99,
    },
    {
      guide: 'websockets',
      phrase: 'in seconds, 0 to 600',
      holds: () => a('HeartbeatInterval').maximum === 600 && a('HeartbeatInterval').default === 0,
    },
    {
      guide: 'websockets',
      phrase: '| `max_frequency` | 0 to 100000 (milliseconds) | 0 |',
      holds: () =>
        prop(a('Subscription'), 'max_frequency').maximum === 100000 &&
        prop(a('Subscription'), 'max_frequency').default === 0,
    },
    {
      guide: 'websockets',
      phrase: '| `max_pending` | 0 to 100000 | 1000 |',
      holds: () =>
        prop(a('Subscription'), 'max_pending').maximum === 100000 &&
        prop(a('Subscription'), 'max_pending').default === 1000,
    },
    {
      guide: 'websockets',
      phrase: '| `mergeable` | true or false | true |',
      holds: () => prop(a('Subscription'), 'mergeable').default === true,
    },
    {
      guide: 'websockets',
      phrase: '1 to 999 subscriptions per message',
      holds: () => prop(a('SubscribeInstruments'), 'subscriptions').maxItems === 999,
    },
    {
      guide: 'websockets',
      phrase: 'carries 1 to 100 entries',
      holds: () => prop(a('PriceUpdate'), 'update_list').maxItems === 100,
    },
    {
      guide: 'websockets',
      phrase: 'up to 999 `levels`',
      holds: () => prop(a('PriceUpdateEntry'), 'levels').maxItems === 999,
    },
    {
      guide: 'websockets',
      phrase: 'a `rejection_text` of 1 to 1000 characters',
      holds: () => a('RejectionText').maxLength === 1000,
    },
    {
      guide: 'websockets',
      phrase: '`DUPLICATE`, `REJECTED`, `EXPIRED`, `CANCELLED` and `DONE` are terminal',
      holds: () =>
        String(a('OrderStatus').description).includes(
          'DUPLICATE, REJECTED, EXPIRED, CANCELLED and DONE are terminal',
        ),
    },
  ];

  it.each(facts.map((f) => [`${f.guide}: ${f.phrase}`, f] as const))('%s', (_label, fact) => {
    expect(text[fact.guide], `the phrase is no longer in docs/${fact.guide}.mdx`).toContain(fact.phrase);
    expect(fact.holds(), 'the documents say otherwise: update the guide').toBe(true);
  });

  it('lists every order status of the documents in the WebSocket overview', () => {
    const statuses = (a('OrderStatus').enum as string[]) ?? [];
    expect(statuses.length).toBeGreaterThan(5);
    for (const st of statuses) expect(text.websockets).toContain(`{id: '${st}'`);
  });
});
