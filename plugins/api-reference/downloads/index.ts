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

/**
 * Writes openapi.{yaml,json} and asyncapi.{yaml,json} into `<outDir>/downloads`
 * and returns the absolute paths written, in that order. The YAML is the source
 * text as it is, unless the build loaded something else from it (`loaded`: a
 * split document bundled into one file, an AsyncAPI 2.x document converted):
 * then both files are that document, so the download stands on its own and is
 * what the pages show.
 */
export async function writeDownloads(
  outDir: string,
  specPaths: DownloadSpecPaths,
  loaded: Partial<Record<keyof DownloadSpecPaths, unknown>> = {},
): Promise<string[]> {
  const folder = path.join(outDir, DOWNLOADS_DIR);
  await mkdir(folder, {recursive: true});
  const written: string[] = [];
  for (const name of ['openapi', 'asyncapi'] as const) {
    const source = specPaths[name];
    const sourceText = await readFile(source, 'utf8');
    const sourceJson = documentToJson(sourceText, source);
    const document = loaded[name];
    const loadedJson = document === undefined ? sourceJson : `${JSON.stringify(document, null, 2)}\n`;
    const yamlFile = path.join(folder, `${name}.yaml`);
    const jsonFile = path.join(folder, `${name}.json`);
    await writeFile(
      yamlFile,
      loadedJson === sourceJson ? sourceText : stringify(document, {aliasDuplicateObjects: false}),
    );
    await writeFile(jsonFile, loadedJson);
    written.push(yamlFile, jsonFile);
  }
  return written;
}
