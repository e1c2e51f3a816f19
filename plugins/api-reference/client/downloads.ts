/**
 * Where the machine-readable files of a page live. Shared by the build
 * (plugins/machine-readable) and the browser (src/components/CopyMarkdown), so
 * the file the build writes is the file the "Copy page as Markdown" control
 * fetches. Pure string functions: no Node or DOM imports, safe in the client bundle.
 */

import {ROUTES} from './routes';

/** The site-relative folder every generated download is written to. */
export const DOWNLOADS_DIR = 'downloads';

/** Folder (under DOWNLOADS_DIR) of the JSON Schemas of the WebSocket messages. */
export const WS_SCHEMAS_DIR = 'ws-schemas';

/** The schemas' index (under WS_SCHEMAS_DIR): what each file is. */
export const WS_SCHEMAS_INDEX = 'index.json';

/** The site path of a download: `downloadPath('types', 'rest.d.ts')` → `/downloads/types/rest.d.ts`. */
export function downloadPath(...parts: string[]): string {
  return `/${[DOWNLOADS_DIR, ...parts].join('/')}`;
}

/**
 * The folder of an older or upcoming release's downloads: the folder its documents were
 * recorded to (`/releases/2.0.0/openapi.yaml` → `/releases/2.0.0`). A release's files sit beside
 * its reference, the same names as under /downloads (`/releases/2.0.0/postman-collection.json`,
 * `/releases/2.0.0/types/rest.d.ts`), so its documents keep the URLs the issue names.
 */
export function releaseDownloadsFolder(documentPath: string): string {
  const slash = documentPath.lastIndexOf('/');
  return slash <= 0 ? '' : documentPath.slice(0, slash);
}

/** File name (under DOWNLOADS_DIR) of the Postman collection. */
export const POSTMAN_FILE = 'postman-collection.json';

/**
 * The URL path of a page's Markdown copy: the page path plus `.md`
 * (`/docs/intro` → `/docs/intro.md`); the root of the site (or of a folder
 * served with a trailing slash) is `…/index.md`.
 */
