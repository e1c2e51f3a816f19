/**
 * A named schema that several places of a page share, or that nests deep, is described once per
 * page (plugins/api-reference/schema/describedOnce.ts): each use links to the description, no
 * field or word of the document is lost, old field anchors still lead to their field, release
 * badges survive, and the page planner weighs a described schema once per page.
 */
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {movedAnchorTarget} from '../../../plugins/api-reference/client/anchors';
import type {Json, JsonObject} from '../../../plugins/api-reference/document';
import {buildRestModel, restSchemas} from '../../../plugins/api-reference/openapi/build';
import {PAGE_WEIGHT_LIMIT, planRestPages} from '../../../plugins/api-reference/openapi/pages';
import {restRoutes} from '../../../plugins/api-reference/routes';
import {operationBoxes, restPageBoxes} from '../../../plugins/api-reference/openapi/weight';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {specRest, specWs} from '../../helpers/specModels';
import {describeWsSchemas} from '../../../plugins/api-reference/pageSchemas';
import WsReference from '../../../src/components/ApiReference/WsReference';
import {MAX_INLINE_DEPTH, MIN_SHARED_NODES} from '../../../plugins/api-reference/schema/describedOnce';
import type {RestModel, SchemaNode} from '../../../plugins/api-reference/types';
import RestPage from '../../../src/components/ApiReference/RestPage';
import {walkNodes} from './helpers';

const ref = (name: string): JsonObject => ({$ref: `#/components/schemas/${name}`});
const described = (name: string): string => `The ${name.replace(/_/g, ' ')}, as the platform records it.`;
const strings = (stem: string, count: number): JsonObject =>
  Object.fromEntries(
    Array.from({length: count}, (_, i) => [
      `${stem}_${i + 1}`,
      {type: 'string', description: described(`${stem} ${i + 1}`)},
    ]),
  );

/** An application family as public cloud APIs write it: App embeds AppSpec three times. */
function document(operations = 3): JsonObject {
  const schemas: JsonObject = {
    HealthCheck: {
      type: 'object',
      description: 'How the platform checks a component.',
      properties: strings('check', 8),
    },
    ServiceSpec: {
      type: 'object',
      description: 'One service of the application.',
      properties: {
        id: {type: 'string', readOnly: true, description: 'Assigned by the platform.'},
        ...strings('setting', 24),
        health_check: ref('HealthCheck'),
      },
    },
    AppSpec: {
      type: 'object',
      description: 'The specification of an application.',
      required: ['name'],
      properties: {
        name: {type: 'string', description: 'The name of the application.'},
        ...strings('app', 6),
        services: {type: 'array', items: ref('ServiceSpec')},
      },
    },
    Deployment: {type: 'object', properties: {...strings('deployment', 4), spec: ref('AppSpec')}},
    App: {
      type: 'object',
      properties: {
        ...strings('state', 3),
        spec: ref('AppSpec'),
        active_deployment: ref('Deployment'),
        pending_deployment: ref('Deployment'),
      },
    },
  };
  // A chain of named schemas nine levels deep, used once.
  for (let level = 1; level <= 9; level++)
    schemas[`Level${level}`] = {
      type: 'object',
      properties: {
        [`value_${level}`]: {type: 'string', description: described(`value ${level}`)},
        ...(level < 9 ? {next: ref(`Level${level + 1}`)} : {}),
      },
    };
  const json = (schema: JsonObject): JsonObject => ({'application/json': {schema}});
  const paths: JsonObject = {
    '/levels': {
      get: {
        operationId: 'getLevels',
        tags: ['Levels'],
        responses: {'200': {description: 'The chain.', content: json(ref('Level1'))}},
      },
    },
  };
  for (let i = 0; i < operations; i++) {
    paths[`/apps/${i}`] = {
      get: {
        operationId: `getApp${i}`,
        tags: ['Apps'],
        responses: {'200': {description: 'The application.', content: json(ref('App'))}},
      },
      post: {
        operationId: `updateApp${i}`,
        tags: ['Apps'],
        requestBody: {
          required: true,
          content: json({type: 'object', required: ['spec'], properties: {spec: ref('AppSpec')}}),
        },
        responses: {'200': {description: 'The application.', content: json(ref('App'))}},
      },
    };
  }
  return {openapi: '3.1.0', info: {title: 'Apps', version: '1.0.0'}, paths, components: {schemas}};
}

