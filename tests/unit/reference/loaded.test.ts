/**
 * One load per build (issue 23): what the api-reference plugin loaded is what the machine-readable
 * files and the licences page use, without reading the file again.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadedDocument, publishLoaded} from '../../../plugins/api-reference/document/loaded';

describe('documents loaded once per build', () => {
  it('a published document is found by any spelling of its path, and only that one', () => {
    const doc = {openapi: '3.1.0', info: {title: 'T', version: '1'}};
    expect(loadedDocument('specs/not-loaded-yet.yaml')).toBeUndefined();
    publishLoaded('specs/../specs/published.yaml', doc);
    expect(loadedDocument(path.resolve('specs/published.yaml'))).toBe(doc);
    expect(loadedDocument('specs/other.yaml')).toBeUndefined();
  });

  it('a new load replaces the previous one (a rebuild after an edit)', () => {
    publishLoaded('specs/edited.yaml', {version: 1});
    publishLoaded('specs/edited.yaml', {version: 2});
    expect(loadedDocument('specs/edited.yaml')).toEqual({version: 2});
  });
});
