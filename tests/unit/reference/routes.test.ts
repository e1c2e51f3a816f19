/**
 * The plugin's route list, computed alone (plugins/api-reference/routes.ts): one
 * /rest route for the product's document, an index plus one route per page for a
 * large one, each with its own data file.
 */
import {describe, expect, it} from 'vitest';
import {REST_DATA, restRoutes} from '../../../plugins/api-reference/routes';
import {specRest} from '../../helpers/specModels';

const {rest} = await specRest();

describe('restRoutes', () => {
  it("gives the product's own reference one route, /rest, with the whole model", () => {
    const routes = restRoutes(rest);
    expect(routes).toHaveLength(1);
    expect(routes[0]).toEqual({path: '/rest', dataName: REST_DATA, model: rest});
  });

  it('gives a large document /rest as its index and one route per page, each with its own data file', () => {
    const routes = restRoutes(rest, {onePage: 5, perPage: 2});
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
