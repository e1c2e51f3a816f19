/**
 * Code as the client build ships it: Docusaurus compiles the browser's code with SWC
 * (`future.faster.swcJsLoader` in docusaurus.config.ts), down to the browsers package.json names,
 * with the options @docusaurus/faster gives its loader. Compiled code can mean something other
 * than its source (Babel's loose preset-env, used before, turned a spread Set or Map into `[set]`).
 * A test that must hold for the shipped code compiles the source the same way, with this, and
 * imports the result.
 *
 * Each file is compiled into the test's folder at its own place under the project (`src/…` →
 * `<dir>/src/….mjs`); the modules it imports by a relative path or through `@site/` are compiled the
 * same way, and the import rewritten to them. Client code imports no packages, so none is followed.
 */
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(__dirname, '../..');

interface SwcCore {
  transformFileSync(file: string, options: Record<string, unknown>): {code: string};
}

interface Faster {
  getSwcLoaderOptions(options: {isServer: boolean; bundlerName: 'webpack'}): Record<string, unknown>;
}

/** The source file an import names, as TypeScript resolves it. */
function sourceFile(specifier: string): string {
  for (const candidate of [
    specifier,
    `${specifier}.ts`,
    `${specifier}.tsx`,
    path.join(specifier, 'index.ts'),
  ])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  throw new Error(`no TypeScript source for ${specifier}`);
}

/** Compiles client files into `dir` as the client build does; each file once. */
export class ClientCompiler {
  private readonly compiled = new Set<string>();

  constructor(private readonly dir: string) {}

  /** Compiles `file` (absolute, or relative to the project) and what it imports; returns the compiled file. */
  compile(file: string): string {
    const absolute = path.resolve(ROOT, file);
    const relative = path.relative(ROOT, absolute);
    const out = path.join(this.dir, relative.replace(/\.tsx?$/, '.mjs'));
    if (this.compiled.has(absolute)) return out;
    this.compiled.add(absolute);
    // The client bundle's loader options, as @docusaurus/bundler's jsLoader asks for them.
    const options = (require('@docusaurus/faster') as Faster).getSwcLoaderOptions({
      isServer: false,
      bundlerName: 'webpack',
    });
    const result = (
      createRequire(require.resolve('@docusaurus/faster'))('@swc/core') as SwcCore
    ).transformFileSync(absolute, {
      ...options,
      filename: absolute,
      swcrc: false,
    });
    const code = result.code.replace(
      /(\bfrom\s*|\bimport\s*\(?\s*)(['"])(\.\.?\/[^'"]+|@site\/[^'"]+)\2/g,
      (_all, keyword: string, quote: string, specifier: string) => {
        const target = sourceFile(
          specifier.startsWith('@site/')
            ? path.join(ROOT, specifier.slice('@site/'.length))
            : path.resolve(path.dirname(absolute), specifier),
        );
        let link = path.relative(path.dirname(out), this.compile(target)).split(path.sep).join('/');
        if (!link.startsWith('.')) link = `./${link}`;
        return `${keyword}${quote}${link}${quote}`;
      },
    );
    mkdirSync(path.dirname(out), {recursive: true});
    writeFileSync(out, code);
    return out;
  }

  /** The module `file` as the client build compiles it. */
  async import<T>(file: string): Promise<T> {
    return (await import(pathToFileURL(this.compile(file)).href)) as T;
  }
}
