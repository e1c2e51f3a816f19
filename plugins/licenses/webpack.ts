/**
 * The webpack side of the licences page. The page imports a virtual module
 * (`@shipped-licenses/data`) whose content is decided only once the CLIENT
 * compilation knows its chunks, i.e. which modules really ship:
 *
 * - client compilation: just before module hashes are computed (the chunk graph
 *   is final, nothing has been generated yet), walk every chunk's modules, map
 *   their files to packages, and write the result into the virtual module;
 * - server compilation (SSG): wait (finishModules, an async hook) for the client's
 *   result and write the same content into its copy of the module, so the HTML
 *   and the client bundle hold identical data and hydrate without mismatch.
 *
 * The virtual module is a webpack RawModule: its hash includes its source, so
 * caches and content hashes follow the data.
 */
import {createRequire} from 'node:module';
import type {Compilation, Compiler, Module} from 'webpack';
import {groupByLicense, resourcesOfIdentifier, shippedPackages} from './collect';
import type {ApiLicense, LicensesData} from './types';

/** webpack's RawModule (a module whose source is a string; hashed and cached by that string). */
type RawModuleClass = new (
  source: string,
  identifier: string,
  readableIdentifier: string,
  runtimeRequirements: ReadonlySet<string>,
) => Module & {sourceStr: string};

/**
 * RawModule is not on webpack's public export object (5.x), so load it from the
 * webpack that Docusaurus's bundler uses: the same class the compiler works with.
 */
function loadRawModule(): RawModuleClass {
  const fromBundler = createRequire(require.resolve('@docusaurus/bundler'));
  return fromBundler('webpack/lib/RawModule') as RawModuleClass;
}

export const DATA_REQUEST = '@shipped-licenses/data';
const MODULE_ID = 'shipped-licenses-data';
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

export function moduleSource(data: LicensesData): string {
  return `module.exports = ${JSON.stringify(data)};\n`;
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
    const RawModule = loadRawModule();
    const {RuntimeGlobals} = compiler.webpack;
    const {role, result, api} = this.options;
    const mode: LicensesData['mode'] = compiler.options.mode === 'development' ? 'development' : 'production';
    const placeholder: LicensesData = {complete: false, mode, api, groups: [], packageCount: 0};

    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation, {normalModuleFactory}) => {
      let data: LicensesData | null = null;

      normalModuleFactory.hooks.factorize.tapAsync(PLUGIN, (resolveData, callback) => {
        if (resolveData.request !== DATA_REQUEST) {
          callback();
          return;
        }
        callback(
          null,
          new RawModule(moduleSource(placeholder), MODULE_ID, MODULE_ID, new Set([RuntimeGlobals.module])),
        );
      });

      if (role === 'server') {
        compilation.hooks.finishModules.tapPromise(PLUGIN, async () => {
          const timeout = this.options.timeoutMs ?? 15 * 60_000;
          let timer: NodeJS.Timeout | undefined;
          try {
            data = await Promise.race([
              result.promise,
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
        });
      }

      compilation.hooks.beforeModuleHash.tap(PLUGIN, () => {
        if (role === 'client') {
          data = licensesData(shippedFiles(compilation), api, mode);
          result.resolve(data);
        }
        for (const module of compilation.modules) {
          if (module.identifier() === MODULE_ID && module instanceof RawModule) {
            module.sourceStr = moduleSource(data ?? placeholder);
          }
        }
      });
    });

    if (role === 'client') {
      // Never leave the server compilation waiting for a client that failed.
      compiler.hooks.failed.tap(PLUGIN, (error) => result.reject(error));
      compiler.hooks.done.tap(PLUGIN, (stats) => {
        if (stats.hasErrors()) result.reject(new Error(`${PLUGIN}: the client compilation failed.`));
      });
    }
  }
}
