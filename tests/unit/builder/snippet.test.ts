/**
 * Parity of the request builder with the build-time samples. The builder writes
 * code in the browser with its own small generator (RequestBuilder/snippet.ts)
 * instead of shipping httpsnippet; these tests prove the two agree:
 *
 * 1. every operation of the site's document, every language: the form as it
 *    opens (the examples) gives exactly the sample on the page;
 * 2. every operation, every language, with every optional parameter sent, a
 *    token typed and awkward values (quotes, backslashes, spaces, non-ASCII,
 *    reserved URL characters): the generator gives exactly httpsnippet's text;
 * 3. the same over the real-world documents of ../shared/corpus.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadOpenApi} from '../../../plugins/api-reference/load';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {buildSamples} from '../../../plugins/api-reference/openapi/samples';
import {buildRestBuilders} from '../../../plugins/api-reference/builder/model';
import type {RestBuilderModel} from '../../../plugins/api-reference/builder/types';
import type {Json} from '../../../plugins/api-reference/document';
import type {RestModel} from '../../../plugins/api-reference/types';
import {
  fieldKey,
  initialForm,
  restRequest,
  type FormState,
} from '../../../src/components/ApiReference/RequestBuilder/request';
import {SAMPLE_LANGUAGES} from '../../../plugins/api-reference/client/sampleLanguages';
import {
  requestSnippet,
  type SnippetRequest,
} from '../../../src/components/ApiReference/RequestBuilder/snippet';
import {specRest} from '../../helpers/specModels';
import {HAS_CORPUS, corpusFiles} from '../reference/helpers';

/** The operations of a document's REST model and their form models. */
function siteOf(doc: Json, model: RestModel) {
  const operations = model.tags.flatMap((tag) => tag.operations);
  return {doc, operations, builders: buildRestBuilders(doc, model)};
}

/** A corpus document, loaded as the build loads it. */
async function site(file: string) {
  const doc = (await loadOpenApi(file)) as Json;
  return siteOf(doc, buildRestModel(doc));
}

const {openapi, rest} = await specRest();
const product = siteOf(openapi, rest);

function httpsnippet(request: SnippetRequest): Record<string, string> {
  return Object.fromEntries(
    buildSamples({...request, body: request.body as {mediaType: string; value: Json} | undefined}).map(
      (s) => [s.language, s.code],
    ),
  );
}

const AWKWARD = [
  `a b&c=d+é~'"*()!`,
  'back\\slash "quoted" \'single\'',
  'line\nbreak\ttab',
  '€ 中文 😀 /?#[]@',
  '',
];

/** Every optional parameter sent, at an awkward value chosen by position. */
function awkwardForm(model: RestBuilderModel, seed: number): FormState {
  const form = initialForm(model);
  model.fields.forEach((field, i) => {
    const key = fieldKey(field);
    const pick = AWKWARD[(i + seed) % AWKWARD.length] ?? '';
    const text =
      field.enum?.[0] ??
      (field.kind === 'string' || field.kind === 'array' ? `${field.value}${pick}` : field.value);
    form[key] = {text, send: true};
  });
  return form;
}

function awkwardBody(value: string | undefined, seed: number): string | undefined {
  if (value === undefined) return undefined;
  const parsed = JSON.parse(value) as unknown;
  const note = AWKWARD[seed % AWKWARD.length] ?? '';
  const data =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? {...parsed, note, body: {nested: [1, {a: note, b: null}], flag: true}, '1': 'numeric key'}
      : parsed;
  return JSON.stringify(data, null, seed % 2 === 0 ? 2 : 0);
}

