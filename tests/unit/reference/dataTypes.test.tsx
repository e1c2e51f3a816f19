/**
 * Field types several fields share are described once per page
 * (plugins/api-reference/schema/dataTypes.ts): what is shared, what stays on the
 * field's line, and that no word of the document is lost on the way.
 */
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {wsSchemas} from '../../../plugins/api-reference/asyncapi/build';
import {identityFromDocuments} from '../../../plugins/api-reference/identity';
import {isObject, type Json, type JsonObject} from '../../../plugins/api-reference/document';
import {markdown} from '../../../plugins/api-reference/markdown';
import {buildRestModel, restSchemas} from '../../../plugins/api-reference/openapi/build';
import type {DataTypeView, SchemaNode} from '../../../plugins/api-reference/types';
import RestPage from '../../../src/components/ApiReference/RestPage';
import {DATA_TYPES_ID} from '../../../src/components/ApiReference/Schema';
import WsReference from '../../../src/components/ApiReference/WsReference';
import {DATA_TYPES_SECTION} from '../../../plugins/api-reference/schema/dataTypes';
import {specModels} from '../../helpers/specModels';
import {walkNodes} from './helpers';

const PRICE_DESCRIPTION = 'A price as a decimal string: digits, then a point and up to eight more digits.';
const schemas: JsonObject = {
  Price: {
    title: 'Price',
    type: 'string',
    description: PRICE_DESCRIPTION,
    pattern: '^[0-9]+(\\.[0-9]{1,8})?$',
    maxLength: 30,
    examples: ['1.5', '65000.25'],
  },
  // Short: one rule reads better on the field's line than behind a link.
  Side: {title: 'Side', type: 'string', enum: ['BUY', 'SELL']},
  // Long enough, but only two fields have it.
  Stamp: {
    title: 'Stamp',
    type: 'string',
    description: 'A UTC timestamp with exactly six fraction digits (microseconds), ending in Z.',
    format: 'date-time',
  },
  // The same title as Price with other content, on fewer fields: stays written out.
  OtherPrice: {
    title: 'Price',
    type: 'string',
    description: 'A price in minor units written as a string of digits, without any decimal point at all.',
    pattern: '^[0-9]+$',
  },
  Quote: {
    title: 'Quote',
    type: 'object',
    properties: {
      bid: {$ref: '#/components/schemas/Price'},
      ask: {$ref: '#/components/schemas/Price'},
      side: {$ref: '#/components/schemas/Side'},
      at: {$ref: '#/components/schemas/Stamp'},
    },
  },
};
const ref = (name: string): Json => ({$ref: `#/components/schemas/${name}`});
const doc: Json = {
  openapi: '3.1.0',
  info: {title: 'Data types fixture', version: '1'},
  components: {schemas},
  paths: {
    '/quote': {
      get: {
        operationId: 'getQuote',
        responses: {'200': {description: 'OK', content: {'application/json': {schema: ref('Quote')}}}},
      },
    },
    '/order': {
      post: {
        operationId: 'createOrder',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  // A description beside $ref (3.1) is the field's own: it stays on the field's line.
                  limit: {$ref: '#/components/schemas/Price', description: 'The limit price.'},
                  side: ref('Side'),
                  minor: ref('OtherPrice'),
                  fee: ref('OtherPrice'),
                  legs: {type: 'array', items: ref('Quote')},
                },
              },
            },
          },
        },
        responses: {'204': {description: 'Placed'}},
      },
    },
  },
};

function nodes(roots: Iterable<SchemaNode | undefined>): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const root of roots) walkNodes(root, (node) => out.push(node));
  return out;
}

