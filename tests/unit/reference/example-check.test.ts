/**
 * The build's check that every example the references show validates where it is shown
 * (plugins/api-reference/exampleCheck.ts), on two small documents: a valid pair passes, an invalid
 * example fails the build for the product's own documents and only warns for others, each line
 * naming the page, the place, the schema pointer and the rule. A view model that disagrees with
 * its document (an operation, parameter, field or data type the document lacks, a sample without
 * its body, an example that is not JSON) is reported in words, never a crash.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {
  checkShownExamples,
  isOwnDocument,
  walkAll,
  type Docs,
} from '../../../plugins/api-reference/exampleCheck';
import type {Json, JsonObject} from '../../../plugins/api-reference/document';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import type {OperationView, RestModel, SchemaNode, WsModel} from '../../../plugins/api-reference/types';

/** An order API: a path parameter, a request body by $ref, a response with a tuple and pattern fields. */
function openapi(bodyExample: Json): JsonObject {
  const order = {
    type: 'object',
    required: ['qty'],
    properties: {qty: {type: 'integer', minimum: 1, examples: [2]}},
  };
  const pair = {
    type: 'array',
    prefixItems: [
      {type: 'string', examples: ['BTC']},
      {type: 'number', examples: [1.5]},
    ],
  };
  const reply = {
    type: 'object',
    patternProperties: {'^x-': {type: 'string', examples: ['a']}},
    properties: {pair},
  };
  return {
    openapi: '3.1.0',
    info: {title: 'T', version: '1'},
    paths: {
      '/orders/{id}': {
        parameters: [{name: 'id', in: 'path', required: true, schema: {type: 'integer'}, example: 5}],
        post: {
          operationId: 'placeOrder',
          requestBody: {
            content: {
              'application/json': {schema: {$ref: '#/components/schemas/Order'}, example: bodyExample},
            },
          },
          responses: {'200': {description: 'OK', content: {'application/json': {schema: reply}}}},
        },
      },
    },
    components: {schemas: {Order: order}},
  };
}

const ASYNCAPI = {
  asyncapi: '3.0.0',
  info: {title: 'T', version: '1'},
  channels: {c: {address: '/c', messages: {tick: {$ref: '#/components/messages/tick'}}}},
  operations: {op: {action: 'receive', channel: {$ref: '#/channels/c'}}},
  components: {
    messages: {tick: {payload: {type: 'object', properties: {n: {type: 'integer', examples: [1]}}}}},
  },
};

/** The documents and fresh models built from them (changed freely by a test). */
function models(bodyExample: Json = {qty: 2}): {docs: Docs; rest: RestModel; ws: WsModel} {
  const docs = {openapi: openapi(bodyExample), asyncapi: structuredClone(ASYNCAPI)};
  return {docs, rest: buildRestModel(docs.openapi), ws: buildWsModel(docs.asyncapi)};
}

function operation(rest: RestModel): OperationView {
  const found = rest.tags[0]?.operations[0];
  if (found === undefined) throw new Error('the model has no operation');
  return found;
}

function responseSchema(rest: RestModel): SchemaNode {
  const schema = operation(rest).responses[0]?.contents[0]?.schema;
  if (schema === undefined) throw new Error('the response has no schema');
  return schema;
}

const FILES = {openapi: 'specs/openapi.yaml', asyncapi: 'specs/asyncapi.yaml'};
const BODY = '#/paths/~1orders~1{id}/post/requestBody/content/application~1json/schema';

