/**
 * Runs code samples the way a reader would, one toolchain per language
 * (scripts/samples/toolchains.ts). Compiled languages are built once for all
 * their samples: one Go module with a package per sample and one `go build`,
 * one `javac` run, one `mcs` run. Java and C# samples are fragments: they are
 * wrapped as a reader would (imports, a class, a `Main`); Mono's C# compiler
 * has no top-level statements, so the C# statements go inside an async `Main`.
 * Nothing else in a sample's text changes: the caller rewrites only the host.
 */
import {spawn} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {PYTHON} from '../../scripts/samples/toolchains';

export const ROOT = path.resolve(__dirname, '../..');

export interface Outcome {
  stdout: string;
  stderr: string;
  /** Exit code; null when the harness ended the sample (`until` held) or it timed out. */
  code: number | null;
  timedOut: boolean;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Ends the sample when this holds for its output so far (for samples that listen forever). */
  until?: (stdout: string) => boolean;
  /** Re-checks `until` when something outside the output changes (a mock's record). */
  poll?: (check: () => void) => void;
  timeoutMs?: number;
}

export function run(command: string, args: string[], options: RunOptions = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd ?? ROOT,
      env: {...process.env, ...options.env},
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let ended = false;
    const end = (): void => {
      if (!ended && options.until?.(stdout) === true) {
        ended = true;
        child.kill();
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, options.timeoutMs ?? 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      end();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    options.poll?.(end);
    child.on('error', (error) => {
      stderr += String(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({stdout, stderr, code: ended ? null : code, timedOut});
    });
  });
}

/** Runs jobs with at most `limit` at a time (the machine has two cores). */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next;
      next += 1;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
  return results;
}

export type Language = 'curl' | 'python' | 'javascript' | 'go' | 'java' | 'csharp';

export interface Job {
  /** An identifier-safe key (operation id or message name, unique per language). */
  key: string;
  /** The sample with only its host rewritten. */
  code: string;
}

/** How to run one prepared sample, or why it could not be prepared (a compiler's complaint). */
export type Prepared = {ok: true; command: string; args: string[]} | {ok: false; complaint: string};

