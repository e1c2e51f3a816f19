/**
 * The licences plugin inside real webpack compilations (Rspack runs the same plugin API) (plugins/licenses/webpack.ts), on a tiny
 * project: the client compilation lists the packages its chunks ship (not a package nobody
 * imports), the server compilation waits for that list and writes the same data, so the page's
 * HTML and its bundle agree. A client that fails, or never answers, fails the server compilation
 * with a sentence instead of leaving it waiting.
 */
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {runInNewContext} from 'node:vm';
import webpack, {type Compiler, type Configuration, type Stats, type WebpackPluginInstance} from 'webpack';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {LicensesData} from '../../../plugins/licenses/types';
import {ClientResult, DATA_REQUEST, ShippedLicensesPlugin} from '../../../plugins/licenses/webpack';

let root = '';

function write(file: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, file)), {recursive: true});
  writeFileSync(path.join(root, file), content);
}

/** Runs one compilation of `entry` to dist/<name>/main.js; resolves with its stats (errors included). */
function compile(
  name: string,
  entry: string,
  plugin: ShippedLicensesPlugin,
  ...others: WebpackPluginInstance[]
): Promise<Stats> {
  const config: Configuration = {
    context: root,
    mode: 'production',
    target: 'node',
    entry: `./${entry}`,
    output: {path: path.join(root, 'dist', name), filename: 'main.js', library: {type: 'commonjs2'}},
    optimization: {minimize: false},
    infrastructureLogging: {level: 'none'},
    plugins: [plugin, ...others],
  };
  return new Promise((resolve, reject) => {
    const compiler = webpack(config);
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error !== null && error !== undefined) reject(error);
      else if (stats === undefined) reject(new Error(`${name}: no stats`));
      else resolve(stats);
    });
  });
}

/** The licences data a built bundle exports (it exports what it imported from the virtual module). */
function exported(name: string): LicensesData {
  const source = readFileSync(path.join(root, 'dist', name, 'main.js'), 'utf8');
  const sandbox = {module: {exports: {}}, exports: {}};
  runInNewContext(source, sandbox);
  return (sandbox.module.exports as {data: LicensesData}).data;
}

const API = {name: 'Proprietary', url: 'https://example.com/terms'};

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'licenses-webpack-'));
  write('node_modules/alpha/package.json', JSON.stringify({name: 'alpha', version: '1.2.3', license: 'MIT'}));
  write('node_modules/alpha/index.js', "module.exports = 'alpha';");
  write('node_modules/alpha/LICENSE', 'MIT License\n\nCopyright (c) Acme\n');
  write(
    'node_modules/unused/package.json',
    JSON.stringify({name: 'unused', version: '9.0.0', license: 'GPL-3.0'}),
  );
  write('node_modules/unused/index.js', "module.exports = 'unused';");
  write('src/entry.js', `module.exports = {data: require('${DATA_REQUEST}'), alpha: require('alpha')};`);
});

afterAll(() => rmSync(root, {recursive: true, force: true}));

describe('a build: the client compilation, then the server compilation waiting for it', () => {
  it('ships the packages of the client chunks, with their licence text, and the same data in both bundles', async () => {
    const result = new ClientResult();
    const [client, server] = await Promise.all([
      compile('client', 'src/entry.js', new ShippedLicensesPlugin({role: 'client', result, api: API})),
      compile('server', 'src/entry.js', new ShippedLicensesPlugin({role: 'server', result, api: API})),
    ]);
    expect([client.hasErrors(), server.hasErrors()]).toEqual([false, false]);
    const data = exported('client');
    expect(data).toEqual({
      complete: true,
      mode: 'production',
      api: API,
      packageCount: 1,
      groups: [
        {
          license: 'MIT',
          packages: [
            expect.objectContaining({
              name: 'alpha',
              version: '1.2.3',
              licenseFile: 'LICENSE',
              licenseText: 'MIT License\n\nCopyright (c) Acme',
            }),
          ],
        },
      ],
    });
    expect(exported('server')).toEqual(data);
    expect(await result.promise).toEqual(data);
  });
});

describe('when the client does not deliver', () => {
  it('a client compilation that stops on an error fails the server compilation with that error', async () => {
    const result = new ClientResult();
    const diskFull = {
      apply: (compiler: Compiler): void =>
        compiler.hooks.make.tapPromise('DiskFull', () => Promise.reject(new Error('ENOSPC: disk full'))),
    };
    const [client, server] = await Promise.allSettled([
      compile(
        'stopped-client',
        'src/entry.js',
        new ShippedLicensesPlugin({role: 'client', result, api: null}),
        diskFull,
      ),
      compile(
        'stopped-server',
        'src/entry.js',
        new ShippedLicensesPlugin({role: 'server', result, api: null}),
      ),
    ]);
    expect([client.status, server.status]).toEqual(['rejected', 'rejected']);
    // The client's own error (the bundler names the hook it surfaced in).
    expect(server.status === 'rejected' && String(server.reason)).toMatch(/^\w*Error: ENOSPC: disk full$/);
  });

  it('a client that never reports fails the server compilation after the time allowed', async () => {
    const waiting = new ShippedLicensesPlugin({
      role: 'server',
      result: new ClientResult(),
      api: null,
      timeoutMs: 50,
    });
    await expect(compile('waiting-server', 'src/entry.js', waiting)).rejects.toThrow(
      'ShippedLicensesPlugin: the client compilation did not report its packages within 50 ms.',
    );
  });

  it('the hand-over settles once: a later failure does not undo a delivered list', async () => {
    const result = new ClientResult();
    const data: LicensesData = {complete: true, mode: 'development', api: null, groups: [], packageCount: 0};
    result.resolve(data);
    result.reject(new Error('too late'));
    result.resolve({...data, packageCount: 5});
    await expect(result.promise).resolves.toBe(data);
  });
});
