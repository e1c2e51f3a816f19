/**
 * Documents split over several files become one document for the builders.
 * Redocly's bundler (`@redocly/openapi-core`, OpenAPI and AsyncAPI) inlines or
 * hoists into `components` whatever another file holds. It also inlines *local*
 * references whose target came from another file: an AsyncAPI 3 operation's
 * `#/channels/x/messages/y` becomes a copy of the message, and the operation
 * no longer names its message. Those local references are put back from the
 * document as written, so message/operation identity and schema names survive.
 * Only files are read: a remote reference is refused before (see refs.ts).
 */
import type {BaseResolver as Resolver} from '@redocly/openapi-core';
import {isObject, resolveRef, type Json, type JsonObject} from '../document';
import {SpecError, type Problem} from './problem';

/** Puts back, in `bundled`, every local `$ref` of `original` the bundler replaced by a copy. */
export function restoreLocalRefs(original: Json, bundled: JsonObject): number {
  let restored = 0;
  const visit = (orig: Json, copy: Json | undefined, put: (value: Json) => void): void => {
    if (isObject(orig) && typeof orig.$ref === 'string') {
      const ref = orig.$ref;
      const intact = isObject(copy) && copy.$ref === ref;
      if (ref.startsWith('#') && !intact && resolveRef(bundled, ref) !== undefined) {
        put(structuredClone(orig));
        restored += 1;
      }
      return; // an external reference: what is there came from another file
    }
    if (Array.isArray(orig) && Array.isArray(copy)) {
      orig.forEach((o, i) =>
        visit(o, copy[i], (v) => {
          copy[i] = v;
        }),
      );
    } else if (isObject(orig) && isObject(copy)) {
      for (const [key, o] of Object.entries(orig)) {
        if (!(key in copy)) continue;
        visit(o, copy[key], (v) => {
          copy[key] = v;
        });
      }
    }
  };
  visit(original, bundled, () => undefined);
  return restored;
}

/**
 * Bundles `file` (whose parsed root is `root`) into one document. The bundler
 * is loaded only for split documents: a one-file document never pays for it.
 */
export async function bundleDocument(file: string, text: string, root: JsonObject): Promise<JsonObject> {
  const {bundle, createConfig, BaseResolver, Source, isAbsoluteUrl} = await import('@redocly/openapi-core');
  /** Files only: the build makes no network calls (refs.ts has already named any remote reference). */
  class LocalFiles extends BaseResolver {
    override async loadExternalRef(absoluteRef: string): ReturnType<Resolver['loadExternalRef']> {
      if (isAbsoluteUrl(absoluteRef)) throw new Error(`remote reference ${absoluteRef} is not fetched`);
      return super.loadExternalRef(absoluteRef);
    }
  }
  const config = await createConfig({});
  const result = await bundle({
    doc: {source: new Source(file, text), parsed: structuredClone(root)},
    config,
    externalRefResolver: new LocalFiles(),
  });
  const errors = result.problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) {
    throw new SpecError(
      file,
      errors.slice(0, 8).map((p): Problem => {
        const at = p.location[0];
        const source = at?.source.absoluteRef;
        return {
          pointer: at?.pointer?.replace(/^#/, '') ?? '',
          message: p.message,
          ...(source !== undefined && source !== file ? {file: source} : {}),
        };
      }),
    );
  }
  // One tree without shared nodes: the builders and restoreLocalRefs may then edit any node safely.
  const bundled = JSON.parse(JSON.stringify(result.bundle.parsed)) as JsonObject;
  restoreLocalRefs(root, bundled);
  return bundled;
}
