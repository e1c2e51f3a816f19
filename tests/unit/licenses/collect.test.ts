/**
 * The pure side of the licences plugin on a fixture node_modules tree:
 * file → package, licence fields, licence files, grouping, module identifiers.
 */
import {runInNewContext} from 'node:vm';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {
  groupByLicense,
  licenseOf,
  packageOfFile,
  resourcesOfIdentifier,
  shippedPackages,
  urlOf,
} from '../../../plugins/licenses/collect';
import {dataLiteral, licensesData} from '../../../plugins/licenses/webpack';

let root = '';
const nm = (...parts: string[]): string => path.join(root, 'node_modules', ...parts);

function write(file: string, content: string): void {
  mkdirSync(path.dirname(file), {recursive: true});
  writeFileSync(file, content);
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'licenses-'));
  write(
    nm('alpha', 'package.json'),
    JSON.stringify({name: 'alpha', version: '1.2.3', license: 'MIT', repository: 'github:acme/alpha'}),
  );
  write(nm('alpha', 'LICENSE'), 'MIT License\r\n\r\nCopyright (c) Acme\r\n');
  write(nm('alpha', 'esm', 'package.json'), JSON.stringify({type: 'module'}));
  write(nm('alpha', 'esm', 'index.js'), '');
  write(nm('alpha', 'lib', 'a.js'), '');
  write(
    nm('@scope', 'beta', 'package.json'),
    JSON.stringify({
      name: '@scope/beta',
      version: '2.0.0',
      licenses: [{type: 'MIT'}, {type: 'Apache-2.0'}],
      homepage: 'https://beta.test',
    }),
  );
  write(nm('@scope', 'beta', 'dist', 'b.js'), '');
  write(
    nm('alpha', 'node_modules', 'gamma', 'package.json'),
    JSON.stringify({
      name: 'gamma',
      version: '0.1.0',
      license: {type: 'ISC'},
      repository: {url: 'git+https://git.test/gamma.git'},
    }),
  );
  write(nm('alpha', 'node_modules', 'gamma', 'LICENCE.md'), 'ISC');
  write(nm('alpha', 'node_modules', 'gamma', 'index.js'), '');
  write(path.join(root, 'src', 'own.js'), '');
});

afterAll(() => {
  rmSync(root, {recursive: true, force: true});
});

describe('packageOfFile', () => {
  it('finds the package root past nested package.json files without a name', () => {
    expect(packageOfFile(nm('alpha', 'esm', 'index.js'))?.name).toBe('alpha');
    expect(packageOfFile(nm('alpha', 'lib', 'a.js'))?.version).toBe('1.2.3');
  });

  it('handles scoped and nested packages, and the site’s own files', () => {
    expect(packageOfFile(nm('@scope', 'beta', 'dist', 'b.js'))?.name).toBe('@scope/beta');
    expect(packageOfFile(nm('alpha', 'node_modules', 'gamma', 'index.js'))?.name).toBe('gamma');
    expect(packageOfFile(path.join(root, 'src', 'own.js'))).toBeNull();
  });
});

describe('licence fields', () => {
  it('reads SPDX strings and converts legacy forms', () => {
    expect(licenseOf({license: 'MIT'})).toBe('MIT');
    expect(licenseOf({license: {type: 'ISC'}})).toBe('ISC');
    expect(licenseOf({licenses: [{type: 'MIT'}, {type: 'Apache-2.0'}]})).toBe('(MIT OR Apache-2.0)');
    expect(licenseOf({})).toBe('UNKNOWN');
  });

  it('turns repository fields into links', () => {
    expect(urlOf({repository: 'github:acme/alpha'})).toBe('https://github.com/acme/alpha');
    expect(urlOf({repository: {url: 'git+https://git.test/gamma.git'}})).toBe('https://git.test/gamma');
    expect(urlOf({homepage: 'https://h.test', repository: 'x/y'})).toBe('https://h.test');
    expect(urlOf({})).toBeNull();
  });
});

describe('shippedPackages and groups', () => {
  it('lists each package once with its licence text, sorted by name', () => {
    const files = [
      nm('alpha', 'lib', 'a.js'),
      nm('alpha', 'esm', 'index.js'),
      nm('@scope', 'beta', 'dist', 'b.js'),
      nm('alpha', 'node_modules', 'gamma', 'index.js'),
      path.join(root, 'src', 'own.js'),
    ];
    const packages = shippedPackages(files);
    expect(packages.map((p) => p.name)).toEqual(['@scope/beta', 'alpha', 'gamma']);
    const alpha = packages.find((p) => p.name === 'alpha');
    expect(alpha?.licenseFile).toBe('LICENSE');
    expect(alpha?.licenseText).toBe('MIT License\n\nCopyright (c) Acme');
    expect(packages.find((p) => p.name === 'gamma')?.licenseFile).toBe('LICENCE.md');
    expect(packages.find((p) => p.name === '@scope/beta')?.licenseText).toBeNull();
    const groups = groupByLicense(packages);
    expect(groups.map((g) => g.license)).toEqual(['(MIT OR Apache-2.0)', 'ISC', 'MIT']);
  });

  it('builds the page data, and the string literal the placeholder module parses it from', () => {
    const data = licensesData([nm('alpha', 'lib', 'a.js')], {name: 'Proprietary', url: null});
    expect(data).toMatchObject({
      complete: true,
      mode: 'production',
      packageCount: 1,
      api: {name: 'Proprietary'},
    });
    expect(licensesData([], null, 'development').mode).toBe('development');
    const literal = dataLiteral({...data, api: {name: 'A\u2028B "quoted"', url: null}});
    expect(literal).toMatch(/^"\{\\"complete\\":true/);
    expect(literal).not.toContain('\u2028');
    // The placeholder module's own reading of it: JSON.parse of the string the literal denotes.
    expect(JSON.parse(runInNewContext(literal) as string)).toEqual({
      ...data,
      api: {name: 'A\u2028B "quoted"', url: null},
    });
  });
});

describe('resourcesOfIdentifier', () => {
  it('takes the file of a loader request, not the loaders', () => {
    const id =
      'css|/site/node_modules/css-loader/dist/cjs.js??ruleSet[1]!/site/node_modules/infima/dist/css/default/default.css|0||||';
    expect(resourcesOfIdentifier(id)).toEqual(['/site/node_modules/infima/dist/css/default/default.css']);
    expect(resourcesOfIdentifier('webpack/runtime/chunk loaded')).toEqual([]);
  });
});
