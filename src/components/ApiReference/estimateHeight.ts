import type {CSSProperties} from 'react';

/**
 * A rough rendered height, in CSS pixels at desktop width, of an operation or a
 * message, from what its view holds. It is only the placeholder size the
 * browser uses for a section it has not laid out yet (content-visibility:
 * auto): a good guess keeps the scrollbar honest and the page from jumping
 * when the section is reached. Coefficients were fitted on /rest and /docs/ws
 * (within about 10% for most sections); the real height replaces the guess as
 * soon as a section has been on screen.
 */
export function estimateHeight(view: object, base: number): number {
  let nodes = 0;
  let descriptionChars = 0;
  let codeLines = 0;
  const walk = (value: unknown, key: string): void => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, key);
      return;
    }
    if (typeof value === 'string') {
      if (key === 'description') descriptionChars += value.length;
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    // A schema node: one row of the schema view.
    if (typeof record.type === 'string') nodes += 1;
    // An example: one line of code per line of JSON.
    if (key === 'examples' && typeof record.value === 'string') codeLines += record.value.split('\n').length;
    for (const [k, v] of Object.entries(record)) {
      // Only the first code sample shows; the others are hidden tabs.
      if (k === 'samples') continue;
      walk(v, k);
    }
  };
  walk(view, '');
  const samples = (view as {samples?: {code: string}[]}).samples;
  codeLines += samples?.[0]?.code.split('\n').length ?? 0;
  return Math.round(base + 90 * nodes + 0.5 * descriptionChars + 20 * codeLines);
}

/** The inline style that gives a deferred section (deferredLayout.module.css) its estimated height. */
export function estimatedHeightStyle(px: number): CSSProperties {
  return {'--estimated-height': `${px}px`} as CSSProperties;
}