export function markdownPathFor(pagePath: string): string {
  const clean = pagePath.split(/[?#]/, 1)[0] ?? '';
  if (clean === '' || clean.endsWith('/')) return `${clean === '' ? '/' : clean}index.md`;
  return `${clean.replace(/\.html$/, '')}.md`;
}

/** The file name of a WebSocket message's JSON Schema (the message name, made file-safe). */
export function schemaFileFor(messageName: string): string {
  return `${messageName.replace(/[^A-Za-z0-9._-]/g, '_')}.schema.json`;
}

/** Folder (under DOWNLOADS_DIR) of the TypeScript types generated from the documents. */
export const TYPES_DIR = 'types';

/** The REST API's types (openapi-typescript), under TYPES_DIR. */
export const REST_TYPES_FILE = 'rest.d.ts';

/** One type per WebSocket message payload, under TYPES_DIR. */
export const WS_TYPES_FILE = 'ws-messages.d.ts';

/** What the descriptions of the downloads say, known once the build has written them. */
export interface DownloadFacts {
  readonly openapiVersion: string;
  readonly asyncapiVersion: string;
  /** WebSocket messages with a JSON Schema (and a type). */
  readonly messages: number;
  /** REST requests in the Postman collection. */
  readonly requests: number;
}

/** A button of a reference page's Downloads bar. */
export interface DownloadButton {
  readonly label: string;
  /** Where it stands in its page's bar (the two documents first). */
  readonly position: number;
  /** Saved rather than opened, under this name: a `.ts` file is served as video (MPEG transport stream) by many hosts. */
  readonly download?: string;
  /** The document itself (drawn as the primary button), not a file generated from it. */
  readonly primary?: boolean;
}

export interface Download {
  /** Site path, without the base URL: `/downloads/openapi.yaml`. */
  readonly path: string;
  /**
   * The path under the downloads folder (`types/rest.d.ts`) of a file made from the reference's
   * documents, which every older and upcoming release has too, under its own folder
   * (releaseDownloadsFolder); none for the site's own files (the release feed).
   */
  readonly file?: string;
  /** Its title in llms.txt. */
  readonly title: string;
  readonly describe: (facts: DownloadFacts) => string;
  /** The reference page whose Downloads bar links to it, and how. */
  readonly page?: {readonly document: 'openapi' | 'asyncapi'} & DownloadButton;
  /** Written only when its generator succeeds (llms.txt lists it only then). */
  readonly optional?: boolean;
}

/** A file made from the documents: under /downloads for the current reference, beside each release's. */
const fromDocuments = (...parts: string[]) => ({path: downloadPath(...parts), file: parts.join('/')});

const document = (name: 'openapi' | 'asyncapi', ext: 'yaml' | 'json', position: number) => ({
  document: name,
  label: `${name}.${ext}`,
  position,
  download: `${name}.${ext}`,
  primary: true,
});

/**
 * Every file the site offers for download, in llms.txt's order: the reference pages' Downloads
 * bars (src/components/ApiReference/Downloads) and llms.txt (plugins/machine-readable) read
 * this one list.
 */
export const DOWNLOADS: readonly Download[] = [
  {
    ...fromDocuments('openapi.yaml'),
    title: 'OpenAPI document (YAML)',
    describe: (f) => `The REST API, OpenAPI ${f.openapiVersion}.`,
    page: document('openapi', 'yaml', 0),
  },
  {
    ...fromDocuments('openapi.json'),
    title: 'OpenAPI document (JSON)',
    describe: () => 'The same document as JSON.',
    page: document('openapi', 'json', 1),
  },
  {
    ...fromDocuments('asyncapi.yaml'),
    title: 'AsyncAPI document (YAML)',
    describe: (f) => `The WebSocket API, AsyncAPI ${f.asyncapiVersion}.`,
    page: document('asyncapi', 'yaml', 0),
  },
  {
    ...fromDocuments('asyncapi.json'),
    title: 'AsyncAPI document (JSON)',
    describe: () => 'The same document as JSON.',
    page: document('asyncapi', 'json', 1),
  },
  {
    ...fromDocuments(WS_SCHEMAS_DIR, WS_SCHEMAS_INDEX),
    title: 'WebSocket message JSON Schemas',
    describe: (f) => `Index of ${f.messages} self-contained JSON Schemas (draft 2020-12), one per message.`,
    page: {document: 'asyncapi', label: 'JSON Schema of every message', position: 3},
  },
  {
    ...fromDocuments(TYPES_DIR, REST_TYPES_FILE),
    title: 'TypeScript types of the REST API',
    describe: () =>
      'paths, operations and components, generated with openapi-typescript: a request body is operations["<operationId>"]["requestBody"]["content"]["application/json"].',
    page: {document: 'openapi', label: 'TypeScript types', position: 2, download: REST_TYPES_FILE},
    optional: true,
  },
  {
    ...fromDocuments(TYPES_DIR, WS_TYPES_FILE),
    title: 'TypeScript types of the WebSocket messages',
    describe: (f) =>
      `One type per message (${f.messages}): its payload, in the one-member envelope the API documents read (a reading: the provider shows no message on the wire); ClientMessage and ServerMessage are what you send and receive.`,
    page: {
      document: 'asyncapi',
      label: 'TypeScript types of every message',
      position: 2,
      download: WS_TYPES_FILE,
    },
    optional: true,
  },
  {
    ...fromDocuments(POSTMAN_FILE),
    title: 'Postman collection',
    describe: (f) =>
      `The ${f.requests} REST operations as a Postman collection (v2.1); set bearerToken to your token.`,
    page: {document: 'openapi', label: 'Postman collection', position: 3},
  },
  {
    path: ROUTES.versionHistoryFeed,
    title: 'Releases (Atom feed)',
    describe: () => 'Every recorded release of the API documents, newest first.',
  },
  {
    path: ROUTES.versionHistoryJson,
    title: 'Releases and changes (JSON)',
    describe: () =>
      'Every release with its computed changes, each classified (breaking or not) and linked to the reference.',
  },
];

/**
 * The buttons of one reference page's Downloads bar, in their order: the current reference's
 * files (under /downloads), or, given an older or upcoming release's folder
 * (releaseDownloadsFolder), the same buttons for that release's files.
 */
export function pageDownloads(
  name: 'openapi' | 'asyncapi',
  folder?: string,
): Array<DownloadButton & {path: string}> {
  return DOWNLOADS.flatMap((d) =>
    d.page?.document === name
      ? [{...d.page, path: folder === undefined || d.file === undefined ? d.path : `${folder}/${d.file}`}]
      : [],
  ).sort((a, b) => a.position - b.position);
}
