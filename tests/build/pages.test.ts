/**
 * The built guide pages, home page and version history (build/, made once for
 * the build tests by productBuild(); BUILD_DIR points elsewhere): hosts are substituted
 * from the documents, diagrams are static SVG with text versions.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {asyncapi, isObject, openapi} from '../unit/guides/documents';
import {GUIDES} from '../helpers/guides';
import {productBuild} from '../helpers/productBuild';

const buildDir = productBuild();

function page(route: string): string {
  const file = path.join(buildDir, route === '/' ? 'index.html' : `${route.replace(/^\//, '')}.html`);
  if (!existsSync(file)) throw new Error(`${file} does not exist in the build.`);
  return readFileSync(file, 'utf8');
}

const servers = Array.isArray(openapi.servers) ? openapi.servers.filter(isObject) : [];
const defaultRest = String(servers[0]?.url);
const wsServers = Object.values(isObject(asyncapi.servers) ? asyncapi.servers : {}).filter(isObject);
const defaultWs = `${String(wsServers[0]?.protocol)}://${String(wsServers[0]?.host)}`;

describe('built guide pages', () => {
  it.each(GUIDES.map((g) => [g.id, g.route]))(
    'docs/%s has its h1, no unfilled placeholder and no NaN',
    (_id, route) => {
      const html = page(route);
      expect(html).toMatch(/<h1[^>]*>/);
      expect(html).not.toMatch(/\{\{(REST|WS)_URL\}\}/);
      expect(html).not.toMatch(/NaN|undefined<\/|>undefined/);
    },
  );

  it('request examples use the default (pre-production) hosts of the documents', () => {
    expect(page('/docs/getting_started')).toContain(`${defaultRest}/api/instruments`);
    expect(page('/docs/getting_started')).toContain(`${defaultWs}/ws/orders`);
  });

  it('the environments table lists every server of both documents', () => {
    const html = page('/docs/environments');
    for (const s of servers) expect(html).toContain(String(s.url));
    for (const s of wsServers) expect(html).toContain(`${String(s.protocol)}://${String(s.host)}`);
  });

  it('diagrams are static SVG with title, description and a text version', () => {
    const figures = ['/docs/getting_started', '/docs/rest_overview', '/docs/websockets'].flatMap(
      (r) => page(r).match(/<figure[\s\S]*?<\/figure>/g) ?? [],
    );
    expect(figures.length).toBeGreaterThanOrEqual(5);
    for (const f of figures) {
      expect(f).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="([^"]+)"/);
      expect(f).toMatch(/<title id="[^"]+">[^<]+<\/title><desc id="[^"]+">[^<]+<\/desc>/);
      expect(f).toMatch(/<figcaption/);
      expect(f).toMatch(/<summary>Text version<\/summary>[\s\S]*<li>/);
    }
  });
});

describe('built home page and version history', () => {
  it('home: the title as h1, the three entry points and a first request on pre-production', () => {
    const html = page('/');
    const info = isObject(openapi.info) ? openapi.info : {};
    expect(html).toMatch(new RegExp(`<h1[^>]*>${String(info.title)}`));
    for (const to of ['/docs/intro', '/rest', '/docs/ws']) expect(html).toContain(`href="${to}"`);
    expect(html).toContain(`${defaultRest}/api/instruments`);
  });

  it('version history: computed from specs/releases, the current release with its date and notes, and the feeds', () => {
    const html = page('/version-history');
    const info = isObject(openapi.info) ? openapi.info : {};
    expect(html).toMatch(
      new RegExp(`<h2[^>]*id="v${String(info.version).replace(/\\./g, '-')}"[^>]*>${String(info.version)}<`),
    );
    expect(html).toContain('Release date: not published');
    expect(html).toContain('The bulk order endpoint (<code>POST /api/orders/bulk</code>) has been disabled.');
    expect(html).toContain('The first recorded release: there is no earlier release to compare it with.');
    expect(html).toContain('rel="alternate" type="application/atom+xml"');
    expect(html).not.toContain('Unreleased');
  });

  it('the product, with one release, shows no "New in" / "Changed in" badge in the references', () => {
    for (const route of ['/rest', '/docs/ws']) expect(page(route)).not.toMatch(/>(New|Changed) in \d/);
  });

  it("the amendments' corrections are in the History of each element they corrected, once per element", () => {
    // Text as read: React's separators set aside.
    const ws = page('/docs/ws').replaceAll('<!-- -->', '');
    const confirmations = ws.split('id="channel_subscription_confirmation"');
    expect(confirmations.length).toBeGreaterThan(1);
    const entry = (confirmations[1] ?? '').split('<article')[0] ?? '';
    expect(entry).toMatch(
      /<details[^>]*><summary>History <span[^>]*>\(2\.0\.0, amendment 2\)<\/span><\/summary>/,
    );
    expect(entry).toContain('<a href="/version-history#v2-0-0-amendment-2">2.0.0, amendment 2</a>');
    expect(entry).toContain('the corrected text has it as required.');
    // One disclosure per element, however many channels carry the message.
    expect(ws.match(/<a href="\/version-history#v2-0-0-amendment-2">/g)?.length).toBe(1);
    const rest = page('/rest').replaceAll('<!-- -->', '');
    expect(rest.split('id="listOrders"')[1]?.split('<article')[0]).toContain(
      '(a correction of the documents: the API did not change)',
    );
  });

  it('one release, equal to the working documents: no /releases/ pages, no preview, no switcher, /rest indexed', () => {
    expect(existsSync(path.join(buildDir, 'releases'))).toBe(false);
    const rest = page('/rest');
    expect(rest).not.toContain('aria-label="Release"');
    expect(rest).not.toContain('noindex');
    expect(page('/version-history')).not.toContain('(upcoming)');
  });
});
