/**
 * emitValidators writes one module per target through createData, plus an index,
 * removes validators of targets that no longer exist, and returns the index the
 * reference pages can use.
 */
import {describe, expect, it} from 'vitest';
import {mkdtempSync, readdirSync, readFileSync, writeFileSync, mkdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {emitValidators} from '../../../plugins/api-reference/validator';
import {openApiWith} from './helpers';

/** createData as Docusaurus implements it: a file under the plugin's data folder. */
function fakeActions(dataDir: string): {createData: (name: string, data: string) => Promise<string>} {
  return {
    createData: async (name, data) => {
      const file = path.join(dataDir, name);
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, data);
      return file;
    },
  };
}

describe('emitValidators', () => {
  it('writes one module per target and the index, and removes stale ones', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'api-reference-'));
    mkdirSync(path.join(dataDir, 'validators'));
    writeFileSync(path.join(dataDir, 'validators', 'rest-gone.js'), 'export const target = "rest:gone";');
    const index = await emitValidators(fakeActions(dataDir), {
      openapi: openApiWith({
        createThing: {type: 'object', required: ['name']},
        upload: {type: 'string', pattern: '('},
      }),
      asyncapi: null,
    });
    expect(Object.keys(index)).toEqual(['rest:createThing', 'rest:upload']);
    expect(index['rest:createThing']).toMatchObject({
      file: 'rest-createThing.js',
      status: 'ready',
      label: 'POST /createThing',
    });
    expect(index['rest:upload']).toMatchObject({file: 'rest-upload.js', status: 'unavailable'});
    expect(index['rest:upload']?.reason).toMatch(/cannot be compiled/);
    expect(readdirSync(path.join(dataDir, 'validators')).sort()).toEqual([
      'index.json',
      'loaders.js',
      'rest-createThing.js',
      'rest-upload.js',
    ]);
    const written = JSON.parse(
      readFileSync(path.join(dataDir, 'validators', 'index.json'), 'utf8'),
    ) as unknown;
    expect(written).toEqual(index);
    expect(readFileSync(path.join(dataDir, 'validators', 'rest-upload.js'), 'utf8')).toMatch(
      /^export const unavailable = /m,
    );
  });

  it('writes the folder even when there is nothing to validate', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'api-reference-'));
    const index = await emitValidators(fakeActions(dataDir), {openapi: openApiWith({}), asyncapi: null});
    expect(index).toEqual({});
    expect(readdirSync(path.join(dataDir, 'validators')).sort()).toEqual(['index.json', 'loaders.js']);
  });
});
