/**
 * The names the build and the browser share (plugins/api-reference/client/): routes, anchor
 * prefixes and the download list, each written once and read by every side that needs it.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {renderToStaticMarkup} from 'react-dom/server';
import ts from 'typescript';
import {describe, expect, it} from 'vitest';
import {
  ANCHOR_PREFIXES,
  channelId,
  dataTypeId,
  describedSchemaId,
  errorBodyId,
  errorCodeId,
  IdRegistry,
  securitySchemeId,
  tagId,
} from '../../../plugins/api-reference/client/anchors';
import {parametersTarget, restTarget, wsTarget} from '../../../plugins/api-reference/client/validators';
import {
  DOWNLOADS,
  downloadPath,
  pageDownloads,
  POSTMAN_FILE,
  REST_TYPES_FILE,
  TYPES_DIR,
  WS_TYPES_FILE,
  type DownloadFacts,
} from '../../../plugins/api-reference/client/downloads';
import {ROUTES, routeAnchor} from '../../../plugins/api-reference/client/routes';
import {classify} from '../../../plugins/search-index/extract';
import Downloads from '../../../src/components/ApiReference/Downloads';
import {lineOf, nodesOf, parseFile, parseSource, sourceFiles} from '../../helpers/syntax';

const ROOT = path.resolve(__dirname, '../../..');

describe('routes', () => {
  it('names the routes the site links to', () => {
    expect(ROUTES).toEqual({
      rest: '/rest',
      ws: '/docs/ws',
      versionHistory: '/version-history',
      versionHistoryFeed: '/version-history/feed.xml',
      versionHistoryJson: '/version-history/changes.json',
      sessionCheck: '/docs/ws/session-check',
    });
    expect(routeAnchor(ROUTES.rest, tagId('Orders & fills'))).toBe('/rest#tag-orders-fills');
  });

  it('/docs/ws is the page docs/ws.mdx makes, so the route and the file agree', () => {
    expect(existsSync(path.join(ROOT, 'docs', `${ROUTES.ws.replace(/^\/docs\//, '')}.mdx`))).toBe(true);
  });

  it('no module of plugins/ or src/, nor the site configuration, spells a route out instead of reading ROUTES', () => {
    const route = /['"`](\/rest|\/docs\/ws|\/version-history)(['"`#/])/;
    // Owned elsewhere for now: the release plugin and its page (the lead's rewrite moves them onto ROUTES).
    const pending = ['plugins/releases/', 'src/components/VersionHistory/'];
    const files = [
      ...['plugins', 'src'].flatMap((dir) =>
        readdirSync(path.join(ROOT, dir), {recursive: true, encoding: 'utf8'}).map((f) => `${dir}/${f}`),
      ),
      'docusaurus.config.ts',
      'sidebars.ts',
    ].filter(
      (f) => /\.tsx?$/.test(f) && !f.endsWith('client/routes.ts') && !pending.some((p) => f.startsWith(p)),
    );
    const found = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          route.test(line) && !/^\s*(\/\*|\*|\/\/)/.test(line) ? [`${file}:${i + 1}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});

describe('anchor prefixes', () => {
  it('each kind of anchor starts with its prefix', () => {
    expect(tagId('Market data')).toBe(`${ANCHOR_PREFIXES.tag}market-data`);
    expect(channelId('prices')).toBe(`${ANCHOR_PREFIXES.channel}prices`);
    expect(dataTypeId('Decimal string')).toBe(`${ANCHOR_PREFIXES.dataType}decimal-string`);
    expect(errorBodyId('Error')).toBe(`${ANCHOR_PREFIXES.errorBody}error`);
    expect(describedSchemaId('App Spec')).toBe(`${ANCHOR_PREFIXES.describedSchema}App-Spec`);
    expect(errorCodeId('Amount too low')).toBe(`${ANCHOR_PREFIXES.error}Amount-too-low`);
  });

  it('a title with no letter or digit still gets an anchor of its kind', () => {
    expect(dataTypeId('—')).toBe('data-type-type');
    expect(errorBodyId('')).toBe('error-body-body');
    expect(describedSchemaId('???')).toBe('schema-schema');
  });

  it('the search index reads the kind of an anchor from the same prefixes', () => {
    const base = {level: 0, signature: false, hasFields: false};
    expect(classify({...base, id: errorBodyId('Error')})).toBe('section');
    expect(classify({...base, id: `${errorBodyId('Error')}.code`})).toBe('field');
    expect(classify({...base, id: dataTypeId('Decimal')})).toBe('section');
    expect(classify({...base, id: errorCodeId('AmountTooLow')})).toBe('error');
    expect(classify({...base, id: channelId('prices')})).toBe('channel');
    expect(classify({...base, id: `${channelId('prices')}.Quote`})).toBe('message');
    expect(classify({...base, id: tagId('Orders')})).toBe('section');
  });

  it('hands out one id per claim, numbering duplicates', () => {
    const ids = new IdRegistry();
    expect([ids.claim('a'), ids.claim('a'), ids.claim('a')]).toEqual(['a', 'a~2', 'a~3']);
    expect(ids.has('a~2')).toBe(true);
  });
});

describe('the download list', () => {
  const facts: DownloadFacts = {openapiVersion: '3.1.0', asyncapiVersion: '3.0.0', messages: 7, requests: 12};

  it('holds every file once, each under /downloads or the version history', () => {
    const paths = DOWNLOADS.map((d) => d.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths)
      expect(p.startsWith(downloadPath()) || p.startsWith(`${ROUTES.versionHistory}/`)).toBe(true);
    expect(paths).toContain(downloadPath(POSTMAN_FILE));
  });

  it('describes each file with what the build knows', () => {
    const described = Object.fromEntries(DOWNLOADS.map((d) => [d.title, d.describe(facts)]));
    expect(described['OpenAPI document (YAML)']).toBe('The REST API, OpenAPI 3.1.0.');
    expect(described['WebSocket message JSON Schemas']).toMatch(/^Index of 7 self-contained JSON Schemas/);
    expect(described['Postman collection']).toMatch(/^The 12 REST operations/);
  });

  it('marks as optional only the generated types, which a document may not allow', () => {
    expect(DOWNLOADS.filter((d) => d.optional === true).map((d) => d.path)).toEqual([
      downloadPath(TYPES_DIR, REST_TYPES_FILE),
      downloadPath(TYPES_DIR, WS_TYPES_FILE),
    ]);
  });

  it("orders each reference page's bar: the document as YAML and JSON, then what is made from it", () => {
    expect(pageDownloads('openapi').map((d) => d.label)).toEqual([
      'openapi.yaml',
      'openapi.json',
      'TypeScript types',
      'Postman collection',
    ]);
    expect(pageDownloads('asyncapi').map((d) => d.label)).toEqual([
      'asyncapi.yaml',
      'asyncapi.json',
      'TypeScript types of every message',
      'JSON Schema of every message',
    ]);
  });

  it('the Downloads bar links to the files of the list, saving the .ts files rather than opening them', () => {
    const html = renderToStaticMarkup(<Downloads name="openapi" label="OpenAPI document" />);
    for (const d of pageDownloads('openapi')) expect(html).toContain(`href="${d.path}"`);
    expect(html).toContain(`download="${REST_TYPES_FILE}"`);
    expect(html).toContain('download="openapi.yaml"');
    expect(html.match(/button--primary/g)).toHaveLength(2);
    expect(html).not.toContain(downloadPath('asyncapi.yaml'));
  });
});

/** The validator keys (client/validators.ts) and the anchor prefixes (client/anchors.ts). */
const OWNERS = ['plugins/api-reference/client/validators.ts', 'plugins/api-reference/client/anchors.ts'];
/**
 * Owners of other key spaces that happen to share a prefix, each with what its keys are. The same
 * prefix for two kinds of key is itself a name with two meanings: renaming one is for the owner.
 */
