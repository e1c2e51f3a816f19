/**
 * The validators' loaders module the build writes beside them (plugins/api-reference/validator,
 * `validatorLoaders`): one lazy import per file, each with its own chunk name, so that a reader who
 * opens one panel fetches that validator alone (tests/e2e/validator.spec.ts checks it in Chromium).
 */
import {describe, expect, it} from 'vitest';
import {LOADERS_FILE, validatorLoaders} from '../../../plugins/api-reference/validator';

describe('the validators’ loaders module', () => {
  it('maps each file to an import of it in a chunk named validator-<file>', async () => {
    const source = validatorLoaders(['rest-createBulkOrder.js', 'ws-new_order.js']);
    expect(source.split('\n')).toEqual([
      '// Written by the api-reference plugin (plugins/api-reference/validator/index.ts).',
      'export default {',
      '  "rest-createBulkOrder.js": () => import(/* webpackChunkName: "validator-rest-createBulkOrder-js" */ "./rest-createBulkOrder.js"),',
      '  "ws-new_order.js": () => import(/* webpackChunkName: "validator-ws-new_order-js" */ "./ws-new_order.js"),',
      '};',
      '',
    ]);
    // It is a module whose default export calls import() with each file, as the bundler reads it.
    const requested: string[] = [];
    const body = source.replace('export default', 'return').replaceAll('import(', 'load(');
    const loaders = new Function('load', body)((file: string) => {
      requested.push(file);
      return Promise.resolve({});
    }) as Record<string, () => Promise<unknown>>;
    await loaders['ws-new_order.js']?.();
    expect(requested).toEqual(['./ws-new_order.js']);
    expect(LOADERS_FILE).toBe('loaders.js');
  });

  it('writes a module with no loader when nothing was compiled', () => {
    expect(validatorLoaders([])).toBe(
      '// Written by the api-reference plugin (plugins/api-reference/validator/index.ts).\nexport default {\n\n};\n',
    );
  });
});
