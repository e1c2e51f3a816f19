import path from 'node:path';
/** The plugin's options are checked when the config loads: a wrong one fails at once, naming the option. */
import {describe, expect, it} from 'vitest';
import {normalizeOptions} from '../../../plugins/api-reference/options';
import {absoluteSpecPaths, siteRelativeSpecPaths} from '../../../plugins/api-reference/identity';

const specPaths = {openapi: '/site/specs/openapi.yaml', asyncapi: '/site/specs/asyncapi.yaml'};

describe('api-reference plugin options', () => {
  it('accepts the two document paths, with the default plugin id unless one is given', () => {
    expect(normalizeOptions({specPaths})).toEqual({specPaths, id: 'default', references: []});
    expect(normalizeOptions({specPaths, id: 'default'})).toEqual({specPaths, id: 'default', references: []});
  });

  it('takes the other references to render, and refuses one that is incomplete, naming what is missing', () => {
    const reference = {
      id: '1.0.0',
      version: '1.0.0',
      kind: 'release',
      date: null,
      specPaths,
      routes: {
        base: '/releases/1.0.0',
        rest: '/releases/1.0.0/rest',
        ws: '/releases/1.0.0/ws',
        openapi: '/releases/1.0.0/openapi.yaml',
        asyncapi: '/releases/1.0.0/asyncapi.yaml',
      },
    };
    expect(normalizeOptions({specPaths, references: [reference]}).references).toEqual([reference]);
    expect(() => normalizeOptions({specPaths, references: {}})).toThrow('`references` must be a list');
    expect(() => normalizeOptions({specPaths, references: [{...reference, kind: 'old'}]})).toThrow(
      '`references` needs a `kind` of release or next',
    );
    const {routes: _routes, ...withoutRoutes} = reference;
    expect(() => normalizeOptions({specPaths, references: [withoutRoutes]})).toThrow('needs `routes`');
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
