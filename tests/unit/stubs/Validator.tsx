import type {ReactNode} from 'react';

/**
 * The payload validator as the reference tests that render whole pages see it (the `validator-stub`
 * project in vitest.config.ts): a marker naming its target and the example it opens with. The real
 * panel is tested on its own (tests/unit/validator) and in the browser.
 */
export function PayloadValidator({target, example}: {target: string; example?: string}): ReactNode {
  return <div data-test-validator={target} data-example={example ?? ''} />;
}
