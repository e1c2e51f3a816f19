/**
 * Build step of the payload validator: compiles one standalone module per thing a
 * reader can send and writes it into the plugin's data folder, where the browser
 * imports it lazily (`@generated/api-reference/default/validators/<file>`). A
 * schema that cannot be compiled never fails the build: its module says why.
 */
import {readdir, rm} from 'node:fs/promises';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {VALIDATORS_DIR, validatorFileName} from '../client/validators';
import type {ValidatorTarget} from './targets';
import {findTargets} from './targets';
import {DocumentCompiler} from './compile';

export interface ValidatorIndexEntry {
  target: string;
  /** "POST /api/orders/bulk" or the message name. */
  label: string;
  /** File name inside the validators folder. */
  file: string;
  status: 'ready' | 'unavailable';
  /** Why there is no validator (status "unavailable"). */
  reason?: string;
  /** What the validator does not check, e.g. unknown formats. */
  notes: string[];
  bytes: number;
  gzipBytes: number;
}

/** Keyed by target (`rest:<operationId>`, `ws:<messageName>`). */
export type ValidatorIndex = Record<string, ValidatorIndexEntry>;

export interface ValidatorActions {
  createData: (name: string, data: string) => Promise<string>;
}

export interface ValidatorDocuments {
  openapi: Record<string, unknown>;
  asyncapi: Record<string, unknown> | null;
}

/** Compiles every target to module source, without writing anything (tests use this). */
export function compileValidators(
  documents: ValidatorDocuments,
): Array<{target: ValidatorTarget; entry: ValidatorIndexEntry; source: string}> {
  const targets = findTargets(documents);
  const compilers = {
    openapi: new DocumentCompiler(
      'openapi',
      documents.openapi,
      targets.filter((target) => target.document === 'openapi'),
    ),
    asyncapi:
      documents.asyncapi === null
        ? null
        : new DocumentCompiler(
            'asyncapi',
            documents.asyncapi,
            targets.filter((target) => target.document === 'asyncapi'),
          ),
  };
  return targets.map((target) => {
    const compiler = compilers[target.document];
    const compiled =
      compiler === null
        ? {status: 'unavailable' as const, reason: 'there is no AsyncAPI document', source: ''}
        : compiler.compile(target);
    const entry: ValidatorIndexEntry = {
      target: target.target,
      label: target.label,
      file: validatorFileName(target.target),
      status: compiled.status,
      ...(compiled.status === 'unavailable' ? {reason: compiled.reason} : {}),
      notes: compiled.status === 'ready' ? compiled.notes : [],
      bytes: Buffer.byteLength(compiled.source),
      gzipBytes: gzipSync(compiled.source).length,
    };
    return {target, entry, source: compiled.source};
  });
}

export async function emitValidators(
  actions: ValidatorActions,
  documents: ValidatorDocuments,
): Promise<ValidatorIndex> {
  const compiled = compileValidators(documents);
  const index: ValidatorIndex = {};
  for (const {entry, source} of compiled) {
    index[entry.target] = entry;
    await actions.createData(`${VALIDATORS_DIR}/${entry.file}`, source);
  }
  // The browser's loader of each (src/components/ApiReference/Validator/load.ts).
  await actions.createData(
    `${VALIDATORS_DIR}/${LOADERS_FILE}`,
    validatorLoaders(compiled.map(({entry}) => entry.file)),
  );
  // The index, for whoever wants to see what was compiled.
  const indexPath = await actions.createData(`${VALIDATORS_DIR}/index.json`, JSON.stringify(index, null, 2));
  await removeStaleValidators(
    path.dirname(indexPath),
    new Set([LOADERS_FILE, ...compiled.map(({entry}) => entry.file)]),
  );
  return index;
}

/** The module of the validators' loaders, beside them. */
export const LOADERS_FILE = 'loaders.js';

/**
 * One lazy `import()` per validator file, each its own chunk named `validator-<file>` (the dot a
 * dash): static requests with their own chunk names, which webpack and Rspack both honour, where a
 * context over the folder loses them under Rspack (and lists each file under two keys).
 */
export function validatorLoaders(files: readonly string[]): string {
  const lines = files.map((file) => {
    const chunk = `validator-${file.replace(/[^\w-]/g, '-')}`;
    return `  ${JSON.stringify(file)}: () => import(/* webpackChunkName: ${JSON.stringify(chunk)} */ ${JSON.stringify(`./${file}`)}),`;
  });
  return `// Written by the api-reference plugin (plugins/api-reference/validator/index.ts).\nexport default {\n${lines.join('\n')}\n};\n`;
}

/** Validators of targets that no longer exist would still be bundled: remove them. */
async function removeStaleValidators(folder: string, keep: Set<string>): Promise<void> {
  let files: string[];
  try {
    files = await readdir(folder);
  } catch {
    return;
  }
  await Promise.all(
    files
      .filter((file) => file.endsWith('.js') && !keep.has(file))
      .map((file) => rm(path.join(folder, file), {force: true})),
  );
}
