/**
 * Reads one YAML or JSON file of an API document, keeping where each node is
 * written (for error lines). Light on purpose: docusaurus.config.ts reads the
 * identity through it, before any plugin loads.
 */
import {readFileSync} from 'node:fs';
import {LineCounter, parseDocument, isMap, isNode, isScalar, isSeq} from 'yaml';
import {isObject, unescapePointerToken, type Json, type JsonObject} from '../document';
import {SpecError} from './problem';
import type {ParsedFile} from './refs';

export interface Parsed extends ParsedFile {
  doc: JsonObject;
  text: string;
}

function tokens(jsonPointer: string): string[] {
  return jsonPointer.split('/').slice(1).map(unescapePointerToken);
}

const WHERE_DOCUMENTS_ARE =
  'check the path. OPENAPI_FILE and ASYNCAPI_FILE are read relative to the project folder; without them the build reads specs/openapi.yaml and specs/asyncapi.yaml';

/**
 * The files parsed last in this process, by path, with the text they were parsed from: a build, a
 * release command or a test process reads the same document many times over (the identity, the
 * references, each release's pair, its reached files), and parsing 100 KB of YAML with its
 * positions costs about 45 ms each time. A file whose text changed is parsed again. Kept: files of
 * at most KEPT_SIZE characters (a parsed file holds its syntax tree, many times its size), the
 * PARSED_KEPT read last.
 */
const parsedFiles = new Map<string, {source: string; parsed: Parsed}>();
const PARSED_KEPT = 16;
const KEPT_SIZE = 1_000_000;

/**
 * One file of an API document, parsed: its value (a fresh copy for each caller, who may change it),
 * its text, and the line of any JSON pointer in it. Refuses, with the line, what is not YAML or
 * JSON or not an object at its root.
 */
export function parseFile(file: string): Parsed {
  const source = readSource(file);
  const kept = parsedFiles.get(file);
  if (kept !== undefined && kept.source === source) {
    parsedFiles.delete(file);
    parsedFiles.set(file, kept);
    return {...kept.parsed, doc: structuredClone(kept.parsed.doc)};
  }
  const parsed = parseSource(file, source);
  if (source.length <= KEPT_SIZE) {
    parsedFiles.set(file, {source, parsed: {...parsed, doc: structuredClone(parsed.doc)}});
    if (parsedFiles.size > PARSED_KEPT) parsedFiles.delete(parsedFiles.keys().next().value as string);
  }
  return parsed;
}

function readSource(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new SpecError(
      file,
      [
        {
          pointer: '',
          message:
            code === 'ENOENT'
              ? 'the file does not exist'
              : code === 'EISDIR'
                ? 'this is a folder, not a file'
                : `the file cannot be read (${(error as Error).message})`,
          hint: WHERE_DOCUMENTS_ARE,
        },
      ],
      undefined,
      `Cannot read the API document ${file}:`,
    );
  }
}

function parseSource(file: string, source: string): Parsed {
  const counter = new LineCounter();
  const document = parseDocument(source, {lineCounter: counter, uniqueKeys: true});
  if (document.errors.length > 0) {
    throw new SpecError(
      file,
      // The first syntax error only: the next ones usually follow from it.
      document.errors.slice(0, 1).map((e) => {
        const at = e.linePos?.[0];
        const reason = (e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
        return {
          pointer: '',
          ...(at !== undefined ? {line: at.line} : {}),
          message: `not valid YAML/JSON${at !== undefined ? ` (column ${at.col})` : ''}: ${reason}`,
          hint: 'fix the syntax at that line or just above it: indentation, a missing ":" or closing bracket or quote, or a value starting with a special character (such as "*", "&", "@" or "`") that needs quotes',
        };
      }),
    );
  }
  const doc = document.toJS({maxAliasCount: 1000}) as Json;
  if (!isObject(doc))
    throw new SpecError(file, [{pointer: '', message: 'the document must be an object at its root'}]);
  // The line of the key (for a mapping entry) or of the item (in a sequence): where a person looks.
  // Walked by hand: a key that looks like a number ("200") is still a key in a mapping.
  const lineOf = (p: string): number | undefined => {
    let node: unknown = document.contents;
    let offset = isNode(node) ? node.range?.[0] : undefined;
    for (const token of tokens(p)) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && String(item.key.value) === token);
        offset = isNode(pair?.key) ? pair.key.range?.[0] : undefined;
        node = pair?.value;
      } else if (isSeq(node) && /^\d+$/.test(token)) {
        node = node.items[Number(token)];
        offset = isNode(node) ? node.range?.[0] : undefined;
      } else return undefined;
      if (offset === undefined) return undefined;
    }
    return offset !== undefined ? counter.linePos(offset).line : undefined;
  };
  return {doc, text: source, lineOf};
}
