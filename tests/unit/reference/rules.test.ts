import {describe, expect, it} from 'vitest';
import {constInDescription, rulesNotInDescription} from '../../../plugins/api-reference/client/rules';

describe('rulesNotInDescription', () => {
  it('drops a rule the description already states, ignoring case, markup and backticks', () => {
    expect(
      rulesNotInDescription(
        ['At most 1000 characters', 'Matches the pattern `^[A-Z]+$`'],
        '<p>A plain-text answer of <em>at most</em> 1000\ncharacters.</p>',
      ),
    ).toEqual(['Matches the pattern `^[A-Z]+$`']);
  });

  it('keeps every rule without a description, and looks at every description given', () => {
    expect(rulesNotInDescription(['At most 15 characters'])).toEqual(['At most 15 characters']);
    expect(
      rulesNotInDescription(['At most 15 characters'], undefined, '<p>at most 15 characters</p>'),
    ).toEqual([]);
    expect(rulesNotInDescription(undefined, '<p>x</p>')).toEqual([]);
  });
});

describe('constInDescription', () => {
  it('finds "Always <value>" in the description, a string without its quotes', () => {
    expect(constInDescription('"prices"', '<p>Always prices.</p>')).toBe(true);
    expect(constInDescription('"prices"', undefined, '<p>Always <code>prices</code>.</p>')).toBe(true);
    expect(constInDescription('"BULK_MARKET"', '<p>always `BULK_MARKET` for a bulk order</p>')).toBe(true);
    expect(constInDescription('1', '<p>Always 1.</p>')).toBe(true);
  });

  it('does not take a longer value, another value or a mere mention for the constant', () => {
    expect(constInDescription('"price"', '<p>Always prices.</p>')).toBe(false);
    expect(constInDescription('1', '<p>Always 10.</p>')).toBe(false);
    expect(constInDescription('"prices"', '<p>The prices channel.</p>')).toBe(false);
    expect(constInDescription('"prices"')).toBe(false);
  });
});
