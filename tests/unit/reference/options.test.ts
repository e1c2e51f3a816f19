/** The plugin's options are checked when the config loads: a wrong one fails at once, naming the option. */
import {describe, expect, it} from 'vitest';
import {normalizeOptions} from '../../../plugins/api-reference/options';

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
