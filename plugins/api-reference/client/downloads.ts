/**
 * Where the machine-readable files of a page live. Shared by the build
 * (plugins/machine-readable) and the browser (src/components/CopyMarkdown), so
 * the file the build writes is the file the "Copy page as Markdown" control
 * fetches. Pure string functions: no Node or DOM imports, safe in the client bundle.
 */

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