describe('examples shown in the references', () => {
  it('pass when every example, sample body and field example validates (and some were checked)', () => {
    const {docs, rest, ws} = models();
    const report = walkAll(docs, rest, ws);
    expect(report.failures).toEqual([]);
    expect(report.checked).toBeGreaterThanOrEqual(8);
    expect(report.sampleBodies).toBe(1);
    expect(
      checkShownExamples({documents: docs, rest, ws, files: FILES, strict: {openapi: true, asyncapi: true}}),
    ).toBeNull();
  });

  it('name the page, the place, the example, the schema pointer and the rule of each failure', () => {
    const {docs, rest, ws} = models({qty: 0});
    const warning = checkShownExamples({
      documents: docs,
      rest,
      ws,
      files: FILES,
      strict: {openapi: false, asyncapi: true},
    });
    expect(warning?.split('\n')).toEqual([
      '3 example(s) shown in the references do not validate against the schema they are shown under (specs/openapi.yaml, specs/asyncapi.yaml); each line gives the page and place, the example, the schema pointer and the rule broken:',
      `  - /rest placeOrder request application/json: example {"qty":0} breaks ${BODY} (/qty must be >= 1)`,
      `  - /rest placeOrder request application/json (validator example): body {"qty":0} breaks ${BODY} (/qty must be >= 1)`,
      `  - /rest placeOrder request application/json (curl sample): body {"qty":0} breaks ${BODY} (/qty must be >= 1)`,
    ]);
    // The product's own OpenAPI document: the same failures stop the build.
    expect(() =>
      checkShownExamples({documents: docs, rest, ws, files: FILES, strict: {openapi: true, asyncapi: false}}),
    ).toThrow('3 example(s) shown in the references do not validate');
  });

  it('are the product’s own only under <site>/specs/', () => {
    expect(isOwnDocument('/site', '/site/specs/openapi.yaml')).toBe(true);
    expect(isOwnDocument('/site', '/site/specs/releases/1.0.0/openapi.yaml')).toBe(true);
    expect(isOwnDocument('/site', '/site/specs')).toBe(false);
    expect(isOwnDocument('/site', '/elsewhere/openapi.yaml')).toBe(false);
    expect(isOwnDocument('/site', path.join('/site', 'specs-old', 'openapi.yaml'))).toBe(false);
  });
});

describe('a WebSocket message written inline under its channel', () => {
  /** ASYNCAPI with one message, its payload's example `example`: in the channel itself, or under components. */
  function written(
    where: 'inline' | 'components',
    example: Json,
  ): {docs: Docs; rest: RestModel; ws: WsModel} {
    const message = {
      payload: {type: 'object', properties: {n: {type: 'integer'}}},
      examples: [{payload: example}],
    };
    const asyncapi: JsonObject = {
      ...structuredClone(ASYNCAPI),
      channels: {
        c: {
          address: '/c',
          messages: {tick: where === 'inline' ? message : {$ref: '#/components/messages/tick'}},
        },
      },
      components: where === 'inline' ? {} : {messages: {tick: message}},
    };
    const docs = {openapi: openapi({qty: 2}), asyncapi};
    return {docs, rest: buildRestModel(docs.openapi), ws: buildWsModel(asyncapi)};
  }
  const walk = ({docs, rest, ws}: {docs: Docs; rest: RestModel; ws: WsModel}): ReturnType<typeof walkAll> =>
    walkAll(docs, rest, ws);

  it('has its examples checked where it is written, as one under components/messages is', () => {
    const inline = walk(written('inline', {n: 1}));
    expect(inline.failures).toEqual([]);
    expect(inline.checked).toBe(walk(written('components', {n: 1})).checked);
    // The example as shown, and the same example as the validator's starting value.
    for (const where of ['inline', 'components'] as const) {
      const schema =
        where === 'inline' ? '#/channels/c/messages/tick/payload' : '#/components/messages/tick/payload';
      expect(walk(written(where, {n: 'one'})).failures).toEqual([
        `/docs/ws c tick: example {"n":"one"} breaks ${schema} (/n must be integer)`,
        `/docs/ws c tick (validator example): payload {"n":"one"} breaks ${schema} (/n must be integer)`,
      ]);
    }
  });
});