describe('shared data types', () => {
  const model = buildRestModel(doc);
  const all = nodes(restSchemas(model));
  const byId = (id: string): SchemaNode | undefined => all.find((node) => node.id === id);

  it('describes a type once when three or more fields have it, with the referenced schema’s description', () => {
    expect(model.dataTypes?.map((type) => [type.id, type.title, type.uses])).toEqual([
      ['data-type-price', 'Price', 5],
    ]);
    const [price] = model.dataTypes ?? [];
    expect(price?.schema).toEqual({
      type: 'string',
      description: `<p>${PRICE_DESCRIPTION}</p>`,
      constraints: expect.arrayContaining([expect.stringContaining('at most 30 characters')]),
      examples: ['"1.5"', '"65000.25"'],
    });
  });

  it('leaves a field its name, type, title link and own description, and nothing of the type', () => {
    for (const id of ['getQuote.response-200.bid', 'createOrder.request.legs[].ask']) {
      const field = byId(id);
      expect(field, id).toMatchObject({name: id.split('.').at(-1), type: 'string', title: 'Price'});
      expect(field?.dataType).toBe('data-type-price');
      for (const key of ['description', 'constraints', 'examples', 'enum'] as const)
        expect(field?.[key], `${id} ${key}`).toBeUndefined();
    }
    const limit = byId('createOrder.request.limit');
    expect(limit?.dataType).toBe('data-type-price');
    expect(limit?.description).toBe('<p>The limit price.</p>');
    // The build-only note on the referenced type's description is gone from every node.
    expect(all.filter((node) => node.typeDescription !== undefined)).toEqual([]);
  });

  it('keeps short types, types on fewer than three fields and a second type with the same title inline', () => {
    expect(byId('createOrder.request.side')).toMatchObject({enum: ['"BUY"', '"SELL"']});
    expect(byId('getQuote.response-200.at')?.description).toContain('six fraction digits');
    for (const id of ['createOrder.request.minor', 'createOrder.request.fee']) {
      expect(byId(id)?.dataType, id).toBeUndefined();
      expect(byId(id)?.constraints, id).toEqual(
        expect.arrayContaining([expect.stringContaining('^[0-9]+$')]),
      );
    }
    for (const node of all)
      if (node.dataType === undefined)
        expect(node.title === 'Price' && node.examples?.includes('"1.5"') === true).toBe(false);
  });

  it('renders the title as a link, and the section with its TOC entries, every anchor resolving', () => {
    expect(DATA_TYPES_ID).toBe(DATA_TYPES_SECTION);
    const html = renderToStaticMarkup(<RestPage model={model} identity={identityFromDocuments(doc, null)} />);
    expect(html).toMatch(/<h2[^>]* id="data-types"[^>]*>Data types/);
    // Five fields link to it by its title (the TOC and the page navigation link to it too).
    expect(html.match(/<a href="#data-type-price" class="[^"]*dataType[^"]*">Price<\/a>/g)).toHaveLength(5);
    expect(html).toMatch(/<h3[^>]* id="data-type-price"[^>]*>Price/);
    expect(html).toContain('The type of 5 fields on this page.');
    expect(model.toc.filter((t) => t.id.startsWith('data-type')).map((t) => [t.level, t.id])).toEqual([
      [2, 'data-types'],
      [3, 'data-type-price'],
    ]);
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    const hrefs = [...html.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(hrefs.filter((href) => !ids.includes(href))).toEqual([]);
  });
});

/** Component schemas some `$ref` uses without a description of its own beside it. */
function plainlyReferenced(node: Json, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(node)) for (const item of node) plainlyReferenced(item, into);
  else if (isObject(node)) {
    if (typeof node.$ref === 'string' && !('description' in node)) into.add(node.$ref);
    for (const value of Object.values(node)) plainlyReferenced(value, into);
  }
  return into;
}

/**
 * Every `description` of a schema in the document, as the page renders it (one paragraph is its
 * element). A component's own description counts where some `$ref` shows it: a description
 * written beside every `$ref` to it replaces it (OpenAPI 3.1), as it did before types were shared.
 */
function schemaDescriptions(document: Json): Set<string> {
  const plain = plainlyReferenced(document);
  const into = new Set<string>();
  const visit = (node: Json, pointer: string): void => {
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${pointer}/${i}`));
    else if (isObject(node)) {
      for (const [key, value] of Object.entries(node)) {
        const component = /^#\/components\/schemas\/[^/]+$/.test(pointer);
        if (key === 'description' && typeof value === 'string' && ('type' in node || '$ref' in node)) {
          if (!component || plain.has(pointer))
            into.add((markdown(value, 5) ?? '').replace(/^<p>([\s\S]*)<\/p>$/, '$1'));
        } else if (key !== 'examples' && key !== 'example') visit(value, `${pointer}/${key}`);
      }
    }
  };
  visit(document, '#');
  return into;
}

function checkTypes(types: DataTypeView[], fields: SchemaNode[], html: string): void {
  expect(types.length).toBeGreaterThan(0);
  for (const type of types) {
    const users = fields.filter((field) => field.dataType === type.id);
    expect(users.length, type.id).toBe(type.uses);
    expect(type.uses, type.id).toBeGreaterThanOrEqual(3);
    expect(html, type.id).toContain(` id="${type.id}"`);
  }
  for (const field of fields.filter((f) => f.dataType !== undefined))
    expect(types.map((type) => type.id)).toContain(field.dataType);
}

describe('the product’s documents', async () => {
  const {openapi, asyncapi, rest, ws} = await specModels();
  const restHtml = renderToStaticMarkup(
    <RestPage model={rest} identity={identityFromDocuments(openapi, null)} />,
  );
  const wsHtml = renderToStaticMarkup(<WsReference model={ws} />);

  it('link every field of a shared type to one description of it, on both pages', () => {
    checkTypes(rest.dataTypes ?? [], nodes(restSchemas(rest)), restHtml);
    checkTypes(ws.dataTypes ?? [], nodes(wsSchemas(ws)), wsHtml);
  });

  it('still show every schema description the documents write, once sharing has moved them', () => {
    for (const [name, document, html] of [
      ['openapi', openapi, restHtml],
      ['asyncapi', asyncapi, wsHtml],
    ] as const) {
      const missing = [...schemaDescriptions(document as Json)].filter(
        (description) => description !== '' && !html.includes(description),
      );
      expect(missing, name).toEqual([]);
    }
  });
});
