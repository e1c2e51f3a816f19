/**
 * Docusaurus prefetches the code of every internal link as soon as the link is
 * on screen: each `<Link>` has its own IntersectionObserver, and the browser
 * delivers all their first callbacks in one task right after hydration. Each
 * call adds a `<link rel="prefetch">` for every chunk of the target route (on a
 * docs page about 140 of them for 20 distinct files), so that one task took
 * 16 to 58 ms on this machine, unthrottled, on every docs page: the largest
 * source of main-thread blocking after main.js itself, and the noisiest.
 *
 * This module keeps Docusaurus's prefetching (same routes, same files, same
 * skip on Save-Data and 2G) and only changes when it happens: each route's
 * prefetch waits for the browser to be idle, and runs a few at a time in
 * slices of a few milliseconds, so none of it blocks a tap or a scroll.
 * Prefetching on hover and touch (`preload`) is untouched, so a link the
 * reader goes for is still fetched at once.
 *
 * The API references are never prefetched: their route data is the whole
 * reference (megabytes for a large document), and every guide links to them.
 * A reader going there hovers or taps the link, which still preloads it.
 */
import type {ClientModule} from '@docusaurus/types';
import {ROUTES} from '@site/plugins/api-reference/client/routes';

type Prefetch = Window['docusaurus']['prefetch'];
/** What a prefetch that ran resolves to (Docusaurus's type: one entry per file hinted). */
type Prefetched = Awaited<Exclude<ReturnType<Prefetch>, false>>;

interface IdleDeadlineLike {
  readonly didTimeout: boolean;
  timeRemaining(): number;
}

export type RequestIdle = (callback: (deadline: IdleDeadlineLike) => void) => void;

/** Longest a queued prefetch waits for an idle period on a page that never idles. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Work done in one idle callback, at most (one route's prefetch takes 1 to 3 ms):
 * an idle period can last 50 ms, and a tap arriving meanwhile would wait for it.
 */
export const IDLE_SLICE_MS = 5;

/**
 * `prefetch` with each call queued until the browser is idle. Calls run in the
 * order they were made, at least one per idle callback and more while the
 * callback has spent under IDLE_SLICE_MS and the idle period has time left;
 * each returns a promise settled like the original call's.
 */
export function deferToIdle(
  prefetch: Prefetch,
  requestIdle: RequestIdle,
  now: () => number = () => performance.now(),
): Prefetch {
  const queue: (() => void)[] = [];
  let scheduled = false;
  const drain = (deadline: IdleDeadlineLike): void => {
    scheduled = false;
    const sliceEnd = now() + IDLE_SLICE_MS;
    let ran = 0;
    while (queue.length > 0 && (ran === 0 || (now() < sliceEnd && deadline.timeRemaining() > 1))) {
      queue.shift()?.();
      ran += 1;
    }
    if (queue.length > 0) schedule();
  };
  const schedule = (): void => {
    if (scheduled) return;
    scheduled = true;
    requestIdle(drain);
  };
  return (routePath) =>
    new Promise<Prefetched>((resolve, reject) => {
      queue.push(() => {
        try {
          const result = prefetch(routePath);
          if (result === false) resolve([]);
          else result.then(resolve, reject);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
      schedule();
    });
}

/** requestIdleCallback where the browser has it, else a short timeout with an 8 ms budget. */
export function browserRequestIdle(win: Window): RequestIdle {
  if (typeof win.requestIdleCallback === 'function') {
    return (callback) => {
      win.requestIdleCallback(callback, {timeout: IDLE_TIMEOUT_MS});
    };
  }
  return (callback) => {
    win.setTimeout(() => {
      const start = Date.now();
      callback({didTimeout: false, timeRemaining: () => Math.max(0, 8 - (Date.now() - start))});
    }, 50);
  };
}

/** Routes whose data is an API reference: /rest, its per-tag pages, /docs/ws. */
export const REFERENCE_ROUTES = [ROUTES.rest, ROUTES.ws] as const;

export function isReferenceRoute(routePath: string): boolean {
  const pathname = routePath.split(/[?#]/)[0]?.replace(/\/$/, '') ?? '';
  return REFERENCE_ROUTES.some((route) => pathname === route || pathname.startsWith(`${route}/`));
}

/** `prefetch` that leaves the references alone (resolving as Docusaurus does when it skips a prefetch). */
export function skipReferences(prefetch: Prefetch): Prefetch {
  return (routePath) => (isReferenceRoute(routePath) ? false : prefetch(routePath));
}

let installed = false;

/**
 * Installed on the first route update: that runs in the commit that hydrates
 * the page, the same commit in which each Link starts observing, and an
 * observer's first callback comes only after it, so no prefetch is missed.
 */
const clientModule: ClientModule = {
  onRouteDidUpdate() {
    if (installed || typeof window === 'undefined') return;
    installed = true;
    const original = window.docusaurus;
    window.docusaurus = {
      ...original,
      prefetch: deferToIdle(skipReferences(original.prefetch), browserRequestIdle(window)),
    };
  },
};

export default clientModule;
