/** Route modules are @generated/… paths: the absolute path createData returns never reaches the bundle. */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {generatedModule} from '../../../plugins/api-reference/generated';

describe('generatedModule', () => {
  const dir = path.join(path.sep, 'site', '.docusaurus');

  it('gives the file under the generated files folder as an @generated path, with forward slashes', () => {
    expect(generatedModule(dir, path.join(dir, 'api-reference', 'default', 'identity.json'))).toBe(
      '@generated/api-reference/default/identity.json',
    );
  });

  it('refuses a file elsewhere, and the folder itself, naming both', () => {
    expect(() => generatedModule(dir, path.join(path.sep, 'tmp', 'identity.json'))).toThrow(
      /\/tmp\/identity\.json is not a file under Docusaurus's generated files folder \/site\/\.docusaurus/,
    );
    expect(() => generatedModule(dir, dir)).toThrow(/is not a file under/);
  });
});
