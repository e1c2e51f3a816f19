/**
 * Waits until a page has rendered what a resize or a click started, for the tests that open pages
 * (tests/e2e, tests/sites): two animation frames (React's re-render and its layout), then every
 * running animation or transition to its end (axe's colour contrast would otherwise read
 * half-faded text).
 */
import type {Page} from '@playwright/test';

export async function untilSettled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  // Settled, not all: an animation cancelled meanwhile (a transition replaced by the next one)
  // rejects its `finished` with an AbortError, and what replaced it is in the list no longer.
  await page.evaluate(async () => {
    await Promise.allSettled(document.getAnimations().map((a) => a.finished));
  });
}