function identifier(key: string): string {
  return `Sample_${key.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

function indent(text: string, spaces: number): string {
  const pad = ' '.repeat(spaces);
  return text
    .split('\n')
    .map((line) => (line === '' ? line : `${pad}${line}`))
    .join('\n');
}

/** A Java fragment as its first line says: imports java.net.URI and java.net.http.*, in a main that throws Exception. */
export function wrapJava(key: string, fragment: string): string {
  return [
    'import java.net.URI;',
    'import java.net.http.*;',
    '',
    `public class ${identifier(key)} {`,
    '  public static void main(String[] args) throws Exception {',
    indent(fragment, 4),
    '  }',
    '}',
    '',
  ].join('\n');
}

/**
 * A C# fragment (top-level statements, .NET 6+) as Mono compiles it: its own
 * `using` lines first, the implicit usings of .NET 6 written out, and the
 * statements in an async Main.
 */
export function wrapCSharp(key: string, fragment: string): string {
  const lines = fragment.split('\n');
  const usings = lines.filter((line) => /^using [\w.]+;$/.test(line));
  const statements = lines.filter((line) => !usings.includes(line)).join('\n');
  return [
    'using System;',
    'using System.Net.Http;',
    'using System.Threading.Tasks;',
    ...usings,
    '',
    `namespace ${identifier(key)} {`,
    '  public static class Program {',
    '    public static async Task Main() {',
    indent(statements, 6),
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The compiler's messages about one file: each line naming it and the two after it (source, caret). */
function complaintFor(output: string, file: string): string {
  const lines = output.split('\n');
  const mine = lines.flatMap((line, i) => (line.includes(file) ? lines.slice(i, i + 3) : []));
  return mine.length > 0 ? mine.join('\n') : output;
}

/** Writes and (for compiled languages) builds every job of one language under `dir`. */
export async function prepare(
  language: Language,
  jobs: readonly Job[],
  dir: string,
): Promise<Map<string, Prepared>> {
  const out = new Map<string, Prepared>();
  const root = path.join(dir, language);
  rmSync(root, {recursive: true, force: true});
  mkdirSync(root, {recursive: true});
  const all = (prepared: (job: Job) => Prepared): Map<string, Prepared> => {
    for (const job of jobs) out.set(job.key, prepared(job));
    return out;
  };
  switch (language) {
    case 'curl':
      return all((job) => ({ok: true, command: 'sh', args: ['-c', job.code]}));
    case 'python':
      return all((job) => {
        const file = path.join(root, `${identifier(job.key)}.py`);
        writeFileSync(file, `${job.code}\n`);
        return {ok: true, command: PYTHON, args: [file]};
      });
    case 'javascript':
      return all((job) => {
        // Under the repository, so that `import WebSocket from 'ws'` finds the project's ws.
        const file = path.join(root, `${identifier(job.key)}.mjs`);
        writeFileSync(file, `${job.code}\n`);
        return {ok: true, command: process.execPath, args: [file]};
      });
    case 'go': {
      writeFileSync(path.join(root, 'go.mod'), 'module samples\n\ngo 1.19\n');
      for (const job of jobs) {
        mkdirSync(path.join(root, identifier(job.key)));
        writeFileSync(path.join(root, identifier(job.key), 'main.go'), `${job.code}\n`);
      }
      // Without the symbol table and DWARF (`-s -w`): linking fourteen net/http programs is most of
      // the build, and what each program does is unchanged (8.3 s of CPU time linked as is, 6 s so).
      const built = await run(
        'go',
        ['build', '-ldflags=-s -w', '-o', path.join(root, 'bin') + path.sep, './...'],
        {
          cwd: root,
          env: {GOFLAGS: '-mod=mod', GO111MODULE: 'on'},
          timeoutMs: 180_000,
        },
      );
      return all((job) =>
        built.code === 0
          ? {ok: true, command: path.join(root, 'bin', identifier(job.key)), args: []}
          : {ok: false, complaint: `go build failed:\n${complaintFor(built.stderr, identifier(job.key))}`},
      );
    }
    case 'java': {
      const files = jobs.map((job) => {
        const file = path.join(root, `${identifier(job.key)}.java`);
        writeFileSync(file, wrapJava(job.key, job.code));
        return file;
      });
      const built = await run('javac', ['-d', path.join(root, 'classes'), ...files], {timeoutMs: 180_000});
      return all((job) =>
        built.code === 0
          ? {
              ok: true,
              command: 'java',
              args: [
                '-XX:TieredStopAtLevel=1',
                '-Xshare:auto',
                '-cp',
                path.join(root, 'classes'),
                identifier(job.key),
              ],
            }
          : {ok: false, complaint: `javac failed:\n${complaintFor(built.stderr, identifier(job.key))}`},
      );
    }
    case 'csharp': {
      const files = jobs.map((job) => {
        const file = path.join(root, `${identifier(job.key)}.cs`);
        writeFileSync(file, wrapCSharp(job.key, job.code));
        return file;
      });
      // One executable: a dispatcher picks the sample's Main by name, so mcs runs once. Once the
      // sample has returned, the dispatcher flushes its output and ends the process itself: Mono 6.8,
      // left to end on its own, now and then waits for a thread-pool worker after the last statement
      // (measured 2026-11-28, a sample's HttpClient call run 1,000 times, two at a time: 10 runs took
      // 25 to 58 s to exit, against none with Environment.Exit). A sample that throws still ends
      // with Mono's own report of the exception.
      const runner = path.join(root, 'SampleRunner.cs');
      writeFileSync(
        runner,
        [
          'public static class SampleRunner {',
          '  public static int Main(string[] args) {',
          '    switch (args[0]) {',
          ...jobs.map(
            (job) =>
              `      case "${identifier(job.key)}": ${identifier(job.key)}.Program.Main().GetAwaiter().GetResult(); break;`,
          ),
          '      default: return 2;',
          '    }',
          '    System.Console.Out.Flush();',
          '    System.Console.Error.Flush();',
          '    System.Environment.Exit(0);',
          '    return 0;',
          '  }',
          '}',
          '',
        ].join('\n'),
      );
      const exe = path.join(root, 'samples.exe');
      const built = await run(
        'mcs',
        ['-nologo', '-main:SampleRunner', '-r:System.Net.Http.dll', `-out:${exe}`, ...files, runner],
        {timeoutMs: 180_000},
      );
      return all((job) =>
        built.code === 0
          ? {ok: true, command: 'mono', args: [exe, identifier(job.key)]}
          : {
              ok: false,
              complaint: `mcs failed:\n${complaintFor(built.stdout + built.stderr, identifier(job.key))}`,
            },
      );
    }
  }
}

/** The report of a failing sample: language, operation or message, the exact text run, and what went wrong. */
export function failure(language: string, what: string, code: string, complaint: string): string {
  return [
    `${language} sample of ${what} failed: ${complaint}`,
    `--- the sample as run (only the host rewritten) ---`,
    code,
    `---`,
  ].join('\n');
}

/** A temporary directory under the repository (node_modules/.cache), removed by the caller. */
export function workDir(name: string): string {
  const dir = path.join(ROOT, 'node_modules', '.cache', 'sample-tier', `${name}-${process.pid}`);
  rmSync(dir, {recursive: true, force: true});
  mkdirSync(dir, {recursive: true});
  return dir;
}
