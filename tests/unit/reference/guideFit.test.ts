/**
 * The guides are written for the product's own documents. Built from other
 * documents, the build names every place that no longer fits (one warning,
 * before the bundler runs) and the pages show a notice there.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  checkGuideFit,
  collectAnchors,
  describeGaps,
  type GuideFitInput,
} from '../../../plugins/api-reference/guideFit';
import {identityFromDocuments, readDocument} from '../../../plugins/api-reference/identity';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import type {JsonObject} from '../../../plugins/api-reference/document';
import type {RestModel} from '../../../plugins/api-reference/types';
import {specRest, specWs} from '../../helpers/specModels';

const ROOT = path.resolve(__dirname, '../../..');

function guides(): GuideFitInput['guides'] {
  const dir = path.join(ROOT, 'docs');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.mdx') && file !== 'ws.mdx')
    .map((file) => ({key: file.replace(/\.mdx$/, ''), text: readFileSync(path.join(dir, file), 'utf8')}));
}

/** The guide fit of a REST document and its model, beside the product's WebSocket document. */
async function fit(openapi: JsonObject, rest: RestModel) {
  const {asyncapi, ws} = await specWs();
  return checkGuideFit({
    identity: identityFromDocuments(openapi, asyncapi),
    restAnchors: collectAnchors(rest),
    wsAnchors: collectAnchors(ws),
    olderThanRelease: null,
    guides: guides(),
  });
}

describe('guide fit', () => {
  it("the product's own documents fit every guide: no notice anywhere", async () => {
    const {openapi, rest} = await specRest();
    const gaps = await fit(openapi, rest);
    expect(gaps).toEqual({});
    expect(describeGaps(gaps)).toBeNull();
  });

  it('names missing operations, hosts and the version history page by page', () => {
    const identity = identityFromDocuments(
      {info: {title: 'Other API', version: '9.9.9'}, servers: [{url: 'https://other.example.org'}]},
      null,
    );
    const gaps = checkGuideFit({
      identity,
      restAnchors: new Set(['listPets']),
      wsAnchors: new Set(),
      olderThanRelease: null,
      guides: [
        {
          key: 'start',
          text: 'See [pets](/rest#listPets), [orders](/rest#listOrders), [again](/rest#listOrders) and [trades](/rest#listTrades). Host <Host api="ws"/>, prod <Host api="rest" env="production"/>.\n<HostCode language="js">{`fetch("{{REST_URL}}/x")`}</HostCode>\n<ContactEmail/>',
        },
        {key: 'catalogue', text: '', refs: [{page: 'ws', anchor: 'order_status'}]},
      ],
    });
    expect(gaps.start).toEqual([
      'it refers to `listOrders`, `listTrades`, which the OpenAPI document does not have',
      'it shows the default WebSocket host, which the AsyncAPI `servers` do not give',
      'it shows the production REST host, which the OpenAPI `servers` do not give',
      'it shows the contact address, which neither document gives (`info.contact.email`)',
    ]);
    expect(gaps.catalogue).toEqual([
      'it refers to `order_status`, which the AsyncAPI document does not have',
    ]);
    // Documents newer than the newest release are unreleased changes, not a gap.
    expect(gaps['/version-history']).toBeUndefined();
    const message = describeGaps(gaps) ?? '';
    expect(message.split('\n')[0]).toContain('The guides were written for other API documents');
    expect(message).toContain('  start:\n    - it refers to `listOrders`, `listTrades`');
  });

  it('documents older than the newest recorded release: the history page says so', () => {
    const gaps = checkGuideFit({
      identity: identityFromDocuments({info: {title: 'Old API', version: '1.4.0'}}, null),
      restAnchors: new Set(),
      wsAnchors: new Set(),
      olderThanRelease: '2.0.0',
      guides: [],
    });
    expect(gaps['/version-history']).toEqual([
      'the newest recorded release is 2.0.0, but the OpenAPI document is version 1.4.0',
    ]);
  });

  it('a corpus document (petstore) makes every guide that links into the reference say so', async () => {
    const corpus = path.join(ROOT, '../shared/corpus/openapi/petstore-expanded.yaml');
    let exists = true;
    try {
      readFileSync(corpus);
    } catch {
      exists = false;
    }
    if (!exists) {
      console.warn('../shared/corpus is absent: skipping the corpus case');
      return;
    }
    const openapi = readDocument(corpus) as JsonObject;
    const gaps = await fit(openapi, buildRestModel(openapi));
    expect(Object.keys(gaps)).toEqual(
      expect.arrayContaining(['getting_started', 'rest_overview', 'environments']),
    );
    expect(gaps.environments?.some((gap) => gap.includes('production REST host'))).toBe(true);
  });
});
