/**
 * Page planning weighs a page by the markup it will produce (plugins/api-reference/openapi/weight.ts).
 * Here the weights are checked against the components themselves, rendered on the server:
 * a schema's count must be exact (it follows the Schema component element by element), an
 * operation's and a page's close (the pane beside an operation is fitted, not counted).
 */
import path from 'node:path';
import {renderToStaticMarkup} from 'react-dom/server';
import {fromHtml} from 'hast-util-from-html';
import type {Root, RootContent} from 'hast';
import {describe, expect, it} from 'vitest';
import {readOpenApi} from '../../../plugins/api-reference/load';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {pageOperations} from '../../../plugins/api-reference/openapi/errorBodies';
import {PAGE_WEIGHT_LIMIT, planRestPages} from '../../../plugins/api-reference/openapi/pages';
import {operationBoxes, restPageBoxes, schemaBoxes} from '../../../plugins/api-reference/openapi/weight';
import type {RestModel, SchemaNode} from '../../../plugins/api-reference/types';
import RestPage from '../../../src/components/ApiReference/RestPage';
import Operation from '../../../src/components/ApiReference/Operation';
import Schema from '../../../src/components/ApiReference/Schema';
import {specRest} from '../../helpers/specModels';
import {CORPUS_SKIP_REASON, FIXTURE_DOCUMENTS, HAS_CORPUS, ROOT, TEST_IDENTITY, corpusFiles} from './helpers';

const identity = TEST_IDENTITY;

/**
 * What the browser lays out for a piece of markup: its elements and its runs of text, hidden
 * panels (the pane's unselected tabs) and the print-only labels apart.
 */
function boxes(html: string): number {
  const count = (node: Root | RootContent): number => {
    if (node.type === 'text') return node.value.trim() !== '' ? 1 : 0;
    if (node.type !== 'element' && node.type !== 'root') return 0;
    if (node.type === 'element') {
      if (node.properties.hidden === true || node.properties.hidden === '') return 0;
      const classes = node.properties.className;
      if (Array.isArray(classes) && classes.some((c) => String(c).includes('printLabel'))) return 0;
    }
    return (node.type === 'element' ? 1 : 0) + node.children.reduce((n, child) => n + count(child), 0);
  };
  return count(fromHtml(html, {fragment: true}));
}

/** The pages of a REST model as the site plans them. */
function pagesOf(model: RestModel): RestModel[] {
  const site = planRestPages(model);
  return site.pages.length > 0 ? site.pages.map((p) => p.model) : [site.main];
}

/** The REST model of a fixture or corpus document, loaded as the build loads it. */
async function modelOf(file: string): Promise<RestModel> {
  return buildRestModel((await readOpenApi(file)).doc);
}

/** Makes a model once, however many tests ask for it. */
function once(make: () => Promise<RestModel>): () => Promise<RestModel> {
  let made: Promise<RestModel> | undefined;
  return () => (made ??= make());
}

/** Every schema a page shows: bodies, nested parameters and headers, its descriptions, error bodies and data types. */
function schemasOf(page: RestModel): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const op of pageOperations(page)) {
    for (const media of [...(op.requestBody?.contents ?? []), ...op.responses.flatMap((r) => r.contents)])
      if (media.schema !== undefined) out.push(media.schema);
    for (const param of [...op.parameters, ...op.responses.flatMap((r) => r.headers)]) out.push(param.schema);
  }
  for (const entry of [...(page.schemas ?? []), ...(page.errorBodies ?? []), ...(page.dataTypes ?? [])])
    out.push(entry.schema);
  return out;
}

const documents: [string, () => Promise<RestModel>][] = [
  ['the product', async () => (await specRest()).rest],
  ...FIXTURE_DOCUMENTS.openapi.map((file): [string, () => Promise<RestModel>] => [
    path.relative(ROOT, file),
    once(() => modelOf(file)),
  ]),
];

describe.each(documents)('weights of %s', (_name, model) => {
  it('a schema weighs exactly what the Schema component renders', async () => {
    for (const page of pagesOf(await model()))
      for (const node of schemasOf(page)) {
        const rendered = boxes(renderToStaticMarkup(<Schema node={node} label="x" />));
        expect(schemaBoxes(node), node.title ?? node.type).toBe(rendered);
      }
  });

  // The pane's part is fitted: within 2 % for nine operations in ten, 15 % at worst.
  it('an operation weighs within 15 % of what the Operation component renders', async () => {
    for (const page of pagesOf(await model()))
      for (const op of pageOperations(page)) {
        const rendered = boxes(renderToStaticMarkup(<Operation operation={op} />));
        expect(Math.abs(operationBoxes(op) - rendered) / rendered, op.id).toBeLessThan(0.15);
      }
  });

  // A page's header and sections are one estimate (PAGE_BOXES): on a page of one or two
  // operations it is most of the page, hence the 300 boxes of slack.
  it('a page weighs within 10 % (or 300 boxes) of what the RestPage renders, and within the limit', async () => {
    for (const page of pagesOf(await model())) {
      if (pageOperations(page).length === 0) continue;
      const rendered = boxes(renderToStaticMarkup(<RestPage model={page} identity={identity} />));
      const weight = restPageBoxes(page);
      expect(Math.abs(weight - rendered), page.page?.title ?? '/rest').toBeLessThan(
        Math.max(0.1 * rendered, 300),
      );
      expect(weight).toBeLessThanOrEqual(PAGE_WEIGHT_LIMIT);
    }
  });
});

describe.skipIf(!HAS_CORPUS)('weights of the corpus', () => {
  it.each(corpusFiles('openapi').map((f) => [path.basename(f), f]))(
    '%s: schemas exact',
    async (_name, file) => {
      for (const page of pagesOf(await modelOf(file)))
        for (const node of schemasOf(page))
          expect(schemaBoxes(node)).toBe(boxes(renderToStaticMarkup(<Schema node={node} label="x" />)));
    },
  );
});
if (!HAS_CORPUS) console.info(CORPUS_SKIP_REASON);
