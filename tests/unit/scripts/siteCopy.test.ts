/**
 * scripts/shared/siteCopy.ts: a copy gets its own documents, docs and scripts to change, and links
 * plugins/ (the transpile caches are keyed by real path); removing the copy leaves the project whole.
 */
import {existsSync, lstatSync, realpathSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {copySite, LINKED_ENTRIES, SITE_ENTRIES} from '../../../scripts/shared/siteCopy';
import {ROOT} from '../../helpers/scripts';

describe('copySite', () => {
  let site = '';
  beforeAll(() => {
    site = copySite('site-copy-unit-');
  });
  afterAll(() => rmSync(site, {recursive: true, force: true}));

  it('links plugins/ to the project and copies every other entry', () => {
    expect(LINKED_ENTRIES).toEqual(['plugins']);
    for (const entry of SITE_ENTRIES) {
      const linked = lstatSync(path.join(site, entry)).isSymbolicLink();
      expect(linked, entry).toBe(LINKED_ENTRIES.includes(entry));
    }
    expect(realpathSync(path.join(site, 'plugins'))).toBe(realpathSync(path.join(ROOT, 'plugins')));
    expect(realpathSync(path.join(site, 'specs'))).not.toBe(realpathSync(path.join(ROOT, 'specs')));
  });

  it("a change to the copy's documents stays in the copy, and removing the copy keeps the project's plugins", () => {
    const other = copySite('site-copy-unit-');
    writeFileSync(path.join(other, 'specs/openapi.yaml'), 'changed: true\n');
    rmSync(other, {recursive: true, force: true});
    expect(existsSync(other)).toBe(false);
    expect(existsSync(path.join(ROOT, 'plugins/api-reference/index.ts'))).toBe(true);
    expect(lstatSync(path.join(ROOT, 'specs/openapi.yaml')).size).toBeGreaterThan(1000);
  });
});
