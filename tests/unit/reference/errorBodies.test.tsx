/**
 * Error bodies several error responses share are described once per page
 * (plugins/api-reference/openapi/errorBodies.ts): what is shared, what stays where it
 * is, and that every response still leads to every field of its body.
 */
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import type {Json, JsonObject} from '../../../plugins/api-reference/document';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {pageOperations} from '../../../plugins/api-reference/openapi/errorBodies';
import {identityFromDocuments} from '../../../plugins/api-reference/identity';
import type {RestModel, SchemaNode} from '../../../plugins/api-reference/types';
import RestPage from '../../../src/components/ApiReference/RestPage';
import {specRest} from '../../helpers/specModels';
import {walkNodes} from './helpers';

const errorSchema = {
  type: 'object',
  title: 'Error',
  required: ['code'],
  properties: {code: {type: 'string', description: 'What went wrong.'}, at: {type: 'string'}},
};
/** Another schema with the same title: equal titles must not make two bodies one. */
const otherError = {
  type: 'object',
  title: 'Error',
  properties: {reason: {type: 'string'}},
};
const json = (schema: Json): JsonObject => ({content: {'application/json': {schema}}});

function op(id: string, responses: Record<string, Json>): JsonObject {
  return {operationId: id, summary: `Do ${id}`, responses: {'200': {description: 'OK'}, ...responses}};
}

const doc: Json = {
  openapi: '3.1.0',
  info: {title: 'Errors fixture', version: '1'},
  components: {schemas: {Error: errorSchema}},
  paths: {
    '/a': {
      get: op('getA', {
        '401': {description: 'Unauthorized', ...json({$ref: '#/components/schemas/Error'})},
        '500': {description: 'Boom', content: {'text/plain': {schema: {type: 'string'}}}},
      }),
    },
    '/b': {
      // The same schema written out inline: the same content is one body.
      get: op('getB', {'404': {description: 'Not found', ...json(errorSchema)}}),
      post: op('postB', {
        '422': {description: 'Used once', ...json(otherError)},
        '500': {description: 'Boom', content: {'text/plain': {schema: {type: 'string'}}}},
      }),
    },
    '/c': {
      get: op('getC', {
        // A success body equal to the error body is never moved.
        '201': {description: 'Created', ...json(errorSchema)},
        '409': {description: 'Conflict', ...json(otherError)},
        default: {description: 'Anything else', ...json({$ref: '#/components/schemas/Error'})},
      }),
    },
  },
};

function responsesOf(model: RestModel) {
  return pageOperations(model).flatMap((o) => o.responses.map((r) => ({op: o.id, ...r})));
}

function anchors(node: SchemaNode): string[] {
  const out: string[] = [];
  walkNodes(node, (n) => {
    if (n.id !== undefined) out.push(n.id);
  });
  return out;
}

describe('shared error bodies', () => {
  const model = buildRestModel(doc);

  it('describes a body once when two or more error responses have it, field for field', () => {
    const bodies = model.errorBodies ?? [];
    expect(bodies.map((b) => [b.id, b.title, b.usedBy.map((u) => u.id)])).toEqual([
      ['error-body-error', 'Error', ['getA.response-401', 'getB.response-404', 'getC.response-default']],
      ['error-body-error~2', 'Error', ['postB.response-422', 'getC.response-409']],
    ]);
    expect(bodies[0]?.usedBy[0]?.label).toBe('Do getA (401)');
    // The body's fields are anchored under the body, no longer under one of its responses.
    const [first] = bodies;
    expect(first && anchors(first.schema)).toEqual(['error-body-error.code', 'error-body-error.at']);
    const fields = first?.schema.fields ?? [];
    expect(fields.map((f) => [f.name, f.required ?? false, f.description])).toEqual([
      ['code', true, expect.stringContaining('What went wrong.')],
      ['at', false, undefined],
    ]);
  });

  it('leaves success bodies and scalar error bodies where they are', () => {
    const all = responsesOf(model);
    const created = all.find((r) => r.id === 'getC.response-201');
    expect(created?.contents[0]?.shared).toBeUndefined();
    expect(created?.contents[0]?.schema?.fields?.map((f) => f.id)).toEqual([
      'getC.response-201.code',
      'getC.response-201.at',
    ]);
    for (const id of ['getA.response-500', 'postB.response-500']) {
      const plain = all.find((r) => r.id === id)?.contents[0];
      expect(plain?.shared, id).toBeUndefined();
      expect(plain?.schema?.type, id).toBe('string');
    }
  });

  it('gives each sharing response a link instead of the schema, and keeps its description and media type', () => {
    for (const body of model.errorBodies ?? []) {
      for (const use of body.usedBy) {
        const response = responsesOf(model).find((r) => r.id === use.id);
        expect(response?.contents.map((m) => [m.mediaType, m.shared?.id, m.schema])).toEqual([
          ['application/json', body.id, undefined],
        ]);
        expect(response?.description).toBeDefined();
      }
    }
  });

  it('renders the link, the section and its TOC entries, with every anchor resolving', () => {
    const html = renderToStaticMarkup(<RestPage model={model} identity={identityFromDocuments(doc, null)} />);
    expect(html).toMatch(/<h2[^>]* id="error-bodies"[^>]*>Error bodies/);
    expect(html).toMatch(/Body: <a href="#error-body-error">Error<\/a>/);
    expect(model.toc.filter((t) => t.id.startsWith('error-bod')).map((t) => [t.level, t.id])).toEqual([
      [2, 'error-bodies'],
      [3, 'error-body-error'],
      [3, 'error-body-error~2'],
    ]);
    const ids = new Set([...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
    const hrefs = [...html.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(hrefs).toContain('error-body-error');
    expect(hrefs).toContain('getC.response-default');
    expect(hrefs.filter((h) => !ids.has(h))).toEqual([]);
    expect([...html.matchAll(/ id="([^"]+)"/g)].length).toBe(ids.size);
  });
});

describe('the product document', async () => {
  const {rest: model} = await specRest();

  it('shares its repeated error bodies and nothing else', () => {
    const bodies = model.errorBodies ?? [];
    expect(bodies.length).toBeGreaterThan(0);
    const sharing = responsesOf(model).filter((r) => r.contents.some((m) => m.shared !== undefined));
    for (const response of sharing)
      expect(['client-error', 'server-error', 'default']).toContain(response.kind);
    // Every sharing response is listed under its body, and every body has two or more.
    expect(bodies.flatMap((b) => b.usedBy.map((u) => u.id)).sort()).toEqual(sharing.map((r) => r.id).sort());
    for (const body of bodies) expect(body.usedBy.length, body.id).toBeGreaterThanOrEqual(2);
  });
});
