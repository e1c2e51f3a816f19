/**
 * The references besides the current one: older releases and the upcoming one, each rendered by
 * the same components at its own routes (/releases/<id>/rest, /releases/<id>/ws). Which documents
 * they show comes from the plugin's `references` option (docusaurus.config.ts reads the releases
 * folder); this module loads them, builds their models, and says on every reference page which
 * release it shows and which others exist.
 */
import path from 'node:path';
import {readAsyncApi, readOpenApi} from './load';
import {buildRestModel} from './openapi/build';
import {buildWsModel} from './asyncapi/build';
import {writeDownloads, type LoadedSource} from './downloads';
import {collectAnchors} from './guideFit';
import type {ReferenceOption} from './options';
import {absoluteSpecPaths} from './identity';
import {checkShownExamples, isOwnDocument} from './exampleCheck';
import type {JsonObject} from './document';
import {ROUTES} from './client/routes';
import type {ReferenceRelease, ReleaseChoice, RestModel, WsModel} from './types';
import type {ReferenceAnchors} from './content';

/** One more reference, loaded: its option, its models, its documents and the anchors its pages have. */
export interface LoadedReference {
  option: ReferenceOption;
  rest: RestModel;
  ws: WsModel;
  documents: {openapi: JsonObject; asyncapi: JsonObject};
  sources: {openapi: LoadedSource; asyncapi: LoadedSource};
  /** The documents' files, absolute. */
  files: {openapi: string; asyncapi: string};
  anchors: ReferenceAnchors;
}

/** Loads and builds each reference; its examples are checked as the current one's are. */
export async function loadReferences(
  siteDir: string,
  options: readonly ReferenceOption[],
): Promise<LoadedReference[]> {
  const out: LoadedReference[] = [];
  for (const option of options) {
    const files = absoluteSpecPaths(siteDir, option.specPaths);
    const [openapiSource, asyncapiSource] = await Promise.all([
      readOpenApi(files.openapi),
      readAsyncApi(files.asyncapi),
    ]);
    const openapi = {doc: openapiSource.doc, model: buildRestModel(openapiSource.doc)};
    const asyncapi = {doc: asyncapiSource.doc, model: buildWsModel(asyncapiSource.doc)};
    // A recorded release cannot be edited, only amended: its examples warn; the upcoming one's fail as /rest's do.
    const strict = option.kind === 'next' && isOwnDocument(siteDir, files.openapi);
    const examples = checkShownExamples({
      documents: {openapi: openapi.doc, asyncapi: asyncapi.doc},
      rest: openapi.model,
      ws: asyncapi.model,
      files,
      strict: {openapi: strict, asyncapi: strict && isOwnDocument(siteDir, files.asyncapi)},
    });
    if (examples !== null) console.warn(`[WARNING] [api-reference] ${option.routes.base}: ${examples}`);
    out.push({
      option,
      rest: openapi.model,
      ws: asyncapi.model,
      documents: {openapi: openapi.doc, asyncapi: asyncapi.doc},
      sources: {openapi: openapiSource, asyncapi: asyncapiSource},
      files,
      anchors: {rest: collectAnchors(openapi.model), ws: collectAnchors(asyncapi.model)},
    });
  }
  return out;
}

/** The switcher's list: the upcoming release first, then the current one, then older releases newest first. */
export function releaseChoices(
  currentVersion: string,
  references: readonly ReferenceOption[],
): ReleaseChoice[] {
  const choice = (r: ReferenceOption): ReleaseChoice => ({
    id: r.id,
    version: r.version,
    kind: r.kind,
    rest: r.routes.rest,
    ws: r.routes.ws,
  });
  return [
    ...references.filter((r) => r.kind === 'next').map(choice),
    {id: null, version: currentVersion, kind: 'current', rest: ROUTES.rest, ws: ROUTES.ws},
    ...references.filter((r) => r.kind === 'release').map(choice),
  ];
}

