/**
 * Build-time API reference plugin: reads and validates the two API documents,
 * turns them into view models, hands the identity to every page (global data,
 * a few hundred bytes) and each reference model to its own page only
 * (createData: /rest through its route, /docs/ws through an import in ws.mdx).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin, RouteConfig} from '@docusaurus/types';
import {errorCatalogue} from './client/errorCatalogue';
import type {GuideGaps, GuideSource} from './guideFit';
import {checkGuideFit, collectAnchors, describeGaps} from './guideFit';
import type {SiteIdentity} from './identity';
import type {PluginOptions} from './options';
import {absoluteSpecPaths, identityFromDocuments} from './identity';
import type {Json, JsonObject} from './document';
import {API_REFERENCE_PLUGIN} from './content';
import {readAsyncApi, readOpenApi, reportDocumentWarnings, WARNINGS_REPORTED} from './load';
import {buildRestModel} from './openapi/build';
import type {RestRouteModules, WsPageProps} from './routes';
import {ROUTES} from './client/routes';
import {
  IDENTITY_DATA,
  READINGS_DATA,
  REST_PAGE_COMPONENT,
  WS_DATA,
  WS_PAGE_COMPONENT,
  referenceDataPrefix,
  restRoutes,
} from './routes';
import {describeReleases, loadReferences, writeReferenceDocuments, type LoadedReference} from './references';
import {placedReadings, readingList, type ReadingEntry} from './readings';
import {describeWsSchemas} from './pageSchemas';
import {buildWsModel} from './asyncapi/build';
import type {RestModel, WsModel} from './types';
import {checkShownExamples, isOwnDocument} from './exampleCheck';
import {emitValidators} from './validator';
import {writeDownloads, type LoadedSource} from './downloads';
import {buildBuilders, emitBuilders} from './builder';
import type {ReleasesContent, ReleasesPluginName} from '../releases';
import {generatedModule} from './generated';
import {placeReleaseMarks} from './marks';
import type {ReferenceAnchors} from './content';

export type {PluginOptions} from './options';
export {validateOptions} from './options';

export interface ApiReferenceContent {
  identity: SiteIdentity;
  rest: RestModel;
  ws: WsModel;
  /** The documents as loaded: one file (split documents bundled), AsyncAPI 2.x converted to 3.0. */
  documents: {openapi: JsonObject; asyncapi: JsonObject};
  /** The files as read, for the downloads (published as written unless bundled or converted). */
  sources: {openapi: LoadedSource; asyncapi: LoadedSource};
  /** Every element id of /rest (all its pages) and of /docs/ws: where links into the references land. */
  anchors: ReferenceAnchors;
  /** Every reading the documents mark (x-reading), where the references show it: docs/intro.mdx lists them. */
  readings: ReadingEntry[];
  /** Older releases' and the upcoming release's references (the `references` option), loaded. */
  references: LoadedReference[];
}

/** The data file behind each of the release WebSocket page's props. */
type WsRouteModules = Record<keyof WsPageProps, string>;

/** The releases plugin's key in Docusaurus's content of all plugins (typed by plugins/releases). */
const RELEASES_PLUGIN: ReleasesPluginName = 'releases';

/** Global data of this plugin, read by every page (src/components/Identity). */
export interface ApiReferenceGlobalData {
  identity: SiteIdentity;
  guideGaps: GuideGaps;
}

/** The guide pages' sources, plus what two pages render from data files. */
function guideSources(siteDir: string): GuideSource[] {
  const docsDir = path.join(siteDir, 'docs');
  const catalogueRefs = errorCatalogue.flatMap((entry) =>
    entry.sources.map((source) =>
      source.kind === 'rest'
        ? {page: 'rest' as const, anchor: source.operationId}
        : {page: 'ws' as const, anchor: source.message},
    ),
  );
  const guides: GuideSource[] = readdirSync(docsDir)
    .filter((file) => /\.mdx?$/.test(file) && file !== 'ws.mdx')
    .map((file) => {
      const text = readFileSync(path.join(docsDir, file), 'utf8');
      return {
        key: file.replace(/\.mdx?$/, ''),
        text,
        ...(text.includes('<ErrorTable') ? {refs: catalogueRefs} : {}),
      };
    });
  return guides;
}

