/**
 * Large documents are split into an index (/rest) and per-tag pages; the
 * product's own reference stays one page. Nothing is dropped or duplicated, and
 * every operation anchor still resolves from /rest.
 */
import {describe, expect, it} from 'vitest';
import {routeOfAnchor} from '../../../plugins/api-reference/client/anchors';
import {restSchemas} from '../../../plugins/api-reference/openapi/build';
import {PAGE_WEIGHT_LIMIT, planRestPages} from '../../../plugins/api-reference/openapi/pages';
import {operationBoxes} from '../../../plugins/api-reference/openapi/weight';
import type {RestModel} from '../../../plugins/api-reference/types';
import {specRest} from '../../helpers/specModels';
import {walkNodes} from './helpers';

const {rest: whole} = await specRest();
const operationIds = (m: RestModel): string[] =>
  [...m.tags.flatMap((t) => t.operations), ...m.webhooks].map((op) => op.id);

describe('planRestPages', () => {
  it("keeps the product's own reference on one page", () => {
    const site = planRestPages(whole);
    expect(site.pages).toEqual([]);
    expect(site.main).toBe(whole);
  });

  it('above the threshold: an index and per-tag pages, each operation on exactly one page', () => {
    const all = operationIds(whole);
    const site = planRestPages(whole, '/rest', {onePage: 5, perPage: 2});
    expect(operationIds(site.main)).toEqual([]);
    const onPages = site.pages.flatMap((page) => operationIds(page.model));
    expect([...onPages].sort()).toEqual([...all].sort());
    expect(new Set(site.pages.map((p) => p.route)).size).toBe(site.pages.length);
    for (const page of site.pages) {
      expect(operationIds(page.model).length).toBeLessThanOrEqual(2);
      expect(page.route).toMatch(/^\/rest\/[a-z0-9-]+$/);
      expect(page.model.page?.indexRoute).toBe('/rest');
      // The TOC is the page's own: its operations, not the whole document's.
      const bodies = (page.model.errorBodies ?? []).map((b) => b.id);
      const types = (page.model.dataTypes ?? []).map((type) => type.id);
      const sections = [...bodies, ...types];
      expect(
        page.model.toc.filter((t) => t.level === 3 && !sections.includes(t.id)).map((t) => t.id),
      ).toEqual(operationIds(page.model));
      // The shared error bodies on a page are exactly those its own responses link to.
      const linked = new Set(
        page.model.tags.flatMap((t) =>
          t.operations.flatMap((op) =>
            op.responses.flatMap((r) => r.contents.flatMap((m) => m.shared?.id ?? [])),
          ),
        ),
      );
      expect([...bodies].sort()).toEqual([...linked].sort());
      // So are the shared data types: those its own fields (its error bodies' too) link to,
      // each counted with the page's own fields.
      const typeLinks = new Map<string, number>();
      for (const schema of restSchemas(page.model))
        walkNodes(schema, (node) => {
          if (node.dataType !== undefined)
            typeLinks.set(node.dataType, (typeLinks.get(node.dataType) ?? 0) + 1);
        });
      expect([...types].sort()).toEqual([...typeLinks.keys()].sort());
      for (const type of page.model.dataTypes ?? []) expect(type.uses).toBe(typeLinks.get(type.id));
    }
    const index = site.main.index;
    expect(index).toBeDefined();
    const listed = [...(index?.tags ?? []).flatMap((t) => t.operations), ...(index?.webhooks ?? [])];
    expect(listed.map((e) => e.id).sort()).toEqual([...all].sort());
    for (const entry of listed) {
      const page = site.pages.find((p) => p.route === entry.route);
      expect(page && operationIds(page.model), entry.id).toContain(entry.id);
      expect(routeOfAnchor(index?.anchorRoutes ?? {}, entry.id)).toBe(entry.route);
    }
  });

  it('a tag larger than a page is cut into parts that say so', () => {
    const biggest = [...whole.tags].sort((a, b) => b.operations.length - a.operations.length)[0];
    expect(biggest && biggest.operations.length).toBeGreaterThan(2);
    const site = planRestPages(whole, '/rest', {onePage: 5, perPage: 2});
    const parts = site.pages.filter((p) => p.model.tags[0]?.name === biggest?.name);
    expect(parts.length).toBe(Math.ceil((biggest?.operations.length ?? 0) / 2));
    expect(parts[1]?.model.page?.title).toBe(`${biggest?.name} (part 2 of ${parts.length})`);
  });

  it('weighs pages by their markup: a few heavy operations are split too, each part within the weight', () => {
    const ops = whole.tags.flatMap((t) => t.operations);
    const weights = new Map(ops.map((op) => [op.id, operationBoxes(op)]));
    // The product's own reference is far below the limit (it stays one page, see above).
    expect([...weights.values()].reduce((a, b) => a + b, 0)).toBeLessThan(PAGE_WEIGHT_LIMIT);
    // With a limit of the heaviest operation, 14 operations (fewer than onePage) no longer fit on one page.
    const limit = Math.max(...weights.values());
    const site = planRestPages(whole, '/rest', {onePage: 60, perPage: 30, weight: limit});
    expect(site.pages.length).toBeGreaterThan(whole.tags.length);
    const onPages = site.pages.flatMap((page) => operationIds(page.model));
    expect([...onPages].sort()).toEqual(operationIds(whole).sort());
    for (const page of site.pages) {
      const pageWeight = operationIds(page.model).reduce((n, id) => n + (weights.get(id) ?? 0), 0);
      expect(pageWeight).toBeLessThanOrEqual(limit);
    }
    for (const op of ops) expect(routeOfAnchor(site.main.index?.anchorRoutes ?? {}, op.id)).toBeDefined();
  });

  it('field anchors resolve through their operation', () => {
    const routes = {listPets: '/rest/pets', 'a.b': '/rest/x'};
    expect(routeOfAnchor(routes, 'listPets.query.limit')).toBe('/rest/pets');
    expect(routeOfAnchor(routes, 'a.b.c')).toBe('/rest/x');
    expect(routeOfAnchor(routes, 'unknown')).toBeUndefined();
  });
});
