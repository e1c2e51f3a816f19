/**
 * The helper every test takes the product's models from (tests/helpers/specModels.ts): loaded once
 * per file, the same objects for every caller, and frozen, so a test or the code under test that
 * writes into them fails where it writes instead of changing what the next test sees.
 */
import {describe, expect, it} from 'vitest';
import {SPECS, specModels, specRest, specWs} from '../../helpers/specModels';

describe('specModels', () => {
  it('loads each document once: every caller gets the same objects', async () => {
    const [all, rest, ws] = await Promise.all([specModels(), specRest(), specWs()]);
    expect(all.rest).toBe(rest.rest);
    expect(all.openapi).toBe(rest.openapi);
    expect(all.ws).toBe(ws.ws);
    expect((await specModels()).rest).toBe(all.rest);
    expect(SPECS.openapi).toMatch(/openapi\.yaml$/);
  });

  it('freezes the models and documents, deep down', async () => {
    const {rest, ws, openapi} = await specModels();
    expect(() => {
      (rest as {title: string}).title = 'changed';
    }).toThrow(TypeError);
    const operation = rest.tags[0]?.operations[0];
    expect(operation).toBeDefined();
    expect(Object.isFrozen(operation)).toBe(true);
    expect(Object.isFrozen(operation?.responses[0])).toBe(true);
    expect(Object.isFrozen(ws.channels[0]?.messages[0])).toBe(true);
    expect(Object.isFrozen(openapi.paths)).toBe(true);
    // A test that needs to change one works on a copy, which is not frozen.
    const copy = structuredClone(rest);
    copy.title = 'changed';
    expect(copy.title).toBe('changed');
  });
});
