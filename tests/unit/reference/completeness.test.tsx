/**
 * The product's own documents: counts of operations, parameters, responses,
 * fields and messages in specs/*.yaml, found by a walker written here
 * independently of the renderer, equal what the rendered pages show.
 */
import {existsSync} from 'node:fs';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import {identityFromDocuments} from '../../../plugins/api-reference/identity';
import {
  asArray,
  asObject,
  isObject,
  resolveRef,
  type Json,
  type JsonObject,
} from '../../../plugins/api-reference/document';
import RestPage from '../../../src/components/ApiReference/RestPage';
import WsReference from '../../../src/components/ApiReference/WsReference';
import {SPECS, specModels} from '../../helpers/specModels';

// The validator belongs to a colleague; a marker shows where the reference places it.

/** The product's documents and models; absent from a copy of the site without specs/, which skips these checks. */
const product = existsSync(SPECS.openapi) && existsSync(SPECS.asyncapi) ? await specModels() : undefined;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Field paths a schema defines, by the documented anchor scheme (`[]` items, `*` other names). */
function fieldPaths(
  doc: Json,
  schema: Json | undefined,
  base: string,
  mode: string,
  seen: string[] = [],
): string[] {
  if (!isObject(schema)) return [];
  let s: JsonObject = schema;
  const refs = [...seen];
  while (typeof s.$ref === 'string') {
    if (refs.includes(s.$ref)) return [];
    refs.push(s.$ref);
    s = asObject(resolveRef(doc, s.$ref));
  }
  const out: string[] = [];
  const join = (name: string): string => (base === '' ? name : `${base}.${name}`);
  for (const [name, sub] of Object.entries(asObject(s.properties))) {
    let target = sub;
    while (isObject(target) && typeof target.$ref === 'string') target = resolveRef(doc, target.$ref) ?? {};
    if (
      isObject(target) &&
      ((mode === 'request' && target.readOnly === true) || (mode === 'response' && target.writeOnly === true))
    )
      continue;
    out.push(join(name), ...fieldPaths(doc, sub, join(name), mode, refs));
  }
  if (isObject(s.additionalProperties) || isObject(s.patternProperties)) {
    out.push(join('*'));
    if (isObject(s.additionalProperties))
      out.push(...fieldPaths(doc, s.additionalProperties, join('*'), mode, refs));
  }
  if (isObject(s.items)) out.push(`${base}[]`, ...fieldPaths(doc, s.items, `${base}[]`, mode, refs));
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    for (const branch of asArray(s[key])) out.push(...fieldPaths(doc, branch, base, mode, refs));
  }
  return out;
}

function htmlIds(html: string): Set<string> {
  return new Set(
    [...html.matchAll(/ id="([^"]+)"/g)].map((m) => (m[1] ?? '').replace(/~\d+/g, '').replace(/&amp;/g, '&')),
  );
}

/** The shared error body a response links to instead of showing its own schema, if it does. */
function sharedBodyOf(html: string, responseId: string): string | undefined {
  const start = html.indexOf(` id="${responseId}"`);
  if (start < 0) return undefined;
  const response = html.slice(start, html.indexOf('</details>', start));
  if (response.includes('<ul')) return undefined; // its own fields
  return /href="#(error-body-[^"]+)"/.exec(response)?.[1];
}

