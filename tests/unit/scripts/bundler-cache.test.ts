/**
 * A build whose bundler dies restoring its persistent cache gets one more run without the cache
 * (scripts/build/bundlerCache.ts); nothing else is retried.
 */
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {buildRecoveringCache, bundlerCacheOf, type Ended} from '../../../scripts/build/bundlerCache';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, {recursive: true, force: true});
});

/** A site folder with a bundler cache holding one file, or none. */
function site(withCache: boolean): {cache: string} {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundler-cache-'));
  made.push(dir);
  const cache = bundlerCacheOf(dir);
  if (withCache) {
    mkdirSync(cache, {recursive: true});
    writeFileSync(path.join(cache, 'meta.pack'), 'cached');
  }
  return {cache};
}

/** A build that ends as `ends` says, one run after another, recording whether `cache` was there at each. */
function builds(cache: string, ...ends: Ended[]): {build: () => Ended; runs: boolean[]} {
  const runs: boolean[] = [];
  const build = (): Ended => {
    runs.push(existsSync(cache));
    const end = ends[runs.length - 1];
    if (end === undefined) throw new Error('built more often than expected');
    return end;
  };
  return {build, runs};
}

const ok: Ended = {status: 0, signal: null};
const aborted: Ended = {status: null, signal: 'SIGABRT'};

describe('a bundler that dies restoring its cache', () => {
  it('is run once more without the cache, and says why', () => {
    const {cache} = site(true);
    const fake = builds(cache, aborted, ok);
    const said: string[] = [];
    const {result, recovered} = buildRecoveringCache(cache, fake.build, (m) => said.push(m));
    expect(result).toEqual(ok);
    expect(recovered).toBe(true);
    expect(fake.runs, 'the first run had the cache, the second none').toEqual([true, false]);
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('The bundler aborted (SIGABRT) with a persistent cache');
    expect(said[0]).toContain('the cache was emptied, and the site is built again from nothing');
  });

  it('a second abort is the result: no third run', () => {
    const {cache} = site(true);
    const {result, recovered} = buildRecoveringCache(cache, builds(cache, aborted, aborted).build, () => {});
    expect(result).toEqual(aborted);
    expect(recovered).toBe(true);
  });

  it('nothing else is retried: a failed build, an abort without a cache, another signal', () => {
    for (const [withCache, end] of [
      [true, {status: 1, signal: null}],
      [false, aborted],
      [true, {status: null, signal: 'SIGKILL'}],
    ] as const) {
      const {cache} = site(withCache);
      const said: string[] = [];
      const {result, recovered} = buildRecoveringCache(cache, builds(cache, end).build, (m) => said.push(m));
      expect(result).toEqual(end);
      expect(recovered).toBe(false);
      expect(said).toEqual([]);
      expect(existsSync(cache), 'the cache is left as it was').toBe(withCache);
    }
  });

  it('the cache is where Docusaurus Faster has Rspack keep it', () => {
    expect(bundlerCacheOf('/site')).toBe(path.join('/site', 'node_modules/.cache/rspack'));
  });
});
