/**
 * `counted` (plugins/api-reference/client/counted.ts), the one spelling of a count and its noun
 * that the schema rules, the validator, the integration filter and the session checker share: one
 * is singular, zero and many are plural, and an irregular plural is given.
 */
import {describe, expect, it} from 'vitest';
import {counted} from '../../../plugins/api-reference/client/counted';

describe('counted', () => {
  it('is singular for one only', () => {
    expect(counted(1, 'error')).toBe('1 error');
    expect(counted(0, 'error')).toBe('0 errors');
    expect(counted(2, 'broken rule')).toBe('2 broken rules');
  });

  it('takes an irregular plural', () => {
    expect(counted(1, 'property', 'properties')).toBe('1 property');
    expect(counted(3, 'property', 'properties')).toBe('3 properties');
  });

  it('writes the number as given', () => {
    expect(counted(1.5, 'second')).toBe('1.5 seconds');
  });
});
