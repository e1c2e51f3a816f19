/**
 * Machine-readable and portable copies of the site, written after the build
 * (postBuild), from the built pages and the two API documents:
 *
 * - a Markdown copy of every page next to its HTML (`/docs/intro` → `/docs/intro.md`),
 *   converted from the page's static HTML, so generated references are covered too;
 * - `/llms.txt` (index with one-line summaries) and `/llms-full.txt` (guides and references);
 * - `/downloads/ws-schemas/*.schema.json` + `index.json`: one JSON Schema per WebSocket message;
 * - `/downloads/postman-collection.json`: the REST API as a Postman collection;
 * - `/downloads/types/rest.d.ts` and `ws-messages.d.ts`: TypeScript types of the REST API and of
 *   every WebSocket message;
 * - the same three for every older and upcoming release the site renders, made from that
 *   release's documents, beside its reference: `/releases/<id>/postman-collection.json`,
 *   `/releases/<id>/types/rest.d.ts`, `/releases/<id>/ws-schemas/index.json`, … (not in llms.txt,
 *   which describes the current release only).
 *
 * (`/downloads/{openapi,asyncapi}.{yaml,json}` and `/releases/<id>/{openapi,asyncapi}.{yaml,json}`
 * are written by the api-reference plugin.)
 * Everything here runs in Node at build time; only ./paths.ts is shared with the browser.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, LoadedPlugin, Plugin} from '@docusaurus/types';
import {
  absoluteSpecPaths,
  identityFromDocuments,
  resolveSpecPaths,
  type SiteIdentity,
  type SpecPaths,
} from '../api-reference/identity';
import {API_REFERENCE_PLUGIN, documentsFromPlugins, type LoadedDocuments} from '../api-reference/content';
import type {LoadedReference} from '../api-reference/references';
import {isRedirectPage, pageToMarkdown} from './html-to-markdown';
import {
  apiSentence,
  authenticationOf,
  renderLlmsFull,
  renderLlmsTxt,
  type LlmsLink,
  type LlmsPage,
} from './llms';
import {readingOf} from '../api-reference/readings';
import {isObject, type JsonObject} from '../api-reference/document';
import {
  DOWNLOADS,
  DOWNLOADS_DIR,
  downloadPath,
  POSTMAN_FILE,
  REST_TYPES_FILE,
  TYPES_DIR,
  WS_SCHEMAS_DIR,
  WS_SCHEMAS_INDEX,
  WS_TYPES_FILE,
  markdownPathFor,
  releaseDownloadsFolder,
  type DownloadFacts,
} from '../api-reference/client/downloads';
import {collectionRequests, postmanCollection} from './postman';
import {assignSections, sidebarSections} from './sections';
import {restTypes, wsMessageTypes} from './types';
import {buildMessageSchemas, schemaIndex, type MessageSchemas} from './ws-schemas';
import {ROUTES} from '../api-reference/client/routes';

/** A document's `info.version` ('' when none). */
function versionOf(doc: JsonObject): string {
  const version = isObject(doc.info) ? doc.info.version : undefined;
  return typeof version === 'string' || typeof version === 'number' ? String(version) : '';
}

export interface MachineReadableOptions {
  /** The API documents; by default those the build uses (OPENAPI_FILE / ASYNCAPI_FILE apply). */
  specPaths?: SpecPaths;
  /** llms.txt section of the sidebar's top-level docs. */
  guidesTitle?: string;
}

const LOG = '[machine-readable]';

