/**
 * No sample connects to an address the API documents do not publish (issue 13). The provider does
 * not publish the trades channel's address, so the AsyncAPI document gives it as `null`; a sample
 * that connected to a guessed URL (`/ws/trades`) would send an integrator's token and orders to a
 * place nobody promised exists.
 *
 * Checked: every URL in every code sample of both reference view models, the hosts and paths of
 * the guides' `<HostCode>` snippets, and every `/ws/…` path written anywhere in the guides, pages
 * and data files the site renders.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {asyncapi, isObject, openapi, operations, ROOT} from '../unit/guides/documents';
import {filesUnder, guideFiles, jsxElements} from '../unit/guides/mdx';
import {specModels} from '../helpers/specModels';

/** The references as the site renders them. */
const product = await specModels();

/** Channel addresses the AsyncAPI document publishes (a null address publishes none). */
const channelEntries = Object.entries(isObject(asyncapi.channels) ? asyncapi.channels : {});
const publishedAddresses = new Set(
  channelEntries.flatMap(([, ch]) => (isObject(ch) && typeof ch.address === 'string' ? [ch.address] : [])),
);
const unpublishedChannels = channelEntries
  .filter(([, ch]) => isObject(ch) && ch.address === null)
  .map(([key]) => key);

const wsOrigins = new Set(
  Object.values(isObject(asyncapi.servers) ? asyncapi.servers : {}).flatMap((s) =>
    isObject(s) ? [`${String(s.protocol)}://${String(s.host)}`] : [],
  ),
);
const restBases = (Array.isArray(openapi.servers) ? openapi.servers : []).flatMap((s) =>
  isObject(s) && typeof s.url === 'string' ? [s.url.replace(/\/$/, '')] : [],
);
const restPaths = operations.map(
  (o) => new RegExp(`^${o.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
);

/** Why a URL found in a sample is not an address the documents publish, or null when it is. */
export function unpublished(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `${url} is not a URL`;
  }
  if (parsed.protocol === 'wss:' || parsed.protocol === 'ws:') {
    if (!wsOrigins.has(`${parsed.protocol.slice(0, -1)}://${parsed.host}`))
      return `${url}: ${parsed.host} is not a WebSocket server of the AsyncAPI document`;
    return publishedAddresses.has(parsed.pathname)
      ? null
      : `${url}: ${parsed.pathname} is not a channel address the AsyncAPI document publishes`;
  }
  const base = restBases.find((b) => url.startsWith(b));
  if (base === undefined) return `${url} is not on a server of the OpenAPI document`;
  const p = new URL(url).pathname.slice(new URL(base).pathname.replace(/\/$/, '').length);
  return restPaths.some((r) => r.test(p)) ? null : `${url}: ${p} is not a path of the OpenAPI document`;
}

