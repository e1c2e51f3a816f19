/**
 * The plugin's route list, computed alone (plugins/api-reference/routes.ts): one
 * /rest route for the product's document, an index plus one route per page for a
 * large one, each with its own data file.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readDocument} from '../../../plugins/api-reference/identity';
import type {Json} from '../../../plugins/api-reference/document';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {REST_DATA, restRoutes} from '../../../plugins/api-reference/routes';

const ROOT = path.resolve(__dirname, '../../..');
const model = (): ReturnType<typeof buildRestModel> =>
  buildRestModel(readDocument(path.join(ROOT, 'specs/openapi.yaml')) as Json);

describe('restRoutes', () => {
  it("gives the product's own reference one route, /rest, with the whole model", () => {
    const whole = model();
    const routes = restRoutes(whole);
    expect(routes).toHaveLength(1);
    expect(routes[0]).toEqual({path: '/rest', dataName: REST_DATA, model: whole});
  });

  it('gives a large document /rest as its index and one route per page, each with its own data file', () => {
    const routes = restRoutes(model(), {onePage: 5, perPage: 2});
    expect(routes.length).toBeGreaterThan(2);
    expect(routes[0]?.path).toBe('/rest');
    expect(routes[0]?.model.index).toBeDefined();
    for (const route of routes.slice(1)) {
      expect(route.path).toMatch(/^\/rest\/[a-z0-9-]+$/);
      expect(route.model.page?.indexRoute).toBe('/rest');
    }
    expect(new Set(routes.map((r) => r.path)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.dataName)).size).toBe(routes.length);
  });
});
