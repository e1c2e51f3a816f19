/**
 * One load per build. The api-reference plugin loads and checks each document once, in
 * `loadContent`, and publishes the result here; the plugins that run later in the same build
 * (machine-readable files after the build, the licences page while bundling) take it instead of
 * reading the file again. Each `loadContent` publishes afresh (a rebuild in `npm start` after an
 * edit), so nothing stale is served; a caller that runs without the plugin (a unit test, a script)
 * gets `undefined` and loads for itself.
 *
 * The registry lives on `globalThis`: Docusaurus may give each plugin its own instance of this
 * module, and the plugins must still see one another's result.
 */
import path from 'node:path';
import type {JsonObject} from './json';

const KEY = Symbol.for('trading-api-docs.loaded-documents');

type Registry = Map<string, JsonObject>;

function registry(): Registry {
  const global = globalThis as {[KEY]?: Registry};
  global[KEY] ??= new Map();
  return global[KEY];
}

/** Records the document loaded from `file` (bundled, converted) for the rest of this build. */
export function publishLoaded(file: string, doc: JsonObject): void {
  registry().set(path.resolve(file), doc);
}

/** The document this build loaded from `file`, if the api-reference plugin has loaded it. */
export function loadedDocument(file: string): JsonObject | undefined {
  return registry().get(path.resolve(file));
}
