/**
 * Checks every `$ref` of an API document before anything else reads it, in the
 * document and in every file it references: a reference to nothing fails here
 * with the file and the line of the `$ref`, instead of deep inside a library
 * (which reports no line, or only after minutes of compiling). Remote
 * references (http…) are refused: the build makes no network calls.
 */
import {existsSync, statSync} from 'node:fs';
import path from 'node:path';
import {isObject, pointer, resolveRef, type Json} from '../document';
import {SpecError, type Problem} from './problem';

export interface ParsedFile {
  doc: Json;
  /** Line (1-based) of the node at a JSON pointer. */
  lineOf: (pointer: string) => number | undefined;
}

export interface RefReport {
  problems: Problem[];
  /** True when the document references another file: it must be bundled before the builders see it. */
  external: boolean;
  /** Every file read, the document first. */
  files: string[];
}

/** Keys whose value is data (a `$ref` key inside is a value, not a reference). */
const DATA_KEYS = new Set(['example', 'const', 'default', 'enum']);
/** Keys whose children are names chosen by the author (a property may be called "default"). */
const NAMED_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
  'parameters',
  'responses',
  'headers',
  'messages',
  'channels',
  'operations',
  'servers',
  'paths',
  'webhooks',
  'callbacks',
  'links',
  'requestBodies',
  'securitySchemes',
  'content',
  'encoding',
  'variables',
  'mapping',
  'pathItems',
  'mediaTypes',
]);
const YAML_OR_JSON = /\.(ya?ml|json)$/i;
const REMOTE = /^[a-z][a-z0-9+.-]+:/i;

const FIX_POINTER =
  'correct the part after "#" so it names an existing entry (keys are case-sensitive; a "/" inside a key is written "~1")';

type Visit = (ref: string, at: (string | number)[]) => void;

function walk(node: Json, at: (string | number)[], visit: Visit, parentKey?: string | number): void {
  if (Array.isArray(node)) {
    // JSON Schema `examples` is a list of values.
    if (parentKey === 'examples') return;
    node.forEach((child, i) => walk(child, [...at, i], visit, i));
    return;
  }
  if (!isObject(node)) return;
  const named = typeof parentKey === 'string' && NAMED_MAPS.has(parentKey);
  if (typeof node.$ref === 'string') visit(node.$ref, at);
  // An Example object (an entry of an OpenAPI `examples` map) holds its data in `value`.
  const example = at.length >= 2 && at[at.length - 2] === 'examples';
  for (const [key, child] of Object.entries(node)) {
    if (!named && (DATA_KEYS.has(key) || (example && key === 'value'))) continue;
    walk(child, [...at, key], visit, named ? `\u0000${key}` : key);
  }
}

/**
 * Follows the references of `rootFile` through every file they lead to.
 * `read` parses a referenced YAML/JSON file (and throws a SpecError naming it when it cannot).
 */
export function checkReferences(
  rootFile: string,
  root: ParsedFile,
  read: (file: string) => ParsedFile,
): RefReport {
  const problems: Problem[] = [];
  const parsed = new Map<string, ParsedFile>([[rootFile, root]]);
  const queue = [rootFile];
  let external = false;
  /** The file, read once; `where` says where it is referenced, for a problem in it. */
  const load = (file: string, where: () => Problem): ParsedFile | undefined => {
    const known = parsed.get(file);
    if (known !== undefined) return known;
    try {
      const p = read(file);
      parsed.set(file, p);
      queue.push(file);
      return p;
    } catch (error) {
      if (!(error instanceof SpecError)) throw error;
      const at = where();
      problems.push(
        ...error.problems.map((p) => ({
          ...p,
          file: p.file ?? file,
          message: `${p.message} (this file is referenced at ${at.file ?? 'the document'}${at.line !== undefined ? `, line ${at.line}` : ''})`,
        })),
      );
      return undefined;
    }
  };
  while (queue.length > 0 && problems.length < 20) {
    const file = queue.shift() ?? rootFile;
    const {doc, lineOf} = parsed.get(file) ?? root;
    walk(doc, [], (ref, at) => {
      // Where the `$ref` is, for a problem: its line is looked up only when there is one (a lookup
      // walks the YAML from its root, and a document has hundreds of good references).
      let located: Problem | undefined;
      const where = (): Problem => {
        if (located !== undefined) return located;
        const refPointer = pointer([...at, '$ref']);
        const line = lineOf(refPointer);
        located = {
          pointer: refPointer,
          message: '',
          ...(file !== rootFile ? {file} : {}),
          ...(line !== undefined ? {line} : {}),
        };
        return located;
      };
      const hash = ref.indexOf('#');
      const target = hash < 0 ? ref : ref.slice(0, hash);
      const fragment = hash < 0 ? '' : ref.slice(hash + 1);
      if (target === '') {
        if (resolveRef(doc, ref) === undefined)
          problems.push({
            ...where(),
            message: `reference "${ref}" points to nothing in this ${file === rootFile ? 'document' : 'file'}`,
            hint: FIX_POINTER,
          });
        return;
      }
      external = true;
      if (REMOTE.test(target) && !/^[a-z]:[\\/]/i.test(target)) {
        problems.push({
          ...where(),
          message: `remote reference "${ref}" is not fetched: the build makes no network calls`,
          hint: 'download that file next to the document and reference it by a relative path',
        });
        return;
      }
      const targetFile = path.resolve(path.dirname(file), decodeURI(target));
      if (!existsSync(targetFile) || !statSync(targetFile).isFile()) {
        problems.push({
          ...where(),
          message: `reference "${ref}" points to a file that does not exist: ${targetFile}`,
          hint: `correct the path; it is relative to the folder of the file that contains this "$ref" (${path.dirname(file)})`,
        });
        return;
      }
      if (fragment === '' && !YAML_OR_JSON.test(targetFile)) return; // text included as it is (a code sample, a description)
      const targetDoc = load(targetFile, where);
      if (
        targetDoc !== undefined &&
        fragment !== '' &&
        resolveRef(targetDoc.doc, `#${fragment}`) === undefined
      )
        problems.push({
          ...where(),
          message: `reference "${ref}" points to nothing in ${targetFile}`,
          hint: FIX_POINTER,
        });
    });
  }
  return {problems, external, files: [...parsed.keys()]};
}
