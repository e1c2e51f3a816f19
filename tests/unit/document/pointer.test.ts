/**
 * The document toolkit's pointers and `$ref`s (plugins/api-reference/document/pointer.ts):
 * one rule set for every walker of the documents.
 */
import {describe, expect, it} from 'vitest';
import {
  atPointer,
  deref,
  derefAt,
  escapePointerToken,
  MAX_REF_HOPS,
  pointer,
  pointerTokens,
  refName,
  resolveRef,
  tokensOfPointer,
  unescapePointerToken,
} from '../../../plugins/api-reference/document';

const doc = {
  paths: {'/orders/{id}': {get: {summary: 'One order'}}},
  components: {
    schemas: {
      Order: {type: 'object', title: 'Order'},
      Alias: {$ref: '#/components/schemas/Order', description: 'An alias'},
      Twice: {$ref: '#/components/schemas/Alias'},
      'a/b~c': {type: 'string'},
      Broken: {$ref: '#/components/schemas/Nowhere'},
      Remote: {$ref: 'other.yaml#/Order'},
      LoopA: {$ref: '#/components/schemas/LoopB'},
      LoopB: {$ref: '#/components/schemas/LoopA'},
      Self: {$ref: '#/components/schemas/Self'},
    },
  },
  list: ['zero', 'one'],
};

describe('pointer tokens', () => {
  it('escapes "~" before "/" and reads them back (RFC 6901)', () => {
    expect(escapePointerToken('a/b~c')).toBe('a~1b~0c');
    expect(unescapePointerToken('a~1b~0c')).toBe('a/b~c');
    // "~01" is an escaped "~" followed by "1", not a "/".
    expect(unescapePointerToken('~01')).toBe('~1');
    expect(pointer(['paths', '/orders/{id}', 'get'])).toBe('/paths/~1orders~1{id}/get');
  });

  it('splits plain pointers and local references, and refuses what is neither', () => {
    expect(tokensOfPointer('')).toEqual([]);
    expect(tokensOfPointer('/a~1b/c')).toEqual(['a/b', 'c']);
    expect(tokensOfPointer('a/b')).toBeUndefined();
    expect(pointerTokens('#/components/schemas/a~1b~0c')).toEqual(['components', 'schemas', 'a/b~c']);
    expect(pointerTokens('#/components/schemas/A%20B')).toEqual(['components', 'schemas', 'A B']);
    expect(pointerTokens('#Name')).toBeUndefined();
    expect(pointerTokens('other.yaml#/a')).toBeUndefined();
  });

  it('finds nodes by pointer, array indexes as decimal digits only', () => {
    expect(atPointer(doc, '/paths/~1orders~1{id}/get/summary')).toBe('One order');
    expect(atPointer(doc, '/list/1')).toBe('one');
    expect(atPointer(doc, '/list/01')).toBeUndefined();
    expect(atPointer(doc, '/list/length')).toBeUndefined();
    // Inherited properties are not part of the document.
    expect(atPointer(doc, '/components/toString')).toBeUndefined();
    expect(resolveRef(doc, '#/components/schemas/a~1b~0c')).toEqual({type: 'string'});
    expect(resolveRef(doc, 'other.yaml#/Order')).toBeUndefined();
  });

  it('names a reference by its last token, unescaped', () => {
    expect(refName('#/components/schemas/a~1b~0c')).toBe('a/b~c');
    expect(refName('#/components/schemas/A%20B')).toBe('A B');
  });
});

describe('pointers round-trip', () => {
  const keys = ['plain', 'a/b', 'a~b', '~1', '~0~1/', '', ' spaced ', 'ünïcode', '#hash', '%41', '{id}'];

  it.each(keys)('the key %j comes back as written', (key) => {
    const at = pointer(['components', 'schemas', key]);
    expect(tokensOfPointer(at)).toEqual(['components', 'schemas', key]);
    const doc = {components: {schemas: {[key]: {title: key}}}};
    expect(atPointer(doc, at)).toEqual({title: key});
  });

  it('reads a reference percent-encoded in the URI fragment as the key it names', () => {
    const doc = {components: {schemas: {'Order Book': {type: 'object'}, '100%': {type: 'number'}}}};
    expect(resolveRef(doc, '#/components/schemas/Order%20Book')).toEqual({type: 'object'});
    expect(resolveRef(doc, '#/components/schemas/100%25')).toEqual({type: 'number'});
    expect(derefAt(doc, '/components/schemas/100%').node).toEqual({type: 'number'});
  });
});

