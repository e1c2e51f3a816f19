/**
 * Test helpers: compile documents with the real build step, write the generated
 * modules to a temporary folder and import them, as the browser would.
 */
import {mkdtempSync, writeFileSync, existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {readDocument} from '../../../plugins/api-reference/identity';
import {compileValidators} from '../../../plugins/api-reference/validator';
import type {ValidatorDocuments, ValidatorIndexEntry} from '../../../plugins/api-reference/validator';
import type {CompiledValidator} from '../../../src/components/ApiReference/Validator/core';

export const ROOT = path.resolve(__dirname, '../../..');
export const SPECS = {
  openapi: path.join(ROOT, 'specs/openapi.yaml'),
  asyncapi: path.join(ROOT, 'specs/asyncapi.yaml'),
};
export const CORPUS = path.resolve(ROOT, '../shared/corpus');
export const HAVE_SPECS = existsSync(SPECS.openapi) && existsSync(SPECS.asyncapi);
export const HAVE_CORPUS = existsSync(CORPUS);

export interface GeneratedModule {
  validate?: CompiledValidator;
  unavailable?: string;
  target: string;
}

export interface Compiled {
  entry: ValidatorIndexEntry;
  source: string;
  module: GeneratedModule;
}

let folder: string | null = null;
let counter = 0;

/** Writes one generated module to a temp folder and imports it (as an ES module). */
export async function importGenerated(source: string): Promise<GeneratedModule> {
  folder ??= mkdtempSync(path.join(tmpdir(), 'validators-'));
  const file = path.join(folder, `module-${counter++}.mjs`);
  writeFileSync(file, source);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as GeneratedModule;
}

/** Compiles every target of the documents and imports each module, keyed by target. */
export async function compileAll(documents: ValidatorDocuments): Promise<Map<string, Compiled>> {
  const result = new Map<string, Compiled>();
  for (const {entry, source} of compileValidators(documents)) {
    result.set(entry.target, {entry, source, module: await importGenerated(source)});
  }
  return result;
}

export function realDocuments(): ValidatorDocuments {
  return {openapi: readDocument(SPECS.openapi), asyncapi: readDocument(SPECS.asyncapi)};
}

/** A validator that must exist and be ready. */
export function validatorOf(compiled: Map<string, Compiled>, target: string): CompiledValidator {
  const item = compiled.get(target);
  if (item === undefined) throw new Error(`no target ${target}; have ${[...compiled.keys()].join(', ')}`);
  if (item.module.validate === undefined)
    throw new Error(`${target} unavailable: ${item.module.unavailable ?? '?'}`);
  return item.module.validate;
}

/** A minimal OpenAPI 3.1 document with one POST operation per schema. */
export function openApiWith(schemas: Record<string, unknown>, version = '3.1.0'): Record<string, unknown> {
  return {
    openapi: version,
    info: {title: 'Fixture', version: '1.0.0'},
    paths: Object.fromEntries(
      Object.entries(schemas).map(([operationId, schema]) => [
        `/${operationId}`,
        {
          post: {
            operationId,
            requestBody: {content: {'application/json': {schema}}},
            responses: {'204': {description: 'ok'}},
          },
        },
      ]),
    ),
  };
}
