import {describe, expect, it} from 'vitest';
import {rulesNotInDescription} from '../../../plugins/api-reference/client/rules';

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