/** Where a route's HTML was written: `/docs/intro` → docs/intro.html (or docs/intro/index.html). */
export function htmlFileCandidates(routePath: string, baseUrl: string): string[] {
  const relative = routePath.startsWith(baseUrl)
    ? routePath.slice(baseUrl.length)
    : routePath.replace(/^\//, '');
  if (relative === '') return ['index.html'];
  if (relative.endsWith('/')) return [`${relative}index.html`];
  return [`${relative}.html`, `${relative}/index.html`];
}

async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The file a site path (`/llms.txt`, `/docs/intro.md`) is written to. */
function outFile(outDir: string, sitePath: string, baseUrl: string): string {
  const relative = sitePath.startsWith(baseUrl)
    ? sitePath.slice(baseUrl.length)
    : sitePath.replace(/^\//, '');
  return path.join(outDir, ...relative.split('/'));
}

async function write(outDir: string, sitePath: string, baseUrl: string, content: string): Promise<void> {
  const file = outFile(outDir, sitePath, baseUrl);
  await mkdir(path.dirname(file), {recursive: true});
  await writeFile(file, content);
}

/**
 * Every built page (not the 404 page, not redirect stubs) as Markdown, written next to its HTML.
 * Returned for llms.txt are only the pages open to indexing: an older or upcoming release's
 * reference (noindex) keeps its Markdown copy but is not listed, so that llms.txt and
 * llms-full.txt describe one release, the current one.
 */
async function writePages(
  outDir: string,
  routesPaths: string[],
  baseUrl: string,
  siteTitle: string,
): Promise<LlmsPage[]> {
  const pages: LlmsPage[] = [];
  for (const routePath of [...new Set(routesPaths)].sort()) {
    if (/(^|\/)404(\.html)?$/.test(routePath)) continue;
    let html: string | undefined;
    for (const candidate of htmlFileCandidates(routePath, baseUrl)) {
      html = await readIfExists(path.join(outDir, candidate));
      if (html !== undefined) break;
    }
    if (html === undefined || isRedirectPage(html)) continue;
    const page = pageToMarkdown(html, {pagePath: routePath, siteTitle});
    await write(outDir, markdownPathFor(routePath), baseUrl, page.markdown);
    if (!/<meta[^>]*name="robots"[^>]*content="[^"]*noindex/.test(html))
      pages.push({path: routePath, ...page});
  }
  return pages;
}

/** Where the files go: the build's folder, the site's base URL and the downloads folder under it. */
interface Destination {
  outDir: string;
  baseUrl: string;
  /** `<baseUrl>downloads/`. */
  downloads: string;
}

/** One JSON Schema per WebSocket message, and their index, under downloads/ws-schemas/. */
async function writeMessageSchemas(
  {outDir, baseUrl, downloads}: Destination,
  asyncapi: JsonObject,
  schemasUrl: string,
): Promise<MessageSchemas> {
  const schemas = buildMessageSchemas(asyncapi, {baseUrl: schemasUrl});
  for (const warning of schemas.warnings) console.warn(`${LOG} ${warning}`);
  for (const message of schemas.messages) {
    await write(
      outDir,
      `${downloads}${WS_SCHEMAS_DIR}/${message.file}`,
      baseUrl,
      `${JSON.stringify(message.schema, null, 2)}\n`,
    );
  }
  await write(
    outDir,
    `${downloads}${WS_SCHEMAS_DIR}/${WS_SCHEMAS_INDEX}`,
    baseUrl,
    `${JSON.stringify(schemaIndex(asyncapi, schemas, {baseUrl: schemasUrl}), null, 2)}\n`,
  );
  return schemas;
}

/**
 * The TypeScript types of both documents under downloads/types/; the files written. A document
 * openapi-typescript cannot type is still published; only its types file is missing.
 */
async function writeTypesFiles(
  {outDir, baseUrl, downloads}: Destination,
  openapi: JsonObject,
  asyncapi: JsonObject,
  schemas: MessageSchemas,
): Promise<string[]> {
  const types = `${downloads}${TYPES_DIR}/`;
  const typed: string[] = [];
  const writeTypes = async (file: string, make: () => Promise<string>): Promise<void> => {
    try {
      await write(outDir, `${types}${file}`, baseUrl, await make());
      typed.push(file);
    } catch (error) {
      console.warn(`${LOG} ${TYPES_DIR}/${file} not written: ${(error as Error).message}`);
    }
  };
  await writeTypes(REST_TYPES_FILE, () => restTypes(openapi));
  await writeTypes(WS_TYPES_FILE, async () => {
    const result = await wsMessageTypes(schemas, asyncapi);
    for (const warning of result.warnings) console.warn(`${LOG} ${TYPES_DIR}/${WS_TYPES_FILE}: ${warning}`);
    return result.text;
  });
  return typed;
}

/** The Postman collection of a reference's OpenAPI document, with the servers that document lists. */
async function writePostman(
  {outDir, baseUrl, downloads}: Destination,
  openapi: JsonObject,
  identity: SiteIdentity,
): Promise<JsonObject> {
  const defaultServer = identity.restServers.find((s) => s.isDefault);
  const collection = await postmanCollection(openapi, {
    ...(defaultServer !== undefined
      ? {defaultServer: {name: defaultServer.name, url: defaultServer.url}}
      : {}),
    servers: identity.restServers.map((s) => ({name: s.name, url: s.url})),
  });
  await write(outDir, `${downloads}${POSTMAN_FILE}`, baseUrl, `${JSON.stringify(collection, null, 2)}\n`);
  return collection;
}

/**
 * Everything made from one reference's documents, under its downloads folder: the message JSON
 * Schemas, the TypeScript types and the Postman collection (the documents themselves are the
 * api-reference plugin's). The current reference's folder is /downloads/, an older or upcoming
 * release's is beside its reference (/releases/<id>/): the names under it are the same.
 */
async function writeReferenceFiles(
  where: Destination,
  {openapi, asyncapi}: LoadedDocuments,
  identity: SiteIdentity,
  url: (sitePath: string) => string,
): Promise<{schemas: MessageSchemas; typed: string[]; collection: JsonObject}> {
  const schemas = await writeMessageSchemas(where, asyncapi, url(`${where.downloads}${WS_SCHEMAS_DIR}/`));
  const typed = await writeTypesFiles(where, openapi, asyncapi, schemas);
  const collection = await writePostman(where, openapi, identity);
  return {schemas, typed, collection};
}

/**
 * The older and upcoming releases' references the api-reference plugin loaded (none when the
 * site renders one release), with their documents as loaded.
 */
function referencesFromPlugins(
  plugins: readonly LoadedPlugin[],
): ReadonlyArray<Pick<LoadedReference, 'option' | 'documents' | 'files'>> {
  const plugin = plugins.find(
    (p) => p.name === API_REFERENCE_PLUGIN && (p.options.id ?? 'default') === 'default',
  );
  return (plugin?.content as {references?: LoadedReference[]} | undefined)?.references ?? [];
}

export default function machineReadablePlugin(
  context: LoadContext,
  options: MachineReadableOptions = {},
): Plugin<void> {
  const specPaths =
    options.specPaths !== undefined
      ? absoluteSpecPaths(context.siteDir, options.specPaths)
      : resolveSpecPaths(context.siteDir);
  return {
    name: 'machine-readable',

    async postBuild({outDir, routesPaths, siteConfig, plugins}) {
      const {baseUrl} = siteConfig;
      const url = (sitePath: string): string => new URL(sitePath, siteConfig.url).href;
      const downloads = `${baseUrl}${DOWNLOADS_DIR}/`;

      const pages = await writePages(outDir, routesPaths, baseUrl, siteConfig.title);

      // As the references loaded them: a split document bundled, an AsyncAPI 2.x one converted.
      const {openapi, asyncapi} = documentsFromPlugins(plugins, 'machine-readable');
      const identity = identityFromDocuments(openapi, asyncapi, specPaths.openapi);
      const {schemas, typed, collection} = await writeReferenceFiles(
        {outDir, baseUrl, downloads},
        {openapi, asyncapi},
        identity,
        url,
      );

      // Every older and upcoming release: the same files, from its documents, beside its reference.
      for (const reference of referencesFromPlugins(plugins)) {
        const started = performance.now();
        const folder = `${baseUrl}${releaseDownloadsFolder(reference.option.routes.openapi).replace(/^\//, '')}/`;
        const made = await writeReferenceFiles(
          {outDir, baseUrl, downloads: folder},
          reference.documents,
          identityFromDocuments(
            reference.documents.openapi,
            reference.documents.asyncapi,
            reference.files.openapi,
          ),
          url,
        );
        console.info(
          `${LOG} ${folder}: ${made.schemas.messages.length} message schemas, ${made.typed.length} types files and a Postman collection of ${collectionRequests(made.collection).length} requests written in ${Math.round(performance.now() - started)} ms`,
        );
      }

      const docs = plugins.find(
        (p) => p.name === 'docusaurus-plugin-content-docs' && (p.options.id ?? 'default') === 'default',
      );
      const byPath = new Map(pages.map((p) => [p.path, p]));
      // The version history is its own section, so llms-full.txt carries it (optional pages are left out there).
      const sections = assignSections(
        [
          ...sidebarSections(docs?.content, options.guidesTitle),
          {title: 'Version history', paths: [`${baseUrl}${ROUTES.versionHistory.slice(1)}`]},
        ],
        [...byPath.keys()],
      ).map((s) => ({
        title: s.title,
        pages: s.paths.flatMap((p) => byPath.get(p) ?? []),
      }));
      const facts: DownloadFacts = {
        openapiVersion: String(openapi.openapi ?? ''),
        asyncapiVersion: String(asyncapi.asyncapi ?? ''),
        messages: schemas.messages.length,
        requests: collectionRequests(collection).length,
      };
      const files: LlmsLink[] = DOWNLOADS.filter(
        (d) => d.optional !== true || typed.some((file) => d.path === downloadPath(TYPES_DIR, file)),
      ).map((d) => ({title: d.title, path: `${baseUrl}${d.path.slice(1)}`, description: d.describe(facts)}));
      const hosts = identity.restServers
        .map((s) => `${s.name} \`${s.url}\`${s.isDefault ? ' (the documentation default)' : ''}`)
        .join(', ');
      const wsHosts = identity.wsServers.map((s) => `${s.name} \`${s.url}\``).join(', ');
      const llms = {
        title: siteConfig.title,
        summary: siteConfig.tagline !== '' ? siteConfig.tagline : `Documentation of the ${identity.title}`,
        details: [
          apiSentence({
            title: identity.title,
            rest: versionOf(openapi),
            ws: versionOf(asyncapi),
            wsVersionIsReading: readingOf(isObject(asyncapi.info) ? asyncapi.info : undefined) !== undefined,
            auth: {rest: authenticationOf(openapi), ws: authenticationOf(asyncapi)},
          }) +
            (hosts !== '' ? ` REST hosts: ${hosts}.` : '') +
            (wsHosts !== '' ? ` WebSocket hosts: ${wsHosts}.` : ''),
          `Every page is also published as Markdown at its URL followed by \`.md\` (for example ${url(markdownPathFor(sections[0]?.pages[0]?.path ?? baseUrl))}); ` +
            `${url(`${baseUrl}llms-full.txt`)} holds the guides and both API references in one file.`,
        ],
        sections,
        downloads: files,
        url,
      };
      await write(outDir, `${baseUrl}llms.txt`, baseUrl, renderLlmsTxt(llms));
      await write(outDir, `${baseUrl}llms-full.txt`, baseUrl, renderLlmsFull(llms));
      console.info(
        `${LOG} ${pages.length} Markdown pages, llms.txt, llms-full.txt, ${schemas.messages.length} message schemas, ${typed.length} types files and a Postman collection of ${collectionRequests(collection).length} requests written`,
      );
    },
  };
}