describe.skipIf(product === undefined)('specs/openapi.yaml is shown completely on /rest', () => {
  if (product === undefined) return;
  const {openapi: doc, rest: model} = product;
  const html = renderToStaticMarkup(<RestPage model={model} identity={identityFromDocuments(doc, null)} />);
  const shown = htmlIds(html);
  const expected = {
    operations: [] as string[],
    parameters: [] as string[],
    responses: [] as string[],
    fields: [] as string[],
  };
  for (const [p, item] of Object.entries(asObject(doc.paths))) {
    const pathItem = asObject(item);
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!isObject(op)) continue;
      const id = typeof op.operationId === 'string' ? op.operationId : `${method}-${p}`;
      expected.operations.push(id);
      for (const raw of [...asArray(pathItem.parameters), ...asArray(op.parameters)]) {
        let param = raw;
        while (isObject(param) && typeof param.$ref === 'string') param = resolveRef(doc, param.$ref) ?? {};
        expected.parameters.push(`${id}.${String(asObject(param).in)}.${String(asObject(param).name)}`);
      }
      let body: Json | undefined = op.requestBody;
      while (isObject(body) && typeof body.$ref === 'string') body = resolveRef(doc, body.$ref);
      for (const media of Object.values(asObject(asObject(body).content)).slice(0, 1)) {
        expected.fields.push(
          ...fieldPaths(doc, asObject(media).schema, '', 'request').map(
            (f) => `${id}.request${f.startsWith('[') ? '' : '.'}${f}`,
          ),
        );
      }
      for (const [code, raw] of Object.entries(asObject(op.responses))) {
        expected.responses.push(`${id}.response-${code}`);
        let response: Json | undefined = raw;
        while (isObject(response) && typeof response.$ref === 'string')
          response = resolveRef(doc, response.$ref);
        // An error body several error responses share is described once, under "Error bodies";
        // the response links to it, and its fields carry that body's anchors.
        const shared = sharedBodyOf(html, `${id}.response-${code}`);
        for (const media of Object.values(asObject(asObject(response).content)).slice(0, 1)) {
          expected.fields.push(
            ...fieldPaths(doc, asObject(media).schema, '', 'response').map(
              (f) => `${shared ?? `${id}.response-${code}`}${f.startsWith('[') ? '' : '.'}${f}`,
            ),
          );
        }
      }
    }
  }

  it('shows every operation, parameter, response and field with its anchor', () => {
    expect(expected.operations.length).toBeGreaterThan(0);
    for (const kind of ['operations', 'parameters', 'responses', 'fields'] as const) {
      const missing = expected[kind].filter((id) => !shown.has(id));
      expect(missing, `${kind} missing from /rest`).toEqual([]);
    }
  });

  it('has as many operations, parameters and responses in the model as in the document', () => {
    const ops = model.tags.flatMap((t) => t.operations);
    expect(ops.map((o) => o.id).sort()).toEqual([...expected.operations].sort());
    expect(ops.flatMap((o) => o.parameters).length).toBe(new Set(expected.parameters).size);
    expect(ops.flatMap((o) => o.responses).length).toBe(expected.responses.length);
  });
});

describe.skipIf(product === undefined)('specs/asyncapi.yaml is shown completely on /docs/ws', () => {
  if (product === undefined) return;
  const {asyncapi: doc, ws: model} = product;
  const html = renderToStaticMarkup(<WsReference model={model} />);
  const shown = htmlIds(html);
  const messages = asObject(asObject(doc.components).messages);

  it('shows every channel and every message, each message fully once with all its fields', () => {
    for (const channel of Object.keys(asObject(doc.channels)))
      expect(shown.has(`channel-${channel}`)).toBe(true);
    expect(Object.keys(messages).length).toBeGreaterThan(0);
    for (const [name, message] of Object.entries(messages)) {
      expect(shown.has(name), `message ${name}`).toBe(true);
      const missing = fieldPaths(doc, asObject(message).payload, '', 'message')
        .map((f) => `${name}${f.startsWith('[') ? '' : '.'}${f}`)
        .filter((id) => !shown.has(id));
      expect(missing, `fields of ${name}`).toEqual([]);
    }
  });

  it('lists each channel message under its channel, as many as the document has', () => {
    for (const channel of model.channels) {
      const docMessages = Object.keys(asObject(asObject(asObject(doc.channels)[channel.key]).messages));
      expect(channel.messages).toHaveLength(docMessages.length);
    }
  });

  it('gives a code sample and a validator to every message the reader sends, none to the others', () => {
    for (const channel of model.channels) {
      for (const m of channel.messages) {
        // A channel whose address the provider does not publish (null) gets no sample: a sample
        // would have to connect to an invented URL. The page says why instead.
        const expected = m.youSend && channel.address !== null;
        expect(m.samples.length > 0, `${channel.key}/${m.name}`).toBe(expected);
      }
    }
    expect(model.channels.some((c) => c.address === null)).toBe(true);
    expect(html).toContain('not published by the provider');
    const sent = new Set(
      model.channels.flatMap((c) => c.messages.filter((m) => m.youSend).map((m) => m.name)),
    );
    for (const name of sent) expect(html).toContain(`data-test-validator="ws:${name}"`);
  });
});
