/**
 * locate(): a pointer followed through `$ref`s as the reference reads the document, keywords
 * written beside a `$ref` laid over its target (OpenAPI 3.1 / JSON Schema 2020-12).
 */
import {describe, expect, it} from 'vitest';
import {locate} from '../../../plugins/api-reference/document/pointer';

const doc = {
  components: {
    schemas: {
      Ref: {type: 'string', maxLength: 100, description: 'A reference.'},
      Alias: {$ref: '#/components/schemas/Ref', description: 'An alias.'},
      Order: {
        type: 'object',
        properties: {
          plain: {$ref: '#/components/schemas/Ref'},
          narrowed: {$ref: '#/components/schemas/Ref', maxLength: 20},
          aliased: {$ref: '#/components/schemas/Alias', deprecated: true},
          broken: {$ref: '#/components/schemas/Missing'},
          remote: {$ref: 'other.yaml#/Ref'},
        },
      },
      Loop: {$ref: '#/components/schemas/Loop'},
    },
  },
};

describe('locate', () => {
  it('a `$ref` alone: its target, where the target is written', () => {
    expect(locate(doc, '/components/schemas/Order/properties/plain')).toEqual({
      node: doc.components.schemas.Ref,
      pointer: '/components/schemas/Ref',
    });
  });

  it('keywords beside a `$ref` override the target, and the node is where they are written', () => {
    expect(locate(doc, '/components/schemas/Order/properties/narrowed')).toEqual({
      node: {type: 'string', maxLength: 20, description: 'A reference.'},
      pointer: '/components/schemas/Order/properties/narrowed',
    });
  });

  it('through a chain: the nearer holder wins, every holder counts', () => {
    expect(locate(doc, '/components/schemas/Order/properties/aliased')?.node).toEqual({
      type: 'string',
      maxLength: 100,
      description: 'An alias.',
      deprecated: true,
    });
  });

  it('a keyword of a laid-over node is found where it is written: beside the `$ref` or in its target', () => {
    expect(locate(doc, '/components/schemas/Order/properties/narrowed/maxLength')).toEqual({
      node: 20,
      pointer: '/components/schemas/Order/properties/narrowed/maxLength',
    });
    expect(locate(doc, '/components/schemas/Order/properties/narrowed/description')).toEqual({
      node: 'A reference.',
      pointer: '/components/schemas/Ref/description',
    });
    expect(locate(doc, '/components/schemas/Order/properties/aliased/description')?.pointer).toBe(
      '/components/schemas/Alias/description',
    );
  });

  it('nothing for a missing node, a broken or remote reference, or a loop', () => {
    expect(locate(doc, '/components/schemas/Nope')).toBeUndefined();
    expect(locate(doc, '/components/schemas/Order/properties/broken')).toBeUndefined();
    expect(locate(doc, '/components/schemas/Order/properties/remote')).toBeUndefined();
    expect(locate(doc, '/components/schemas/Loop')).toBeUndefined();
    expect(locate(doc, 'no-slash')).toBeUndefined();
  });
});
