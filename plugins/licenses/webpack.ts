/**
 * The bundler side of the licences page (webpack or Rspack, through the API both share). The page
 * imports `@shipped-licenses/data`, a module (./placeholder.js) whose content is decided only once
 * the CLIENT compilation knows its chunks, i.e. which modules really ship:
 *
 * - client compilation: when its assets are processed (the chunk graph is final, the code is
 *   generated but not yet minified or content-hashed), walk every chunk's modules, map their files
 *   to packages, and write the result into the placeholder's string in the emitted code;
 * - server compilation (SSG): wait, in the same hook, for the client's result and write the same
 *   data into its bundle, so the HTML and the client bundle hold identical data and hydrate
 *   without mismatch.
 *
 * The data is written before the content hashes are computed (the real content hash runs later in
 * the same hook), so file names follow the data. Rspack, unlike webpack, does not let a plugin
 * change a module's source once the chunk graph is built: hence the emitted code, not the module.
 */
import path from 'node:path';
import type {Compilation, Compiler, Module} from 'webpack';
import {groupByLicense, resourcesOfIdentifier, shippedPackages} from './collect';
import type {ApiLicense, LicensesData} from './types';

export const DATA_REQUEST = '@shipped-licenses/data';
/** The module the request resolves to, and the string in it the data replaces. */
export const PLACEHOLDER_FILE = path.join(__dirname, 'placeholder.js');
const PLACEHOLDER = '__SHIPPED_LICENSES_DATA__';
/** The placeholder's string literal as a minifier may have quoted it. */
const PLACEHOLDER_LITERAL = /(["'`])__SHIPPED_LICENSES_DATA__\1/g;
const PLUGIN = 'ShippedLicensesPlugin';

/** One build's hand-over from the client compilation to the server compilation. */
export class ClientResult {
  private settle: {resolve: (d: LicensesData) => void; reject: (e: Error) => void} | null = null;
  readonly promise: Promise<LicensesData>;
  private done = false;

  constructor() {
    this.promise = new Promise<LicensesData>((resolve, reject) => {
      this.settle = {resolve, reject};
    });
    // A rejection nobody waits for (development server: no server compilation) is not an error.
    this.promise.catch(() => undefined);
  }

  resolve(data: LicensesData): void {
    if (this.done) return;
    this.done = true;
    this.settle?.resolve(data);
  }

  reject(error: Error): void {
    if (this.done) return;
    this.done = true;
    this.settle?.reject(error);
  }
}

/** The data as the JavaScript string literal that replaces the placeholder's (read by its JSON.parse). */
export function dataLiteral(data: LicensesData): string {
  // Line and paragraph separators are valid in JSON and in string literals since ES2019; escaped anyway.
  return JSON.stringify(JSON.stringify(data))
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Files of every module in every chunk the compilation emits. */
function shippedFiles(compilation: Compilation): Set<string> {
  const files = new Set<string>();
  const add = (module: Module): void => {
    const inner = (module as Module & {modules?: Iterable<Module>}).modules;
    if (inner !== undefined) {
      for (const m of inner) add(m);
      return;
    }
    const resource = (module as Module & {resource?: unknown}).resource;
    if (typeof resource === 'string') {
      files.add(resource.split('?')[0] ?? resource);
      return;
    }
    for (const file of resourcesOfIdentifier(module.identifier())) files.add(file);
  };
  for (const chunk of compilation.chunks) {
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) add(module);
  }
  return files;
}

export function licensesData(
  files: Iterable<string>,
  api: ApiLicense | null,
  mode: LicensesData['mode'] = 'production',
): LicensesData {
  const packages = shippedPackages(files);
  return {complete: true, mode, api, groups: groupByLicense(packages), packageCount: packages.length};
}

export class ShippedLicensesPlugin {
  constructor(
    private readonly options: {
      role: 'client' | 'server';
      result: ClientResult;
      api: ApiLicense | null;
      timeoutMs?: number;
    },
  ) {}

  apply(compiler: Compiler): void {
    const {RawSource} = compiler.webpack.sources;
    const {role, result, api} = this.options;
    const mode: LicensesData['mode'] = compiler.options.mode === 'development' ? 'development' : 'production';
    const resolve = (compiler.options.resolve ??= {});
    const alias = resolve.alias;
    if (Array.isArray(alias)) alias.push({name: DATA_REQUEST, alias: PLACEHOLDER_FILE});
    else resolve.alias = {...alias, [DATA_REQUEST]: PLACEHOLDER_FILE};

    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // Before minifying (OPTIMIZE_SIZE) and before the real content hash (OPTIMIZE_HASH).
        {name: PLUGIN, stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE},
        async () => {
          let data: LicensesData;
          if (role === 'client') {
            data = licensesData(shippedFiles(compilation), api, mode);
            result.resolve(data);
          } else {
            data = await this.clientData();
          }
          const literal = dataLiteral(data);
          for (const asset of compilation.getAssets()) {
            if (!/\.[cm]?js$/.test(asset.name)) continue;
            const code = asset.source.source().toString();
            if (!code.includes(PLACEHOLDER)) continue;
            compilation.updateAsset(
              asset.name,
              new RawSource(code.replace(PLACEHOLDER_LITERAL, () => literal)),
            );
          }
        },
      );
    });

    if (role === 'client') {
      // Never leave the server compilation waiting for a client that failed.
      compiler.hooks.failed.tap(PLUGIN, (error) => result.reject(error));
      compiler.hooks.done.tap(PLUGIN, (stats) => {
        if (stats.hasErrors()) result.reject(new Error(`${PLUGIN}: the client compilation failed.`));
      });
    }
  }

  /** The server's wait for the client's list, bounded. */
  private async clientData(): Promise<LicensesData> {
    const timeout = this.options.timeoutMs ?? 15 * 60_000;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        this.options.result.promise,
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                new Error(
                  `${PLUGIN}: the client compilation did not report its packages within ${timeout} ms.`,
                ),
              ),
            timeout,
          );
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