/** Drops the schema builder's build-only notes (SchemaNode.typeDescription, schemaRef) from shipped models. */
function withoutBuildNotes(key: string, value: unknown): unknown {
  return key === 'typeDescription' || key === 'schemaRef' ? undefined : value;
}

/** A model as its page receives it (build-only notes dropped): where readings are really shown. */
function shipped(model: unknown): unknown {
  return JSON.parse(JSON.stringify(model, withoutBuildNotes)) as unknown;
}

/** The readings list, from the marks of the documents and the pages that show them. */
export function collectReadings(
  documents: {openapi: Json; asyncapi: Json},
  rest: RestModel,
  ws: WsModel,
): ReadingEntry[] {
  const restPlaces = restRoutes(rest).map((route) =>
    placedReadings(shipped(route.model), 'rest', route.path, {id: '', label: 'REST API reference'}),
  );
  const wsPlaces = placedReadings(shipped(ws), 'ws', ROUTES.ws, {id: '', label: 'WebSocket API reference'});
  return readingList(documents, [...restPlaces, wsPlaces]);
}

export {REST_DATA, WS_DATA} from './routes';

/** The routes of the older releases' and the upcoming release's references. */
async function addReferenceRoutes(
  references: readonly LoadedReference[],
  {
    addRoute,
    module,
    identityModule,
  }: {
    addRoute: (route: RouteConfig) => void;
    module: (name: string, data: string) => Promise<string>;
    identityModule: string;
  },
): Promise<void> {
  for (const reference of references) {
    const dataPrefix = referenceDataPrefix(reference.option.id);
    const at = {route: reference.option.routes.rest, dataPrefix};
    for (const route of restRoutes(reference.rest, undefined, at)) {
      const modules: RestRouteModules = {
        identity: identityModule,
        model: await module(route.dataName, JSON.stringify(route.model, withoutBuildNotes)),
      };
      addRoute({path: route.path, component: REST_PAGE_COMPONENT, modules, exact: true});
    }
    const wsModules: WsRouteModules = {
      identity: identityModule,
      model: await module(
        `${dataPrefix}${WS_DATA}`,
        JSON.stringify(describeWsSchemas(reference.ws), withoutBuildNotes),
      ),
    };
    addRoute({
      path: reference.option.routes.ws,
      component: WS_PAGE_COMPONENT,
      modules: wsModules,
      exact: true,
    });
  }
}

