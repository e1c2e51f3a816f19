import {describe, expect, it} from 'vitest';
import {
  deferToIdle,
  IDLE_SLICE_MS,
  isReferenceRoute,
  skipReferences,
  type RequestIdle,
} from '@site/src/clientModules/idlePrefetch';

/** A hand-driven idle scheduler: `idle(ms)` runs the pending callback with that much time left. */
function fakeIdle(): {
  requestIdle: RequestIdle;
  pending: () => number;
  idle: (ms: number, didTimeout?: boolean) => void;
} {
  const callbacks: Parameters<RequestIdle>[0][] = [];
  return {
    requestIdle: (callback) => {
      callbacks.push(callback);
    },
    pending: () => callbacks.length,
    idle: (ms, didTimeout = false) => {
      const callback = callbacks.shift();
      if (callback === undefined) throw new Error('no idle callback pending');
      let left = ms;
      // Each call to timeRemaining() is taken as one prefetch's worth of work: 2 ms.
      callback({didTimeout, timeRemaining: () => ((left -= 2), left + 2)});
    },
  };
}

describe('deferToIdle (link prefetching in idle time)', () => {
  it('prefetches nothing until the browser is idle, then every route in call order', async () => {
    const calls: string[] = [];
    const scheduler = fakeIdle();
    const prefetch = deferToIdle((path) => (calls.push(path), Promise.resolve([])), scheduler.requestIdle);

    const done = ['/docs/intro', '/rest', '/docs/ws'].map((path) => prefetch(path));
    expect(calls).toEqual([]);
    expect(scheduler.pending()).toBe(1);

    scheduler.idle(50);
    expect(calls).toEqual(['/docs/intro', '/rest', '/docs/ws']);
    await expect(Promise.all(done)).resolves.toEqual([[], [], []]);
    expect(scheduler.pending()).toBe(0);
  });

  it('spreads a long queue over several idle periods, at least one route each, even when the period is spent', () => {
    const calls: string[] = [];
    const scheduler = fakeIdle();
    const prefetch = deferToIdle((path) => (calls.push(path), Promise.resolve([])), scheduler.requestIdle);
    for (let i = 0; i < 10; i++) void prefetch(`/page/${i}`);

    scheduler.idle(0, true);
    expect(calls).toEqual(['/page/0']);
    expect(scheduler.pending()).toBe(1);

    scheduler.idle(5);
    expect(calls.length).toBeGreaterThan(1);
    expect(calls.length).toBeLessThan(10);
    while (scheduler.pending() > 0) scheduler.idle(5);
    expect(calls).toEqual(Array.from({length: 10}, (_, i) => `/page/${i}`));
  });

  it("settles each call like Docusaurus's own: false (already fetched, Save-Data) becomes an empty list, a failure stays a failure", async () => {
    const scheduler = fakeIdle();
    const prefetch = deferToIdle((path) => {
      if (path === '/seen') return false;
      if (path === '/throws') throw new Error('no such route');
      return Promise.resolve([undefined]);
    }, scheduler.requestIdle);
    const seen = prefetch('/seen');
    const fresh = prefetch('/fresh');
    const broken = prefetch('/throws');
    scheduler.idle(50);
    await expect(seen).resolves.toEqual([]);
    await expect(fresh).resolves.toEqual([undefined]);
    await expect(broken).rejects.toThrow('no such route');
  });

  it('stops a slice after IDLE_SLICE_MS of prefetching even when the idle period has time left', () => {
    let clock = 0;
    const calls: string[] = [];
    const scheduler = fakeIdle();
    // Each route's prefetch takes 2 ms of this clock.
    const prefetch = deferToIdle(
      (path) => ((clock += 2), calls.push(path), Promise.resolve([])),
      scheduler.requestIdle,
      () => clock,
    );
    for (let i = 0; i < 10; i++) void prefetch(`/page/${i}`);
    scheduler.idle(50);
    expect(calls.length).toBe(Math.ceil(IDLE_SLICE_MS / 2));
    expect(scheduler.pending()).toBe(1);
  });

  it('asks for one idle period at a time, however many links come into view together', () => {
    const scheduler = fakeIdle();
    const prefetch = deferToIdle(() => Promise.resolve([]), scheduler.requestIdle);
    for (let i = 0; i < 20; i++) void prefetch(`/page/${i}`);
    expect(scheduler.pending()).toBe(1);
  });
});

describe('skipReferences (the API references are never prefetched)', () => {
  it('leaves /rest, its per-tag pages and /docs/ws out, and passes every other route on', () => {
    const asked: string[] = [];
    const prefetch = skipReferences((route) => {
      asked.push(route);
      return Promise.resolve([]);
    });
    for (const route of [
      '/rest',
      '/rest/pets',
      '/rest#listPets',
      '/docs/ws',
      '/docs/ws/',
      '/docs/intro',
      '/restaurant',
      '/docs/websockets',
    ])
      void prefetch(route);
    expect(asked).toEqual(['/docs/intro', '/restaurant', '/docs/websockets']);
    expect(isReferenceRoute('/rest?x=1')).toBe(true);
    expect(isReferenceRoute('/docs/wsx')).toBe(false);
  });
});