/** What a page of one reference says about its release (null: the current reference). */
export function referenceRelease(
  currentVersion: string,
  references: readonly ReferenceOption[],
  option: ReferenceOption | null,
): ReferenceRelease {
  const current = {version: currentVersion, rest: ROUTES.rest, ws: ROUTES.ws};
  const choices = releaseChoices(currentVersion, references);
  if (option === null)
    return {id: null, version: currentVersion, kind: 'current', date: null, current, choices};
  return {
    id: option.id,
    version: option.version,
    kind: option.kind,
    date: option.date,
    current,
    choices,
    documents: {openapi: option.routes.openapi, asyncapi: option.routes.asyncapi},
  };
}

/** Each reference's documents at /releases/<id>/openapi.yaml (and .json), /releases/<id>/asyncapi.yaml, … */
export async function writeReferenceDocuments(
  outDir: string,
  references: readonly LoadedReference[],
): Promise<void> {
  for (const reference of references) {
    const folder = path.join(outDir, path.dirname(reference.option.routes.openapi.replace(/^\/+/, '')));
    await writeDownloads(folder, reference.files, reference.sources, '');
  }
}

/** The operations' and messages' ids of a reference: what the switcher keeps and the notice names. */
export function elementIds(model: RestModel | WsModel): Set<string> {
  if ('tags' in model)
    return new Set([
      ...model.tags.flatMap((t) => t.operations.map((o) => o.id)),
      ...model.webhooks.map((o) => o.id),
    ]);
  return new Set(model.channels.flatMap((c) => c.messages.map((m) => m.id)));
}

/**
 * For the reference at `index` of `order` (oldest first), each element another reference has and
 * it lacks: the first later release that has it ("added in"), else the release after the last
 * earlier one that had it ("removed in"). Among the rendered references only.
 */
export function absentElements(
  order: ReadonlyArray<{version: string; ids: ReadonlySet<string>}>,
  index: number,
): Record<string, {added?: string; removed?: string}> {
  const own = order[index]?.ids ?? new Set<string>();
  const out: Record<string, {added?: string; removed?: string}> = {};
  const all = new Set(order.flatMap((r) => [...r.ids]));
  for (const id of all) {
    if (own.has(id)) continue;
    const later = order.slice(index + 1).find((r) => r.ids.has(id));
    if (later !== undefined) {
      out[id] = {added: later.version};
      continue;
    }
    let lastBefore = -1;
    order.slice(0, index).forEach((r, i) => {
      if (r.ids.has(id)) lastBefore = i;
    });
    const gone = order[lastBefore + 1];
    if (lastBefore >= 0 && gone !== undefined) out[id] = {removed: gone.version};
  }
  return out;
}

/** Sets on every reference model which release it shows, the switcher's choices and what it lacks. */
export function describeReleases(
  content: {rest: RestModel; ws: WsModel; references: readonly LoadedReference[]},
  currentVersion: string,
  options: readonly ReferenceOption[],
): void {
  const pages = [
    ...content.references
      .filter((r) => r.option.kind === 'release')
      .map((r) => ({option: r.option as ReferenceOption | null, rest: r.rest, ws: r.ws}))
      .reverse(),
    {option: null, rest: content.rest, ws: content.ws},
    ...content.references
      .filter((r) => r.option.kind === 'next')
      .map((r) => ({option: r.option, rest: r.rest, ws: r.ws})),
  ];
  const order = (api: 'rest' | 'ws') =>
    pages.map((p) => ({version: p.option?.version ?? currentVersion, ids: elementIds(p[api])}));
  const rest = order('rest');
  const ws = order('ws');
  pages.forEach((page, index) => {
    const release = referenceRelease(currentVersion, options, page.option);
    page.rest.release = {...release, absent: absentElements(rest, index)};
    page.ws.release = {...release, absent: absentElements(ws, index)};
  });
}