export default function apiReferencePlugin(
  context: LoadContext,
  options: PluginOptions,
): Plugin<ApiReferenceContent> {
  const specPaths = absoluteSpecPaths(context.siteDir, options.specPaths);
  return {
    name: API_REFERENCE_PLUGIN,

    getPathsToWatch() {
      return [specPaths.openapi, specPaths.asyncapi];
    },

    configureWebpack(_config, isServer) {
      if (isServer) return {};
      // The validation worker gives the client build a second webpack runtime. With
      // per-runtime export analysis (webpack's production default) modules shared by
      // both runtimes get code such as `if (354 == __webpack_require__.j)`, naming a
      // runtime chunk id. webpack's persistent cache keys generated code by module
      // hash, which does not cover chunk ids: when ids change (more chunks, e.g. more
      // validators, make deterministic ids one digit longer), cached modules keep the
      // old id and the page crashes. One analysis for all runtimes emits no such code.
      return {optimization: {usedExports: 'global'}};
    },

    async loadContent() {
      const loaded = await Promise.all([readOpenApi(specPaths.openapi), readAsyncApi(specPaths.asyncapi)]);
      // scripts/build/build.ts has printed them already when it started this build (or failed it, when strict).
      reportDocumentWarnings(loaded, {
        ...(process.env[WARNINGS_REPORTED] === '1' ? {print: () => undefined} : {}),
      });
      const [openapi, asyncapi] = [loaded[0].doc, loaded[1].doc];
      const identity = identityFromDocuments(openapi, asyncapi, specPaths.openapi);
      const rest = buildRestModel(openapi);
      const ws = buildWsModel(asyncapi);
      // Every example shown validates where it is shown: an error for specs/, a warning for other documents.
      const own = (file: string): boolean => isOwnDocument(context.siteDir, file);
      const strict = {openapi: own(specPaths.openapi), asyncapi: own(specPaths.asyncapi)};
      const examples = checkShownExamples({
        documents: {openapi, asyncapi},
        rest,
        ws,
        files: specPaths,
        strict,
      });
      if (examples !== null) console.warn(`[WARNING] [api-reference] ${examples}`);
      const anchors = {rest: collectAnchors(rest), ws: collectAnchors(ws)};
      const sources = {openapi: loaded[0], asyncapi: loaded[1]};
      const readings = collectReadings({openapi, asyncapi}, rest, ws);
      const references = await loadReferences(context.siteDir, options.references);
      return {identity, rest, ws, documents: {openapi, asyncapi}, sources, anchors, readings, references};
    },

    // After every plugin's loadContent: the history's marks go on the models before their pages
    // are written, and the guides are checked against the history too.
    async allContentLoaded({allContent, actions}) {
      const content = allContent[API_REFERENCE_PLUGIN]?.default as ApiReferenceContent;
      // A site without the releases plugin has no history: no marks, and the guides cannot be behind it.
      const releases = allContent[RELEASES_PLUGIN]?.default as ReleasesContent | undefined;
      // "New in X" / "Changed in X" on what the newest releases changed (none with one release),
      // "Deprecated since X, sunset D" where the documents deprecate something.
      if (releases !== undefined) placeReleaseMarks({rest: content.rest, ws: content.ws}, releases.marks);
      for (const reference of content.references) {
        const marks = releases?.shown.references.find((r) => r.id === reference.option.id)?.marks;
        if (marks !== undefined) placeReleaseMarks({rest: reference.rest, ws: reference.ws}, marks);
      }
      // Which release each reference shows, and the others (banner and switcher): only with a history.
      if (releases !== undefined && releases.entries.length > 0)
        describeReleases(content, releases.shown.currentVersion, options.references);
      // Before the bundler starts: one warning naming every place where the guides
      // do not fit these documents; the pages show a notice there (never a failed build).
      const guideGaps = checkGuideFit({
        identity: content.identity,
        restAnchors: content.anchors.rest,
        wsAnchors: content.anchors.ws,
        olderThanRelease: releases?.behind?.release ?? null,
        guides: guideSources(context.siteDir),
      });
      const warning = describeGaps(guideGaps);
      if (warning !== null) console.warn(`[WARNING] [api-reference] ${warning}`);
      const {createData, addRoute, setGlobalData} = actions;
      const globalData: ApiReferenceGlobalData = {identity: content.identity, guideGaps};
      setGlobalData(globalData);
      // Route modules as @generated/… paths, never the absolute ones createData returns (generated.ts).
      const module = async (name: string, data: string): Promise<string> =>
        generatedModule(context.generatedFilesDir, await createData(name, data));
      const identityModule = await module(IDENTITY_DATA, JSON.stringify(content.identity));
      // A large document gets /rest as an index and one page per tag (openapi/pages.ts).
      for (const route of restRoutes(content.rest)) {
        const modules: RestRouteModules = {
          identity: identityModule,
          model: await module(route.dataName, JSON.stringify(route.model, withoutBuildNotes)),
        };
        addRoute({
          path: route.path,
          component: REST_PAGE_COMPONENT,
          modules,
          exact: true,
        });
      }
      await createData(WS_DATA, JSON.stringify(describeWsSchemas(content.ws), withoutBuildNotes));
      // Older releases and the upcoming one: the same components at /releases/<id>/rest and /releases/<id>/ws.
      await addReferenceRoutes(content.references, {addRoute, module, identityModule});
      await createData(READINGS_DATA, JSON.stringify(content.readings));
      // Payload validators: one standalone module per request body / sent message, imported lazily by the panels.
      // From the loaded documents: a split document's operations are in other files, a 2.x one has no `operations`.
      await emitValidators(actions, content.documents);
      // Request builder: one form model per operation and sent message, imported lazily by the panes.
      const documents = content.documents as {openapi: Json; asyncapi: Json};
      await emitBuilders(actions, buildBuilders(documents, content), content.documents.openapi);
    },

    // Downloads: /downloads/{openapi,asyncapi}.{yaml,json}, from the same documents.
    async postBuild({outDir, content}) {
      await writeDownloads(outDir, specPaths, content.sources);
      await writeReferenceDocuments(outDir, content.references);
    },
  };
}
