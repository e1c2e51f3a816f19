/**
 * Readings (issue 31): where the API documents choose among readings of the specification they
 * mark the node with `x-reading`; the references show each mark in one form ("Reading: …") and
 * docs/intro.mdx lists them all under "What the specification leaves open", generated from the
 * marks. This keeps the list and the marks in step: every mark is well formed, one id has one text,
 * every mark is shown by a reference at an anchor that exists, nothing is shown that no document
 * marks, and the guide page renders the generated list where the guides link to it.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {collectAnchors} from '../../plugins/api-reference/guideFit';
import {collectReadings} from '../../plugins/api-reference/index';
import {
  documentReadings,
  READING_CLASS,
  READING_KEY,
  READINGS_PAGE,
  READINGS_SECTION,
  readingOf,
} from '../../plugins/api-reference/readings';
import {READINGS_DATA} from '../../plugins/api-reference/routes';
import {ROUTES} from '../../plugins/api-reference/client/routes';

const WS_ROUTE = ROUTES.ws;
import {isObject, ROOT} from '../unit/guides/documents';
import {guideFiles, links} from '../unit/guides/mdx';
import {specModels} from '../helpers/specModels';
import {DOCUMENTED_CHOICES} from './documented-choices';

const {openapi, asyncapi, rest, ws} = await specModels();
const documents = {openapi, asyncapi};

/** Every node carrying the key, well formed or not. */
function markedNodes(doc: unknown, at = ''): {pointer: string; node: Record<string, unknown>}[] {
  if (Array.isArray(doc)) return doc.flatMap((item, i) => markedNodes(item, `${at}/${i}`));
  if (!isObject(doc)) return [];
  return [
    ...(READING_KEY in doc ? [{pointer: at, node: doc}] : []),
    ...Object.entries(doc).flatMap(([key, value]) =>
      key === READING_KEY ? [] : markedNodes(value, `${at}/${key}`),
    ),
  ];
}