const URLS = /\b(?:wss?|https?):\/\/[^\s'"`\\)<>]+/g;
const urlsIn = (code: string): string[] => [...code.matchAll(URLS)].map((m) => m[0]);

describe('the documents publish the channel addresses they use', () => {
  it('leaves the trades channel address unpublished (null), as the provider does', () => {
    expect(unpublishedChannels).toContain('trades');
    expect(publishedAddresses).toEqual(new Set(['/ws/prices', '/ws/orders']));
  });

  it('the check refuses an invented channel address and an unknown host (it can fail)', () => {
    const [origin] = [...wsOrigins];
    expect(unpublished(`${origin ?? 'wss://x'}/ws/trades`)).toMatch(/not a channel address/);
    expect(unpublished(`${origin ?? 'wss://x'}/ws/prices`)).toBeNull();
    expect(unpublished('wss://elsewhere.example.net/ws/prices')).toMatch(/not a WebSocket server/);
    expect(unpublished(`${restBases[0] ?? ''}/api/instrument`)).toMatch(/not a path/);
    expect(unpublished(`${restBases[0] ?? ''}/api/orders/bulk/blk_1/status`)).toBeNull();
  });
});

describe('code samples of the references connect only to published addresses', () => {
  const {rest, ws} = product;
  const restSamples = rest.tags.flatMap((t) =>
    t.operations.flatMap((o) => o.samples.map((s) => ({where: `/rest ${o.id} (${s.label})`, code: s.code}))),
  );
  const wsSamples = ws.channels.flatMap((c) =>
    c.messages.flatMap((m) =>
      m.samples.map((s) => ({where: `/docs/ws ${c.key} ${m.name} (${s.label})`, code: s.code})),
    ),
  );

  it('finds the samples and their URLs', () => {
    expect(restSamples.length).toBeGreaterThan(50);
    expect(wsSamples.length).toBeGreaterThan(10);
    for (const s of [...restSamples, ...wsSamples]) expect(urlsIn(s.code).length, s.where).toBeGreaterThan(0);
  });

  it('every URL in every sample is a published server and path or channel address', () => {
    const bad = [...restSamples, ...wsSamples].flatMap((s) =>
      urlsIn(s.code).flatMap((u) => {
        const why = unpublished(u);
        return why === null ? [] : [`${s.where}: ${why}`];
      }),
    );
    expect(bad).toEqual([]);
  });

  it('gives no sample to a message on a channel whose address is not published, and says why', () => {
    for (const channel of ws.channels.filter((c) => unpublishedChannels.includes(c.key))) {
      expect(channel.address).toBeNull();
      for (const m of channel.messages) expect(m.samples, `${channel.key}/${m.name}`).toEqual([]);
    }
  });
});

describe('the guides and pages connect only to published addresses', () => {
  const guides = guideFiles();

  it('<HostCode> snippets use published channel addresses and REST paths', () => {
    const snippets = guides.flatMap((g) =>
      jsxElements(g.source, ['HostCode']).map((e) => ({
        where: `docs/${g.id}.mdx:${e.line}`,
        code: e.children ?? '',
      })),
    );
    expect(snippets.length).toBeGreaterThan(0);
    const bad: string[] = [];
    for (const s of snippets) {
      for (const m of s.code.matchAll(/\{\{WS_URL\}\}([^'"`\s]*)/g))
        if (!publishedAddresses.has(m[1] ?? '')) bad.push(`${s.where}: {{WS_URL}}${m[1] ?? ''}`);
      // The server alone (a proxy in front of it, say) is published too; a path must be one of its paths.
      for (const m of s.code.matchAll(/\{\{REST_URL\}\}([^'"`\s?]*)/g))
        if ((m[1] ?? '') !== '' && !restPaths.some((r) => r.test(m[1] ?? '')))
          bad.push(`${s.where}: {{REST_URL}}${m[1] ?? ''}`);
    }
    expect(bad).toEqual([]);
  });

  it('no guide, page or data file writes a WebSocket path the documents do not publish', () => {
    const files = [
      ...guides.map((g) => g.file),
      ...filesUnder(path.join(ROOT, 'src/pages'), (f) => /\.(tsx?|mdx?)$/.test(f)),
      // Hand-kept data: the error catalogue and each release's notes.
      path.join(ROOT, 'plugins/api-reference/client/errorCatalogue.ts'),
      ...filesUnder(path.join(ROOT, 'specs/releases'), (f) => f.endsWith('release.yaml')),
    ];
    expect(files.length).toBeGreaterThan(8);
    const bad = files.flatMap((file) =>
      // Site routes under /docs/ws (the reference, the session checker) are pages, not channel addresses.
      [...readFileSync(file, 'utf8').matchAll(/(?<!\/docs)\/ws\/[\w-]+/g)]
        .map((m) => m[0])
        .filter((p) => !publishedAddresses.has(p))
        .map((p) => `${path.relative(ROOT, file)}: ${p}`),
    );
    expect(bad).toEqual([]);
  });
});
