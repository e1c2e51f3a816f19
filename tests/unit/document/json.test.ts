/** The document toolkit's JSON readers (plugins/api-reference/document/json.ts). */
import {describe, expect, it} from 'vitest';
import {
  asArray,
  asNumber,
  asObject,
  inlineJson,
  isObject,
  objectsIn,
  prettyJson,
  text,
} from '../../../plugins/api-reference/document';

describe('reading untrusted shapes', () => {
  it('tells objects from lists and null', () => {
    expect(isObject({})).toBe(true);
    expect(isObject([])).toBe(false);
    expect(isObject(null)).toBe(false);
    expect(isObject('a')).toBe(false);
  });

  it('reads what is not an object or a list as an empty one', () => {
    expect(asObject([1])).toEqual({});
    expect(asObject({a: 1})).toEqual({a: 1});
    expect(asArray({0: 'a'})).toEqual([]);
    expect(asArray(['a'])).toEqual(['a']);
  });

  it('keeps only text that says something, and only finite numbers', () => {
    expect(text('  ')).toBeUndefined();
    expect(text(3)).toBeUndefined();
    expect(text(' a ')).toBe(' a ');
    expect(asNumber(Number.NaN)).toBeUndefined();
    expect(asNumber(Infinity)).toBeUndefined();
    expect(asNumber(0)).toBe(0);
  });

  it('writes JSON compactly for prose and indented for examples', () => {
    expect(inlineJson({a: [1, 'b']})).toBe('{"a":[1,"b"]}');
    expect(inlineJson(undefined)).toBe('undefined');
    expect(prettyJson({a: 1})).toBe('{\n  "a": 1\n}');
    expect(prettyJson(undefined)).toBe('');
  });

  it('walks every object once, depth first, including what the caller adds on the way', () => {
    const tree = {id: 'root', children: [{id: 'a', children: [{id: 'a1'}]}, {id: 'b'}]};
    const seen: unknown[] = [];
    for (const node of objectsIn(tree)) {
      seen.push(node.id);
      if (node.id === 'b') node.extra = {id: 'added'};
    }
    expect(seen).toEqual(['root', 'b', 'added', 'a', 'a1']);
  });
});