function roots(page: RestModel): SchemaNode[] {
  return [...restSchemas(page), ...(page.schemas ?? []).map((s) => s.schema)].filter(
    (n): n is SchemaNode => n !== undefined,
  );
}

function html(page: RestModel): string {
  return renderToStaticMarkup(<RestPage model={page} identity={{} as never} />).replaceAll('<!-- -->', '');
}

function ids(markup: string): string[] {
  return [...markup.matchAll(/\sid="([^"]+)"/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));
}

/** Every anchor of a model's schema nodes. */
function fieldIds(model: RestModel): string[] {
  const out: string[] = [];
  for (const root of roots(model)) walkNodes(root, (n) => n.id !== undefined && out.push(n.id));
  return out;
}

describe('a large schema shared by several operations', () => {
  const model = buildRestModel(document() as Json);
  const before = JSON.stringify(model);
  const [route] = restRoutes(model);
  const page = route?.model as RestModel;
  const markup = html(page);

  it('is described once, under "Schemas"; each use keeps its line and links there', () => {
    const titles = (page.schemas ?? []).map((s) => s.title);
    expect(titles).toEqual(expect.arrayContaining(['AppSpec', 'AppSpec, as sent']));
    expect(markup).toMatch(/<h2[^>]*id="schemas"[^>]*>Schemas/);
    for (const schema of page.schemas ?? []) {
      expect(markup).toMatch(new RegExp(`<h3[^>]*id="${schema.id}"`));
      expect(schema.uses).toBeGreaterThanOrEqual(1);
    }
    let uses = 0;
    for (const root of roots(page))
      walkNodes(root, (n) => {
        if (n.describedAt === undefined) return;
        uses += 1;
        expect(n.fields ?? n.items ?? n.groups).toBeUndefined();
        expect(markup).toContain(`href="#${n.describedAt.id}"`);
      });
    expect(uses).toBeGreaterThan(page.schemas?.length ?? 0);
    expect(markup).toContain('Its structure is described once on this page, under');
    // Each field of AppSpec as returned is on the page once.
    const appSpec = page.schemas?.find((s) => s.title === 'AppSpec');
    expect(markup.split(`id="${appSpec?.id}.services"`).length - 1).toBe(1);
  });

  it('makes the page much lighter, with no anchor twice', () => {
    const all = ids(markup);
    expect(new Set(all).size).toBe(all.length);
    // Written out, the page had more than twice the anchored elements (fields above all).
    expect(all.length).toBeLessThan(ids(html(model)).length / 2);
  });

  it('loses no field name and no description of the document', () => {
    const names = new Set<string>();
    for (const root of roots(page)) walkNodes(root, (n) => n.name !== undefined && names.add(n.name));
    const components = (
      document().components as {schemas: Record<string, {properties?: JsonObject; description?: string}>}
    ).schemas;
    for (const [name, schema] of Object.entries(components)) {
      for (const [property, sub] of Object.entries(schema.properties ?? {})) {
        expect(names, `${name}.${property}`).toContain(property);
        const text = (sub as {description?: string}).description;
        if (text !== undefined) expect(markup, `${name}.${property}`).toContain(text);
      }
      if (schema.description !== undefined) expect(markup, name).toContain(schema.description);
    }
  });

  it('every old field anchor still leads to the same field', () => {
    const exists = new Set(ids(markup));
    for (const old of fieldIds(model)) {
      if (exists.has(old)) continue;
      const target = movedAnchorTarget(page.movedAnchors ?? {}, old, (id) => exists.has(id));
      expect(target, old).toBeDefined();
      expect(exists.has(target ?? '')).toBe(true);
      // The same field: the path after the moved part is kept.
      const last = /[.[]([^.[]*)$/.exec(old)?.[1] ?? old;
      expect(target?.endsWith(last), `${old} → ${target}`).toBe(true);
    }
  });

  it('leaves the whole reference model as it was (each page works on its own copy)', () => {
    expect(JSON.stringify(model)).toBe(before);
  });
});

it("names a description as its uses' links read: the schema's title, its anchor the component name", () => {
  const doc = document();
  const appSpec = (doc.components as {schemas: Record<string, JsonObject>}).schemas.AppSpec as JsonObject;
  appSpec.title = 'An application specification';
  const page = restRoutes(buildRestModel(doc as Json))[0]?.model as RestModel;
  const described = page.schemas?.find((s) => s.id === 'schema-AppSpec');
  expect(described?.title).toBe('An application specification');
  const markup = html(page);
  expect(markup).toMatch(/<h3[^>]*id="schema-AppSpec"[^>]*>An application specification</);
  // Each use's title link and its sentence read the same words as the heading they lead to.
  const links = [...markup.matchAll(/<a[^>]*href="#schema-AppSpec"[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);
  expect(links.length).toBeGreaterThan(1);
  expect(new Set(links)).toEqual(new Set(['An application specification']));
});

it('keeps a release badge placed on any use, on the one description', () => {
  const model = buildRestModel(document() as Json);
  // A badge on a field under the second operation's response only.
  const op = model.tags.flatMap((t) => t.operations).find((o) => o.id === 'getApp1');
  let marked: SchemaNode | undefined;
  walkNodes(op?.responses[0]?.contents[0]?.schema, (n) => {
    if (marked === undefined && n.id?.endsWith('.spec.services[].health_check.check_3') === true) marked = n;
  });
  expect(marked).toBeDefined();
  if (marked !== undefined) marked.release = {kind: 'new', version: '9.9.0', href: '/version-history#v9-9-0'};
  const page = restRoutes(model)[0]?.model as RestModel;
  const markup = html(page);
  expect(markup).toContain('New in 9.9.0');
  let onDescription = 0;
  for (const schema of page.schemas ?? [])
    walkNodes(schema.schema, (n) => {
      if (n.release?.version === '9.9.0') onDescription += 1;
    });
  expect(onDescription).toBe(1);
});

it(`describes a named schema nested deeper than ${MAX_INLINE_DEPTH} levels at its name`, () => {
  const page = restRoutes(buildRestModel(document() as Json))[0]?.model as RestModel;
  const depth = (node: SchemaNode | undefined, d = 0): number =>
    node === undefined
      ? d
      : Math.max(
          d,
          ...[...(node.fields ?? []), ...(node.items !== undefined ? [node.items] : [])].map((c) =>
            depth(c, d + 1),
          ),
        );
  for (const root of roots(page)) expect(depth(root)).toBeLessThanOrEqual(MAX_INLINE_DEPTH + 1);
  expect((page.schemas ?? []).map((s) => s.title)).toContain('Level8');
  expect(html(page)).toContain(described('value 9'));
});

it("leaves the product's own reference as it is: nothing there is shared or deep enough", async () => {
  const {rest: whole} = await specRest();
  const routes = restRoutes(whole);
  expect(routes).toHaveLength(1);
  expect(routes[0]?.model).toBe(whole);
  expect(whole.schemas).toBeUndefined();
  // The thresholds sit above what the product has (its largest shared schema is about 30 nodes).
  expect(MIN_SHARED_NODES).toBeGreaterThan(30);
});

describe('page planning', () => {
  it('weighs a described schema once per page, and no page is heavier than the budget', () => {
    const model = buildRestModel(document(30) as Json);
    const ops = model.tags.flatMap((t) => t.operations);
    const writtenOut = ops.reduce((n, op) => n + operationBoxes(op), 0);
    const site = planRestPages(model, '/rest', {onePage: 10, perPage: 30});
    // Written out, the operations would need 1.6 times as many pages or more (12 against 7).
    expect(site.pages.length * 1.6).toBeLessThanOrEqual(Math.ceil(writtenOut / PAGE_WEIGHT_LIMIT));
    for (const planned of site.pages) {
      // Each page is weighed as written, in boxes (elements and runs of text): within the limit,
      // and far inside 20,000 elements.
      expect(restPageBoxes(planned.model), planned.route).toBeLessThanOrEqual(PAGE_WEIGHT_LIMIT);
      const elements = html(planned.model).match(/<[a-z]/g)?.length ?? 0;
      expect(elements, planned.route).toBeLessThanOrEqual(PAGE_WEIGHT_LIMIT / 2);
    }
    const onPages = site.pages.flatMap((p) => p.model.tags.flatMap((t) => t.operations.map((o) => o.id)));
    expect(onPages.sort()).toEqual(ops.map((o) => o.id).sort());
  });
});

describe('movedAnchorTarget', () => {
  const moved = {'getApp.response.200': 'schema-App', 'schema-App.spec': 'schema-AppSpec'};
  const present = new Set(['schema-App', 'schema-AppSpec', 'schema-AppSpec.name', 'getApp']);
  const exists = (id: string): boolean => present.has(id);

  it('follows a field through a description inside another', () => {
    expect(movedAnchorTarget(moved, 'getApp.response.200.spec.name', exists)).toBe('schema-AppSpec.name');
  });
  it('leaves an anchor that exists alone, and one with no moved part', () => {
    expect(movedAnchorTarget(moved, 'schema-AppSpec.name', exists)).toBeUndefined();
    expect(movedAnchorTarget(moved, 'listPets.request.name', exists)).toBeUndefined();
  });
  it('a field the description no longer has: the nearest anchor above it', () => {
    expect(movedAnchorTarget(moved, 'getApp.response.200.spec.gone[].x', exists)).toBe('schema-AppSpec');
  });
  it('does not take a longer name for a moved prefix', () => {
    expect(movedAnchorTarget(moved, 'getApp.response.2000.spec', exists)).toBeUndefined();
  });
});

describe('/docs/ws', () => {
  it("leaves the product's WebSocket reference as it is", async () => {
    const {ws} = await specWs();
    expect(describeWsSchemas(ws)).toBe(ws);
  });

  it('describes once a payload schema that several messages share', () => {
    const schemas = (document().components as {schemas: JsonObject}).schemas;
    const message = (name: string): JsonObject => ({name, payload: ref('AppSpec')});
    const doc = {
      asyncapi: '3.0.0',
      info: {title: 'Apps', version: '1.0.0'},
      channels: {
        apps: {
          address: '/apps',
          messages: {created: message('created'), updated: message('updated'), deleted: message('deleted')},
        },
      },
      operations: {
        receiveApps: {
          action: 'receive',
          channel: {$ref: '#/channels/apps'},
          messages: ['created', 'updated', 'deleted'].map((m) => ({$ref: `#/channels/apps/messages/${m}`})),
        },
      },
      components: {schemas},
    };
    const whole = buildWsModel(doc as Json);
    const page = describeWsSchemas(whole);
    expect((page.schemas ?? []).map((s) => s.title)).toContain('AppSpec');
    expect(page.toc.map((t) => t.id)).toContain('schemas');
    const markup = renderToStaticMarkup(<WsReference model={page} />).replaceAll('<!-- -->', '');
    const all = ids(markup);
    expect(new Set(all).size).toBe(all.length);
    expect(markup).toContain('Its structure is described once on this page, under');
    const exists = new Set(all);
    const old: string[] = [];
    for (const channel of whole.channels)
      for (const m of channel.messages) walkNodes(m.payload, (n) => n.id !== undefined && old.push(n.id));
    expect(old.length).toBeGreaterThan(100);
    for (const id of old)
      if (!exists.has(id))
        expect(
          exists.has(movedAnchorTarget(page.movedAnchors ?? {}, id, (x) => exists.has(x)) ?? ''),
          id,
        ).toBe(true);
  });
});
