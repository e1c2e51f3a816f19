/**
 * The benchmarks' command lines (scripts/bench/options.ts): a misspelt option or a value that is
 * not a positive whole number is refused with its reason, before anything is built or measured.
 * The commands themselves answer `--help` in commands.test.ts, and a bad option there with exit 2.
 */
import {describe, expect, it} from 'vitest';
import {diffBenchOptions} from '../../../scripts/bench/diff';
import {benchOptions} from '../../../scripts/bench/index';
import {wholeNumber, wholeNumbers} from '../../../scripts/bench/options';
import {releasesBenchOptions} from '../../../scripts/bench/releases';

describe('the benchmarks read their command line strictly', () => {
  it('a whole number: the fallback when absent, the number when positive, else the reason', () => {
    expect(wholeNumber('--runs', undefined, 5)).toBe(5);
    expect(wholeNumber('--runs', '9', 5)).toBe(9);
    for (const bad of ['0', '-1', '1.5', 'x', ''])
      expect(() => wholeNumber('--runs', bad, 5)).toThrow(
        `--runs takes a positive whole number; "${bad}" is not one`,
      );
    expect(wholeNumbers('--sizes', '250, 659')).toEqual([250, 659]);
    expect(() => wholeNumbers('--sizes', '250,,659')).toThrow('"" is not one');
  });

  it('npm run bench: --runs and --no-build, defaults 5 runs and a build', () => {
    expect(benchOptions([])).toEqual({help: false, runs: 5, build: true});
    expect(benchOptions(['--runs', '9', '--no-build'])).toEqual({help: false, runs: 9, build: false});
    expect(benchOptions(['--help']).help).toBe(true);
    expect(() => benchOptions(['--run', '9'])).toThrow("Unknown option '--run'");
    expect(() => benchOptions(['--runs', 'many'])).toThrow('--runs takes a positive whole number');
    expect(() => benchOptions(['9'])).toThrow();
  });

  it('npm run bench:diff: a generated document by default, or a given pair, both files or neither', () => {
    expect(diffBenchOptions([])).toEqual({
      help: false,
      count: 340,
      runs: 3,
      baseFile: undefined,
      revisionFile: undefined,
    });
    expect(diffBenchOptions(['--base', 'a.yaml', '--revision', 'b.yaml', '--runs', '1'])).toMatchObject({
      runs: 1,
      baseFile: 'a.yaml',
      revisionFile: 'b.yaml',
    });
    expect(() => diffBenchOptions(['--base', 'a.yaml'])).toThrow('--base and --revision go together');
    expect(() => diffBenchOptions(['--operations', '0'])).toThrow(
      '--operations takes a positive whole number',
    );
    expect(() => diffBenchOptions(['--operation', '20'])).toThrow("Unknown option '--operation'");
  });

  it('npm run bench:releases: --render is all, last-of-each-major or a number of releases', () => {
    expect(releasesBenchOptions([])).toEqual({help: false, releases: 5, runs: 1, render: 'all'});
    expect(releasesBenchOptions(['--render', 'last-of-each-major']).render).toBe('last-of-each-major');
    expect(releasesBenchOptions(['--render', '3', '--releases', '8'])).toMatchObject({
      render: '3',
      releases: 8,
    });
    for (const bad of ['some', '0', '1.5'])
      expect(() => releasesBenchOptions(['--render', bad])).toThrow(
        `--render takes all, last-of-each-major or a number of releases; "${bad}" is none of them`,
      );
    expect(() => releasesBenchOptions(['--releases', 'five'])).toThrow(
      '--releases takes a positive whole number',
    );
  });
});
