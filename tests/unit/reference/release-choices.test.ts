/**
 * The other references a site renders (plugins/api-reference/references.ts): what the release
 * switcher lists and in which order, what each reference page says about its release, which
 * operations and messages each release has (the ids the switcher keeps across releases), and the
 * documents published beside each release. Small documents, built into models in memory; the
 * documents are written to a temporary output folder.
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {stringify} from 'yaml';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import type {JsonObject} from '../../../plugins/api-reference/document';
import type {LoadedSource} from '../../../plugins/api-reference/downloads';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import type {ReferenceOption} from '../../../plugins/api-reference/options';
import {
  describeReleases,
  elementIds,
  referenceRelease,
  releaseChoices,
  writeReferenceDocuments,
  type LoadedReference,
} from '../../../plugins/api-reference/references';
import {releaseRoutes} from '../../../plugins/releases/client/routes';

/** An OpenAPI document with one GET operation per id (and a webhook when named). */
function openapi(version: string, operations: string[], webhook?: string): JsonObject {
  const ok = {responses: {'200': {description: 'OK.'}}};
  return {
    openapi: '3.1.0',
    info: {title: 'T', version},
    paths: Object.fromEntries(operations.map((id) => [`/${id}`, {get: {operationId: id, ...ok}}])),
    ...(webhook !== undefined ? {webhooks: {[webhook]: {post: {operationId: webhook, ...ok}}}} : {}),
  };
}

/** An AsyncAPI document whose one channel carries the given messages. */
function asyncapi(version: string, messages: string[]): JsonObject {
  return {
    asyncapi: '3.0.0',
    info: {title: 'T', version},
    channels: {
      c: {
        address: '/c',
        messages: Object.fromEntries(messages.map((m) => [m, {payload: {type: 'string'}}])),
      },
    },
    operations: {op: {action: 'receive', channel: {$ref: '#/channels/c'}}},
  };
}

/** The option of a reference whose documents are at `folder` (relative to the site). */
function option(id: string, version: string, kind: 'release' | 'next', folder: string): ReferenceOption {
  return {
    id,
    version,
    kind,
    date: kind === 'release' ? '2024-01-15' : null,
    specPaths: {openapi: `${folder}/openapi.yaml`, asyncapi: `${folder}/asyncapi.yaml`},
    routes: releaseRoutes(id),
  };
}

// As docusaurus.config.ts lists them: the upcoming release, then older releases newest first.
const NEXT = option('next', '3.0.0', 'next', 'specs');
const OLD = option('1.0.0', '1.0.0', 'release', 'specs/releases/1.0.0');
const OPTIONS = [NEXT, OLD];

/** The recorded release's OpenAPI file: a comment above the document, as its author wrote it. */
const OLD_TEXT = `# Recorded on 2024-01-15.\n${stringify(openapi('1.0.0', ['getA'], 'orderFilled'))}`;

/**
 * A reference as the plugin's loadReferences hands it over, built from documents in memory (reading
 * an AsyncAPI file takes a second or more: build tests cover that). `text` is the file as written,
 * for a document loaded as it is; without it the document stands for a bundled or converted one.
 */
function loadedReference(
  opt: ReferenceOption,
  docs: {openapi: JsonObject; asyncapi: JsonObject},
  text?: string,
): LoadedReference {
  const [rest, ws] = [buildRestModel(docs.openapi), buildWsModel(docs.asyncapi)];
  const source = (doc: JsonObject, written?: string): LoadedSource =>
    written !== undefined ? {doc, text: written, asWritten: true} : {doc, text: '', asWritten: false};
  return {
    option: opt,
    rest,
    ws,
    documents: docs,
    sources: {
      openapi: source(docs.openapi, text),
      asyncapi: source(docs.asyncapi, text !== undefined ? stringify(docs.asyncapi) : undefined),
    },
    files: {openapi: `/site/${opt.specPaths.openapi}`, asyncapi: `/site/${opt.specPaths.asyncapi}`},
    anchors: {rest: new Set(), ws: new Set()},
  };
}

let loaded: LoadedReference[] = [];
let site = '';

/** The loaded reference of a release id. */
function reference(id: string): LoadedReference {
  const found = loaded.find((r) => r.option.id === id);
  if (found === undefined) throw new Error(`no reference ${id} was loaded`);
  return found;
}

beforeAll(() => {
  site = mkdtempSync(path.join(tmpdir(), 'release-choices-'));
  loaded = [
    loadedReference(NEXT, {
      openapi: openapi('3.0.0', ['getB', 'getC']),
      asyncapi: asyncapi('3.0.0', ['trade']),
    }),
    loadedReference(
      OLD,
      {openapi: openapi('1.0.0', ['getA'], 'orderFilled'), asyncapi: asyncapi('1.0.0', ['quote'])},
      OLD_TEXT,
    ),
  ];
});

afterAll(() => rmSync(site, {recursive: true, force: true}));