describe('request builder: the form as it opens gives the build-time samples', async () => {
  const {operations, builders} = product;
  it('has a form model for every operation', () => {
    expect(builders.map((b) => b.target).sort()).toEqual(operations.map((op) => `rest:${op.id}`).sort());
  });
  for (const model of builders) {
    const op = operations.find((o) => `rest:${o.id}` === model.target);
    it.each(SAMPLE_LANGUAGES.map((l) => [l.language]))(`${model.target} in %s`, (language) => {
      const built = restRequest(model, {
        server: 0,
        token: '',
        form: initialForm(model),
        body: model.body?.examples[0]?.value,
      });
      if (!built.ok) throw new Error(built.problem);
      const sample = op?.samples.find((s) => s.language === language);
      expect(sample).toBeDefined();
      expect(requestSnippet(built.request, language as never)).toBe(sample?.code);
    });
  }
});

describe('request builder: awkward values give exactly what httpsnippet gives', async () => {
  const {builders} = product;
  for (const model of builders) {
    it.each([0, 1, 2, 3, 4].map((seed) => [seed]))(`${model.target}, variant %s`, (seed) => {
      const built = restRequest(model, {
        server: seed % model.servers.length,
        token: seed % 2 === 0 ? 'eyJhbGciOi.J9x_y-z' : '',
        form: awkwardForm(model, seed),
        body: awkwardBody(model.body?.examples[0]?.value, seed),
      });
      if (!built.ok) throw new Error(built.problem);
      const expected = httpsnippet(built.request);
      for (const {language} of SAMPLE_LANGUAGES)
        expect(requestSnippet(built.request, language), language).toBe(expected[language]);
    });
  }
});

describe('request builder: small bodies, other methods and media types', () => {
  const base: SnippetRequest = {
    method: 'delete',
    baseUrl: 'https://api.example.com/v2/',
    path: '/things/{id}',
    pathParams: {id: `it's {odd} <x> "y" |z| ^\`a\``},
    query: [
      {name: 'b', value: '1'},
      {name: 'a', value: '2'},
      {name: 'b', value: '3'},
    ],
    headers: [{name: 'X-Trace', value: 'é\u0007\u2028'}],
    cookies: [{name: 'session id', value: 'a;b'}],
  };
  const variants: SnippetRequest[] = [
    base,
    {...base, method: 'post', body: {mediaType: 'application/json', value: {a: 1}}},
    {...base, method: 'put', body: {mediaType: 'application/json', value: [{a: 1, b: 2}, {c: 3}]}},
    {...base, method: 'patch', body: {mediaType: 'application/merge-patch+json', value: {a: "it's"}}},
    {...base, method: 'post', body: {mediaType: 'text/plain', value: "plain 'text'\nline"}},
    {...base, method: 'post', body: {mediaType: 'application/json', value: 0}},
    {...base, method: 'purge', cookies: [], headers: [{name: 'Accept-Encoding', value: 'gzip, deflate'}]},
    {
      ...base,
      query: [],
      headers: [],
      cookies: [],
      body: {mediaType: 'application/json', value: {body: {x: 'y'}}},
    },
  ];
  it.each(variants.map((v, i) => [i, v]))('variant %s', (_i, request) => {
    const expected = httpsnippet(request);
    for (const {language} of SAMPLE_LANGUAGES)
      expect(requestSnippet(request, language), language).toBe(expected[language]);
  });
});

describe.skipIf(!HAS_CORPUS)('request builder parity over the corpus', () => {
  it.each(corpusFiles('openapi').map((f) => [path.basename(f), f]))('%s', async (_name, file) => {
    const {operations, builders} = await site(file);
    for (const model of builders) {
      if (model.body !== undefined && !model.body.json) continue;
      const op = operations.find((o) => `rest:${o.id}` === model.target);
      const built = restRequest(model, {
        server: 0,
        token: '',
        form: initialForm(model),
        body: model.body?.examples[0]?.value,
      });
      if (!built.ok) continue;
      for (const sample of op?.samples ?? [])
        expect(
          requestSnippet(built.request, sample.language as never),
          `${model.target} ${sample.language}`,
        ).toBe(sample.code);
    }
  });
});
