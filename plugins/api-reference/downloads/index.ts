/**
 * The API documents as downloads at stable URLs, written by the build from the
 * one source: /downloads/<name>.yaml is the source text as it is, and
 * /downloads/<name>.json the same document parsed (anchors and aliases expanded,
 * key order kept), so JSON-only tools get an equivalent file.
 */
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {parse, stringify} from 'yaml';
import {DOWNLOADS_DIR} from '../client/downloads';

export {DOWNLOADS_DIR};

export interface DownloadSpecPaths {
  openapi: string;
  asyncapi: string;
}

/** Parses a YAML or JSON document text; the file name makes a failure actionable. */
export function documentToJson(text: string, file: string): string {
  let value: unknown;
  try {
    value = parse(text, {maxAliasCount: 1000, uniqueKeys: true});
  } catch (error) {
    throw new Error(`${file}: cannot be turned into JSON for download: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${file}: cannot be turned into JSON for download: the document is not an object`);
  }
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** A document as the build loaded it: what the download needs, so it reads and parses nothing again. */
export interface LoadedSource {
  doc: unknown;
  /** The file's text as read. */
  text: string;
  /** The document is the file's own content (not bundled from several files, not converted). */
  asWritten: boolean;
}

/**
 * Writes openapi.{yaml,json} and asyncapi.{yaml,json} into `<outDir>/downloads`
 * and returns the absolute paths written, in that order. The YAML is the source
 * text as it is, unless the build loaded something else from it (a split document
 * bundled into one file, an AsyncAPI 2.x document converted): then both files are
 * that document, so the download stands on its own and is what the pages show.
 * With `loaded` (the build's own load, plugins/api-reference/load.ts) nothing is read
 * or parsed again; without it the files are read here.
 */
export async function writeDownloads(
  outDir: string,
  specPaths: DownloadSpecPaths,
  loaded: Partial<Record<keyof DownloadSpecPaths, LoadedSource>> = {},
  /** The folder under outDir (an older release's reference writes its documents beside its pages). */
  subdir: string = DOWNLOADS_DIR,
): Promise<string[]> {
  const folder = path.join(outDir, subdir);
  await mkdir(folder, {recursive: true});
  const written: string[] = [];
  for (const name of ['openapi', 'asyncapi'] as const) {
    const source = specPaths[name];
    const given = loaded[name];
    let yaml: string;
    let json: string;
    if (given !== undefined) {
      json = `${JSON.stringify(given.doc, null, 2)}\n`;
      yaml = given.asWritten ? given.text : stringify(given.doc, {aliasDuplicateObjects: false});
    } else {
      yaml = await readFile(source, 'utf8');
      json = documentToJson(yaml, source);
    }
    const yamlFile = path.join(folder, `${name}.yaml`);
    const jsonFile = path.join(folder, `${name}.json`);
    await writeFile(yamlFile, yaml);
    await writeFile(jsonFile, json);
    written.push(yamlFile, jsonFile);
  }
  return written;
}