describe('the release switcher', () => {
  it('lists the upcoming release first, then the current one, then older releases newest first', () => {
    const older = option('0.9.0', '0.9.0', 'release', 'x');
    const choices = releaseChoices('2.0.0', [NEXT, OLD, older]);
    expect(choices.map((c) => [c.id, c.version, c.kind])).toEqual([
      ['next', '3.0.0', 'next'],
      [null, '2.0.0', 'current'],
      ['1.0.0', '1.0.0', 'release'],
      ['0.9.0', '0.9.0', 'release'],
    ]);
    expect(choices[1]).toMatchObject({rest: '/rest', ws: '/docs/ws'});
    expect(choices[0]).toMatchObject({rest: '/releases/next/rest', ws: '/releases/next/ws'});
  });

  it('offers only the current reference when the site renders one release', () => {
    expect(releaseChoices('2.0.0', [])).toEqual([
      {id: null, version: '2.0.0', kind: 'current', rest: '/rest', ws: '/docs/ws'},
    ]);
  });

  it("tells an older release's page its date, the current release and where its own documents are", () => {
    const release = referenceRelease('2.0.0', OPTIONS, OLD);
    expect(release).toMatchObject({
      id: '1.0.0',
      version: '1.0.0',
      kind: 'release',
      date: '2024-01-15',
      current: {version: '2.0.0', rest: '/rest', ws: '/docs/ws'},
      documents: {openapi: '/releases/1.0.0/openapi.yaml', asyncapi: '/releases/1.0.0/asyncapi.yaml'},
    });
    expect(release.choices).toEqual(releaseChoices('2.0.0', OPTIONS));
  });

  it('tells the current page it is the current one, without documents of a release', () => {
    const release = referenceRelease('2.0.0', OPTIONS, null);
    expect(release).toMatchObject({id: null, version: '2.0.0', kind: 'current', date: null});
    expect(release.documents).toBeUndefined();
  });
});

describe('the elements each release has', () => {
  it('are the operations and webhooks of a REST model, and the messages of a WebSocket model', () => {
    expect(loaded.map((r) => r.option.id)).toEqual(['next', '1.0.0']);
    expect([...elementIds(reference('1.0.0').rest)]).toEqual(['getA', 'orderFilled']);
    expect([...elementIds(reference('1.0.0').ws)]).toEqual(['quote']);
    expect([...elementIds(reference('next').rest)]).toEqual(['getB', 'getC']);
  });

  it('are named on every page with the release that added or removed the ones it lacks', () => {
    const current = {
      rest: buildRestModel(openapi('2.0.0', ['getA', 'getB'])),
      ws: buildWsModel(asyncapi('2.0.0', ['quote', 'trade'])),
    };
    describeReleases({...current, references: loaded}, '2.0.0', OPTIONS);
    const [next, old] = [reference('next'), reference('1.0.0')];
    expect(old.rest.release?.absent).toEqual({getB: {added: '2.0.0'}, getC: {added: '3.0.0'}});
    expect(old.ws.release?.absent).toEqual({trade: {added: '2.0.0'}});
    expect(current.rest.release?.absent).toEqual({orderFilled: {removed: '2.0.0'}, getC: {added: '3.0.0'}});
    expect(current.ws.release?.absent).toEqual({});
    expect(next.rest.release?.absent).toEqual({getA: {removed: '3.0.0'}, orderFilled: {removed: '2.0.0'}});
    expect(next.ws.release?.absent).toEqual({quote: {removed: '3.0.0'}});
    expect([current.rest.release?.kind, old.ws.release?.kind, next.rest.release?.kind]).toEqual([
      'current',
      'release',
      'next',
    ]);
    expect(next.rest.release?.choices.map((c) => c.version)).toEqual(['3.0.0', '2.0.0', '1.0.0']);
  });
});

describe("a release's documents", () => {
  it('are published beside its reference: the YAML as written (or the loaded document) and the same as JSON', async () => {
    const out = path.join(site, 'build');
    await writeReferenceDocuments(out, loaded);
    expect(readFileSync(path.join(out, 'releases/1.0.0/openapi.yaml'), 'utf8')).toBe(OLD_TEXT);
    const json = JSON.parse(readFileSync(path.join(out, 'releases/1.0.0/asyncapi.json'), 'utf8')) as {
      info: {version: string};
    };
    expect(json.info.version).toBe('1.0.0');
    const next = JSON.parse(readFileSync(path.join(out, 'releases/next/openapi.json'), 'utf8')) as JsonObject;
    expect(Object.keys(next.paths as JsonObject)).toEqual(['/getB', '/getC']);
    // A document not loaded as written (bundled, converted) is published as loaded.
    expect(readFileSync(path.join(out, 'releases/next/asyncapi.yaml'), 'utf8')).toBe(
      stringify(asyncapi('3.0.0', ['trade'])),
    );
  });
});
