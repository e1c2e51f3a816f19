/**
 * `npm run release` and `npm run release:check` read their command line with parseReleaseArgs
 * (scripts/build/release.ts). A maintainer who forgets the reason of --amend must be told so before
 * anything is written, never have the next option taken as the reason; an unknown option or a stray
 * word is refused with the way to write it.
 */
import {describe, expect, it} from 'vitest';
import {parseReleaseArgs, USAGE} from '../../../scripts/build/release';

describe('parseReleaseArgs', () => {
  it('reads nothing as a plain release', () => {
    expect(parseReleaseArgs([])).toEqual({help: false, check: false});
  });

  it('reads --check and --help', () => {
    expect(parseReleaseArgs(['--check'])).toEqual({help: false, check: true});
    expect(parseReleaseArgs(['--help'])).toEqual({help: true, check: false});
  });

  it('keeps the reason of an amendment whole, spaces and punctuation included', () => {
    expect(parseReleaseArgs(['--amend', 'Fix the maxLength of client_order_id: 36, not 32'])).toEqual({
      help: false,
      check: false,
      amend: 'Fix the maxLength of client_order_id: 36, not 32',
    });
  });

  it('reads --allow-smaller-bump with its reason', () => {
    expect(parseReleaseArgs(['--allow-smaller-bump', 'agreed with the only client'])).toEqual({
      help: false,
      check: false,
      allowSmallerBump: 'agreed with the only client',
    });
  });

  it.each(['--amend', '--allow-smaller-bump'])('says %s needs a reason when it ends the line', (name) => {
    expect(parseReleaseArgs([name])).toEqual({error: `${name} needs a reason: ${name} "<reason>"`});
  });

  it('does not take the next option as the reason of --amend', () => {
    expect(parseReleaseArgs(['--amend', '--check'])).toEqual({
      error: '--amend needs a reason: --amend "<reason>"',
    });
    expect(parseReleaseArgs(['--check', '--allow-smaller-bump', '--help'])).toEqual({
      error: '--allow-smaller-bump needs a reason: --allow-smaller-bump "<reason>"',
    });
  });

  it('refuses an unknown option and says how to give a reason', () => {
    const parsed = parseReleaseArgs(['--ammend', 'typo']);
    expect(parsed).toHaveProperty('error');
    const {error} = parsed as {error: string};
    expect(error).toContain("'--ammend'");
    expect(error).toContain('--amend "<reason>"');
    expect(error).toContain('--help lists all');
  });

  it('refuses a reason given without its option (a stray word)', () => {
    const parsed = parseReleaseArgs(['fix', 'the', 'docs']);
    expect(parsed).toHaveProperty('error');
    expect((parsed as {error: string}).error).toMatch(/argument/i);
  });

  it('refuses a value given to a switch', () => {
    expect(parseReleaseArgs(['--check=yes'])).toHaveProperty('error');
  });

  it('names every option it reads in the usage text', () => {
    for (const option of ['--amend', '--allow-smaller-bump', '--check', '--help', 'npm run release:check']) {
      expect(USAGE).toContain(option);
    }
  });
});