const OTHER_KEY_OWNERS: Record<string, string> = {
  'src/components/VersionHistory/Integration/match.ts':
    "restUse/wsUse make the integration filter's use keys (`rest:<operation key>`, `ws:<channel>/<message>`), not validator targets",
};
const KEY_PREFIXES = ['rest:', 'ws:', 'rest-params:'];

/**
 * Where a module glues a validator key's or an anchor's prefix to a value itself
 * (`rest:${id}`, `'#security-' + key`) instead of calling the owner's function.
 */
function gluedNames(file: string, sourceFile: ts.SourceFile): string[] {
  const prefixes = [...KEY_PREFIXES, ...Object.values(ANCHOR_PREFIXES)];
  const glued = (text: string): boolean => prefixes.some((p) => text === p || text === `#${p}`);
  const found: string[] = [];
  for (const node of nodesOf(sourceFile)) {
    const hit =
      // `rest:${…}`, `#security-${…}`: a template that starts with the prefix and goes on with a value.
      (ts.isTemplateExpression(node) && glued(node.head.text)) ||
      // 'rest:' + …
      (ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
        ts.isStringLiteralLike(node.left) &&
        glued(node.left.text));
    if (hit) found.push(`${file}:${lineOf(node)} ${node.getText(sourceFile).slice(0, 60)}`);
  }
  return found;
}

describe('validator keys and anchors', () => {
  it('each is made by its function in client/', () => {
    expect([restTarget('createBulkOrder'), wsTarget('new_order'), parametersTarget('listTrades')]).toEqual([
      'rest:createBulkOrder',
      'ws:new_order',
      'rest-params:listTrades',
    ]);
    expect(securitySchemeId('AuthenticationToken')).toBe(
      `${ANCHOR_PREFIXES.securityScheme}AuthenticationToken`,
    );
  });

  it('the check below finds a key or an anchor glued by hand (so it can fail)', () => {
    const planted = parseSource(
      'planted.tsx',
      [
        'const a = `rest:${op.id}`;',
        "const b = 'ws:' + m.name;",
        'const c = <a href={`#security-${key}`} />;',
        'const d = `data-type-${slug}`;',
        "const fine = [`ws://127.0.0.1:${port}`, 'rest:' , `security-changed`, restTarget(op.id)];",
      ].join('\n'),
    );
    expect(gluedNames('planted.tsx', planted).map((hit) => hit.split(' ')[0])).toEqual([
      'planted.tsx:1',
      'planted.tsx:2',
      'planted.tsx:3',
      'planted.tsx:4',
    ]);
  });

  it('the other owners still make keys of their own (else they leave the list)', () => {
    for (const file of Object.keys(OTHER_KEY_OWNERS))
      expect(gluedNames(file, parseFile(file)), file).not.toEqual([]);
  });

  it('no module of plugins/ or src/ makes one itself', () => {
    const files = sourceFiles(['plugins', 'src']).filter(
      (f) => !OWNERS.includes(f) && OTHER_KEY_OWNERS[f] === undefined,
    );
    expect(files.flatMap((file) => gluedNames(file, parseFile(file)))).toEqual([]);
  });
});
