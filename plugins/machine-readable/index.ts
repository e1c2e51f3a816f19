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
 *   every WebSocket message.
 *
 * (`/downloads/{openapi,asyncapi}.{yaml,json}` are written by the api-reference plugin.)
 * Everything here runs in Node at build time; only ./paths.ts is shared with the browser.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {
  absoluteSpecPaths,
  identityFromDocuments,
  resolveSpecPaths,
  type SpecPaths,
} from '../api-reference/identity';
import {documentsFromPlugins} from '../api-reference/content';
import {isRedirectPage, pageToMarkdown} from './html-to-markdown';
import {apiSentence, renderLlmsFull, renderLlmsTxt, type LlmsLink, type LlmsPage} from './llms';
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

      const where = {outDir, baseUrl, downloads};
      const schemas = await writeMessageSchemas(where, asyncapi, url(`${downloads}${WS_SCHEMAS_DIR}/`));
      const typed = await writeTypesFiles(where, openapi, asyncapi, schemas);

      const defaultServer = identity.restServers.find((s) => s.isDefault);
      const collection = await postmanCollection(openapi, {
        ...(defaultServer !== undefined
          ? {defaultServer: {name: defaultServer.name, url: defaultServer.url}}
          : {}),
        servers: identity.restServers.map((s) => ({name: s.name, url: s.url})),
      });
      await write(outDir, `${downloads}${POSTMAN_FILE}`, baseUrl, `${JSON.stringify(collection, null, 2)}\n`);

      const docs = plugins.find(
        (p) => p.name === 'docusaurus-plugin-content-docs' && (p.options.id ?? 'default') === 'default',
      );
      const byPath = new Map(pages.map((p) => [p.path, p]));
      // The version history is its own section, so llms-full.txt carries it (optional pages are left out there).
      const sections = assignSections(
        [
          ...sidebarSections(docs?.content, options.guidesTitle),
          {title: 'Version history', paths: [ROUTES.versionHistory]},
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
