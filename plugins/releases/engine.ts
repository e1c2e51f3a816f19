/**
 * Runs the diff engine: `redocly diff` of @redocly/cli (pinned devDependency,
 * marked experimental upstream), with a config that extends `diff-recommended`
 * (the project's redocly.yaml does not enable the diff rules). Offline: telemetry
 * and update checks are switched off. The engine is a command-line tool with no
 * stable programmatic API, so it runs as a child process on temporary JSON
 * files; the report version it writes is checked, so an upgrade that changes
 * the report fails loudly instead of producing a wrong history.
 *
 * The documents passed in must already be aligned (align.ts).
 */
import {execFile} from 'node:child_process';
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import type {JsonObject} from '../api-reference/document';

const run = promisify(execFile);

/** The engine's report version this project reads (reportVersion of `redocly diff --format json`). */
export const REPORT_VERSION = '1';

export type Impact = 'major' | 'minor' | 'patch';

export interface EngineVerdict {
  ruleId: string;
  impact: Impact;
  message: string;
}

export interface EngineSide {
  pointer?: string;
  value?: unknown;
}

/** One change as the engine reports it: `path` is a JSON pointer into the (dereferenced) revision or base. */
export interface EngineChange {
  path: string;
  typeName?: string;
  kind: 'added' | 'removed' | 'modified';
  impact: Impact;
  property?: string;
  verdicts: EngineVerdict[];
  base?: EngineSide;
  revision?: EngineSide;
}

export interface EngineReport {
  reportVersion: string;
  bump?: Impact | 'none';
  changes: EngineChange[];
}

function cliEntry(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'lib', 'index.js');
}

/** Checks the shape of what the engine wrote; throws a message that names the engine version to check. */
export function readReport(raw: unknown): EngineReport {
  const report = raw as Partial<EngineReport> | null;
  if (report === null || typeof report !== 'object' || !Array.isArray(report.changes)) {
    throw new Error('redocly diff wrote no report (expected a JSON object with "changes")');
  }
  if (report.reportVersion !== REPORT_VERSION) {
    throw new Error(
      `redocly diff wrote report version ${String(report.reportVersion)}; this site reads version ${REPORT_VERSION}. Check the @redocly/cli version pinned in package.json and plugins/releases/diff.ts.`,
    );
  }
  return report as EngineReport;
}

/** Diffs two documents with the engine; both are written as JSON to a temporary folder, removed afterwards. */
export async function runEngine(base: JsonObject, revision: JsonObject): Promise<EngineReport> {
  const dir = await mkdtemp(path.join(tmpdir(), 'releases-diff-'));
  try {
    const files = {
      base: path.join(dir, 'base.json'),
      revision: path.join(dir, 'revision.json'),
      config: path.join(dir, 'redocly.yaml'),
      out: path.join(dir, 'report.json'),
    };
    await Promise.all([
      writeFile(files.base, JSON.stringify(base)),
      writeFile(files.revision, JSON.stringify(revision)),
      writeFile(files.config, 'extends:\n  - diff-recommended\ntelemetry: off\n'),
    ]);
    const args = [
      cliEntry(),
      'diff',
      files.base,
      files.revision,
      '--config',
      files.config,
      '--lint-config',
      'off',
      '--format',
      'json',
      '--output',
      files.out,
      '--fail-on',
      'none',
    ];
    const env = {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      NO_COLOR: '1',
    };
    try {
      await run(process.execPath, args, {cwd: dir, env, timeout: 120_000, maxBuffer: 16 * 1024 * 1024});
    } catch (error) {
      const detail = (error as {stderr?: string; message: string}).stderr ?? (error as Error).message;
      throw new Error(`redocly diff failed: ${detail.trim()}`);
    }
    return readReport(JSON.parse(await readFile(files.out, 'utf8')));
  } finally {
    await rm(dir, {recursive: true, force: true});
  }
}
