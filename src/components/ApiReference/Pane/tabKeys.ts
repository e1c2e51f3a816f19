import type {KeyboardEvent} from 'react';

/**
 * Keyboard for a row of tabs (WAI-ARIA tabs pattern, automatic activation): the arrow keys move to
 * the next or previous tab, wrapping around, Home and End to the first and last. Calls `select`
 * with the tab to show and focus; other keys are left to the browser.
 */
export function onTabKey(
  event: KeyboardEvent<HTMLButtonElement>,
  index: number,
  count: number,
  select: (index: number, focus: boolean) => void,
): void {
  const last = count - 1;
  const keys: Record<string, number> = {
    ArrowRight: index === last ? 0 : index + 1,
    ArrowLeft: index === 0 ? last : index - 1,
    Home: 0,
    End: last,
  };
  const target = keys[event.key];
  if (target === undefined) return;
  event.preventDefault();
  select(target, true);
}
