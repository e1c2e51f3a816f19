import path from 'node:path';
/** The plugin's options are checked when the config loads: a wrong one fails at once, naming the option. */
import {describe, expect, it} from 'vitest';
import {normalizeOptions} from '../../../plugins/api-reference/options';
import {absoluteSpecPaths, siteRelativeSpecPaths} from '../../../plugins/api-reference/identity';

const specPaths = {openapi: '/site/specs/openapi.yaml', asyncapi: '/site/specs/asyncapi.yaml'};

describe('api-reference plugin options', () => {
  it('accepts the two document paths, with the default plugin id unless one is given', () => {
    expect(normalizeOptions({specPaths})).toEqual({specPaths, id: 'default'});
    expect(normalizeOptions({specPaths, id: 'default'})).toEqual({specPaths, id: 'default'});
  });

  it('refuses a missing or empty document path, naming it', () => {
    expect(() => normalizeOptions({})).toThrow('`specPaths` must be {openapi, asyncapi}');
    expect(() => normalizeOptions({specPaths: {openapi: specPaths.openapi}})).toThrow('`specPaths.asyncapi`');
    expect(() => normalizeOptions({specPaths: {...specPaths, openapi: ''}})).toThrow('`specPaths.openapi`');
  });

  it('refuses options it does not know (the removed `identity` among them)', () => {
    expect(() => normalizeOptions({specPaths, identity: {}})).toThrow('unknown option(s) identity');
  });
});

describe('spec paths in the plugin options', () => {
  const site = path.join(path.sep, 'home', 'ci', 'site');
  it('are written relative to the site (the options are shipped in the bundle) and read back absolute', () => {
    const absolute = {
      openapi: path.join(site, 'specs', 'openapi.yaml'),
      asyncapi: path.join(path.sep, 'home', 'ci', 'corpus', 'asyncapi.yml'),
    };
    const relative = siteRelativeSpecPaths(site, absolute);
    expect(relative).toEqual({openapi: 'specs/openapi.yaml', asyncapi: '../corpus/asyncapi.yml'});
    expect(JSON.stringify(relative)).not.toContain(site);
    expect(absoluteSpecPaths(site, relative)).toEqual(absolute);
    // An absolute path given by hand is kept.
    expect(absoluteSpecPaths(site, absolute)).toEqual(absolute);
  });
});
