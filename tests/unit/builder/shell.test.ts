/** The one shell quoting rule the guides' curl and the request builder's curl share. */
import {execFileSync} from 'node:child_process';
import {describe, expect, it} from 'vitest';
import {shellQuote} from '../../../plugins/api-reference/client/shell';

const AWKWARD = ["it's", 'a b', '$HOME', '`date`', 'x"y', 'back\\slash', 'née', '', "''"];

describe('shellQuote', () => {
  it('gives the shell back exactly the string it quoted', () => {
    for (const value of AWKWARD)
      for (const onlyWhenNeeded of [false, true]) {
        const word = shellQuote(value, {onlyWhenNeeded});
        expect(execFileSync('sh', ['-c', `printf %s ${word}`], {encoding: 'utf8'}), word).toBe(value);
      }
  });

  it('always quotes for the guides; leaves a safe word bare for the builder, as httpsnippet does', () => {
    expect(shellQuote('https://api.example.com/a')).toBe("'https://api.example.com/a'");
    expect(shellQuote('https://api.example.com/a', {onlyWhenNeeded: true})).toBe('https://api.example.com/a');
    expect(shellQuote("it's", {onlyWhenNeeded: true})).toBe("'it'\\''s'");
  });
});