describe('deref: one rule set for hops, broken references and loops', () => {
  it('gives a node without `$ref` back as it is', () => {
    const node = {type: 'string'};
    expect(deref(doc, node)).toEqual({node, refs: [], holders: []});
    expect(deref(doc, undefined).node).toBeUndefined();
  });

  it('follows a chain to its end and names every reference and holder passed', () => {
    const result = deref(doc, {$ref: '#/components/schemas/Twice'});
    expect(result.node).toBe(doc.components.schemas.Order);
    expect(result.refs).toEqual([
      '#/components/schemas/Twice',
      '#/components/schemas/Alias',
      '#/components/schemas/Order',
    ]);
    expect(result.holders[2]).toBe(doc.components.schemas.Alias);
    expect(result.unresolved).toBeUndefined();
  });

  it('ends a broken or remote reference with no node, saying which reference is missing', () => {
    expect(deref(doc, doc.components.schemas.Broken)).toMatchObject({
      node: undefined,
      unresolved: {ref: '#/components/schemas/Nowhere', reason: 'missing'},
    });
    expect(deref(doc, doc.components.schemas.Remote)).toMatchObject({
      node: undefined,
      unresolved: {ref: 'other.yaml#/Order', reason: 'missing'},
    });
  });

  it('ends a loop with no node, saying where the chain came back', () => {
    expect(deref(doc, doc.components.schemas.LoopA)).toMatchObject({
      node: undefined,
      refs: ['#/components/schemas/LoopB', '#/components/schemas/LoopA'],
      unresolved: {ref: '#/components/schemas/LoopB', reason: 'loop'},
    });
    expect(deref(doc, doc.components.schemas.Self).unresolved?.reason).toBe('loop');
  });

  it(`takes a chain longer than ${MAX_REF_HOPS} references for a loop`, () => {
    const schemas: Record<string, unknown> = {End: {type: 'null'}};
    const chain = (length: number): unknown => {
      for (let i = 0; i < length; i++)
        schemas[`S${i}`] = {
          $ref: i + 1 < length ? `#/components/schemas/S${i + 1}` : '#/components/schemas/End',
        };
      return {components: {schemas}};
    };
    // The reference to S0 is the first hop, then one per schema of the chain.
    const exactly = deref(chain(MAX_REF_HOPS - 1), {$ref: '#/components/schemas/S0'});
    expect(exactly.refs).toHaveLength(MAX_REF_HOPS);
    expect(exactly.node).toEqual({type: 'null'});
    expect(deref(chain(MAX_REF_HOPS), {$ref: '#/components/schemas/S0'}).unresolved?.reason).toBe('loop');
  });
});

describe('derefAt: deref from a place, keeping track of where it went', () => {
  it('gives the pointer of the node reached and the places passed, the last first', () => {
    expect(derefAt(doc, '/components/schemas/Twice')).toEqual({
      node: doc.components.schemas.Order,
      pointer: '/components/schemas/Order',
      via: ['/components/schemas/Alias', '/components/schemas/Twice'],
    });
    expect(derefAt(doc, '/list/0')).toEqual({node: 'zero', pointer: '/list/0', via: []});
  });

  it('stays at the holder of a remote reference, and points at a missing target', () => {
    expect(derefAt(doc, '/components/schemas/Remote')).toEqual({
      node: undefined,
      pointer: '/components/schemas/Remote',
      via: [],
    });
    expect(derefAt(doc, '/components/schemas/Broken')).toEqual({
      node: undefined,
      pointer: '/components/schemas/Nowhere',
      via: ['/components/schemas/Broken'],
    });
  });
});