describe('readings: the marks in the documents and the list on the guide page', () => {
  const list = collectReadings(documents, rest, ws);
  const marks = [...documentReadings(documents.openapi), ...documentReadings(documents.asyncapi)];

  it('every mark is well formed: an id of lower-case words and a text', () => {
    const nodes = [...markedNodes(openapi), ...markedNodes(asyncapi)];
    expect(nodes.length).toBeGreaterThanOrEqual(10);
    for (const {pointer, node} of nodes) expect(readingOf(node), `x-reading at ${pointer}`).toBeDefined();
    expect(marks).toHaveLength(nodes.length);
  });

  it('one id, one reading: a reading marked in both documents says the same in both', () => {
    const texts = new Map<string, Set<string>>();
    for (const {mark} of marks) texts.set(mark.id, (texts.get(mark.id) ?? new Set()).add(mark.text));
    for (const [id, set] of texts) expect([...set], id).toHaveLength(1);
    expect(list.map((e) => e.id)).toEqual([...texts.keys()]);
  });

  it('the references show every reading, at anchors that exist, and nothing no document marks', () => {
    const anchors = {'/rest': collectAnchors(rest), [WS_ROUTE]: collectAnchors(ws)};
    for (const entry of list) {
      expect(entry.places.length, `${entry.id} is shown nowhere`).toBeGreaterThan(0);
      for (const place of entry.places) {
        const [route = '', anchor] = place.href.split('#');
        expect(Object.keys(anchors)).toContain(route);
        if (anchor !== undefined)
          expect(anchors[route as keyof typeof anchors].has(anchor), place.href).toBe(true);
      }
    }
    const shown = new Set(
      [
        ...JSON.stringify([rest, ws]).matchAll(
          new RegExp(`class=\\\\"${READING_CLASS}\\\\" data-reading=\\\\"([a-z0-9-]+)`, 'g'),
        ),
      ].map((m) => m[1]),
    );
    expect([...shown].sort()).toEqual(list.map((e) => e.id).sort());
  });

  it('each reading shows in one form: "Reading:", its text, and a link to its entry in the list', () => {
    const html = JSON.stringify(rest);
    const entry = list.find((e) => e.id === 'provider-code');
    expect(entry).toBeDefined();
    expect(html).toContain(
      `<p class=\\"${READING_CLASS}\\" data-reading=\\"provider-code\\"><strong>Reading:</strong> `,
    );
    expect(html).toContain(`<a href=\\"${READINGS_PAGE}#reading-provider-code\\">All readings</a>`);
  });

  it('answers the ambiguities issue 31 names, each where it shows', () => {
    const where = (id: string): string[] => list.find((e) => e.id === id)?.places.map((p) => p.href) ?? [];
    expect(where('websocket-order-type')).toContain(`${WS_ROUTE}#new_order.new_order.order_type`);
    expect(where('heartbeat-optional').length).toBeGreaterThan(0);
    expect(where('decimal-fraction').some((h) => h.startsWith('/rest#'))).toBe(true);
    expect(where('decimal-fraction').some((h) => h.startsWith(`${WS_ROUTE}#`))).toBe(true);
    expect(where('skip-cap')).toContain('/rest#listOrders.query.skip');
    expect(where('settlement-req-header')).toContain('/rest#createSettlementRequest.request.req_header');
    expect(where('settlement-detail-status')).toContain('/rest#getSettlementRequest.response-200.status');
    expect(where('bulk-rejection-code')).toContain('/rest#getBulkOrder.response-422.error_code');
    expect(where('error-duplicate')).toContain(
      `${WS_ROUTE}#channel_subscription_error.channel_subscription_error.error`,
    );
    for (const id of [
      'bulk-order-fields',
      'bulk-rejection-confirmations',
      'provider-code',
      'websocket-version',
      'message-envelope',
    ])
      expect(where(id).length, id).toBeGreaterThan(0);
  });

  it('docs/intro.mdx renders the generated list under "What the specification leaves open", where the guides link', () => {
    const intro = readFileSync(path.join(ROOT, 'docs/intro.mdx'), 'utf8');
    expect(READINGS_PAGE).toBe('/docs/intro');
    expect(intro).toMatch(/^## What the specification leaves open$/m);
    expect('What the specification leaves open'.toLowerCase().replace(/\s+/g, '-')).toBe(READINGS_SECTION);
    expect(intro).toContain(`import readings from '@generated/api-reference/default/${READINGS_DATA}';`);
    const section = intro.slice(intro.indexOf('## What the specification leaves open'));
    expect(section.slice(0, section.indexOf('\n## ', 5))).toContain('<Readings readings={readings} />');
    const guideLinks = guideFiles().flatMap((g) =>
      links(g.source).filter((l) => l.includes(`#${READINGS_SECTION}`)),
    );
    expect(guideLinks.length).toBeGreaterThanOrEqual(3);
    for (const link of guideLinks) expect(link).toMatch(/^(\.\/intro\.mdx|\/docs\/intro)#/);
  });

  describe("the intro's promise: every documented choice is marked at every place it shows (tests/specs/documented-choices.ts)", () => {
    const byId = new Map(list.map((e) => [e.id, e]));
    const squash = (text: string): string => text.replace(/\s+/g, ' ');

    it('the list of documented choices and the marks of the documents name the same readings', () => {
      expect(new Set(DOCUMENTED_CHOICES.map((c) => c.id)).size).toBe(DOCUMENTED_CHOICES.length);
      expect(DOCUMENTED_CHOICES.map((c) => c.id).sort()).toEqual(list.map((e) => e.id).sort());
    });

    it.each(DOCUMENTED_CHOICES.map((c) => [c.id, c] as const))(
      '%s: marked at exactly the places it shows in the references',
      (id, choice) => {
        expect(choice.specification.length, `${id}: the words it reads`).toBeGreaterThan(10);
        const shown = (byId.get(id)?.places ?? []).map((p) => p.href).sort();
        expect(shown, `${id}: places the references show`).toEqual([...choice.places].sort());
      },
    );

    it.each(DOCUMENTED_CHOICES.flatMap((c) => c.guides.map((g) => [c.id, g.guide, g.phrase] as const)))(
      '%s: the %s guide says it is a reading where it states it',
      (id, guide, phrase) => {
        const source = guideFiles().find((g) => g.id === guide)?.source ?? '';
        const paragraphs = source.split(/\n\s*\n/).map(squash);
        const paragraph = paragraphs.find((p) => p.includes(squash(phrase)));
        expect(paragraph, `${id}: "${phrase}" is no longer in docs/${guide}.mdx`).toBeDefined();
        expect(paragraph ?? '', `${id}: docs/${guide}.mdx states it without saying it is a reading`).toMatch(
          /\breading\b/i,
        );
      },
    );
  });
});