describe('a view model that disagrees with its document', () => {
  /** The failures of the walk after `change` has been made to fresh models. */
  function failuresAfter(change: (rest: RestModel, ws: WsModel) => void): string[] {
    const {docs, rest, ws} = models();
    change(rest, ws);
    return walkAll(docs, rest, ws).failures;
  }

  it('names an operation or a parameter the document lacks', () => {
    expect(failuresAfter((rest) => void (operation(rest).id = 'ghost'))).toEqual([
      '/rest ghost: no such operation in the document',
    ]);
    expect(
      failuresAfter((rest) => void ((operation(rest).parameters[0] ?? {name: ''}).name = 'oid')),
    ).toEqual(['/rest placeOrder: no parameter oid in the document']);
  });

  it('reports a parameter example that is neither the value nor its JSON', () => {
    const failures = failuresAfter((rest) => {
      const parameter = operation(rest).parameters[0];
      if (parameter !== undefined) parameter.example = 'five';
    });
    expect(failures).toEqual([
      '/rest placeOrder parameter id: example "five" breaks #/paths/~1orders~1{id}/parameters/0/schema ((root) must be integer)',
    ]);
  });

  it('names a field, a combination or a data type it cannot find, and an example that is not JSON', () => {
    const failures = failuresAfter((rest) => {
      const schema = responseSchema(rest);
      const [pair, pattern] = schema.fields ?? [];
      // A field under a string (no `properties` to find it in), a link to a type the page lacks, a oneOf the schema lacks.
      if (pair?.prefixItems?.[0] !== undefined)
        pair.prefixItems[0].fields = [{name: 'ghost', type: 'string'}];
      if (pattern !== undefined) pattern.dataType = 'Pair';
      schema.groups = [{kind: 'oneOf', label: 'Exactly one of', branches: []}];
    });
    const label = '/rest placeOrder response 200 application/json';
    expect(failures).toEqual([
      `${label} › placeOrder.response-200.pair[0]: cannot find the schema of field ghost`,
      `${label} › placeOrder.response-200.*: links to data type Pair, which the page lacks`,
      `${label}: cannot find the oneOf of the schema`,
    ]);
    const notJson = failuresAfter((rest) => {
      const tuple = responseSchema(rest).fields?.[0]?.prefixItems?.[0];
      if (tuple !== undefined) tuple.examples = ['{oops', '"cut…'];
    });
    expect(notJson).toEqual([`${label} › placeOrder.response-200.pair[0]: example {oops is not JSON`]);
  });

  it('reports a curl sample without a body and an error body used by an unknown operation', () => {
    const failures = failuresAfter((rest) => {
      for (const sample of operation(rest).samples) sample.code = 'curl https://api.example.com/orders/5';
      rest.errorBodies = [
        {
          id: 'error-body',
          title: 'Error',
          schema: {type: 'object'},
          usedBy: [{id: 'ghost.response-400', label: 'x'}],
        },
      ];
    });
    expect(failures).toEqual([
      '/rest placeOrder request application/json: the curl sample sends no body',
      '/rest error-body: no operation ghost in the document',
    ]);
  });

  it('reports a page it could not walk against that page, and still the other page’s failures', () => {
    const {docs, rest, ws} = models({qty: 0});
    const message = ws.channels[0]?.messages[0];
    if (message !== undefined) message.validatorExample = '{not json';
    const warning = checkShownExamples({
      documents: docs,
      rest,
      ws,
      files: FILES,
      strict: {openapi: false, asyncapi: false},
    });
    expect(warning).toMatch(/^4 example\(s\)/);
    expect(warning).toMatch(/\n {2}- \/docs\/ws: the examples could not be checked: .*JSON/);
    // Only the WebSocket page failed to walk: strict for its document, the build stops.
    expect(() =>
      checkShownExamples({documents: docs, rest, ws, files: FILES, strict: {openapi: false, asyncapi: true}}),
    ).toThrow('/docs/ws: the examples could not be checked');
  });
});
