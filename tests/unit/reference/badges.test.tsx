/**
 * Every badge of the references is drawn by one component (ApiReference/Badge): a field's
 * "required" and its flags, a parameter's "required" / "optional", "deprecated" and the release
 * badges. Where badges sit inline, their words stay apart in the page's text (what a reader
 * copies, innerText, a screen reader's line).
 */
import {renderToStaticMarkup} from 'react-dom/server';
import {fromHtml} from 'hast-util-from-html';
import {selectAll} from 'hast-util-select';
import {toText} from 'hast-util-to-text';
import {describe, expect, it} from 'vitest';
import type {Json} from '../../../plugins/api-reference/document';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {planRestPages} from '../../../plugins/api-reference/openapi/pages';
import {applyDeprecations} from '../../../plugins/api-reference/marks';
import type {BadgeView} from '../../../plugins/api-reference/types';
import Badge from '../../../src/components/ApiReference/Badge';
import badgeStyles from '../../../src/components/ApiReference/Badge/styles.module.css';
import ParameterTable from '../../../src/components/ApiReference/ParameterTable';
import RestIndex from '../../../src/components/ApiReference/RestIndex';
import Schema from '../../../src/components/ApiReference/Schema';

const openapi: Json = {
  openapi: '3.1.0',
  info: {title: 'Fixture', version: '1.0.0'},
  paths: {
    '/accounts/{id}': {
      get: {
        operationId: 'getAccount',
        parameters: [
          {name: 'id', in: 'path', required: true, schema: {type: 'string'}},
          {name: 'fields', in: 'query', deprecated: true, schema: {type: 'string'}},
        ],
        responses: {
          '200': {
            description: 'The account',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'legacy_code'],
                  properties: {
                    id: {type: 'string', readOnly: true},
                    legacy_code: {type: 'string', deprecated: true},
                    note: {type: ['string', 'null']},
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

const operation = buildRestModel(openapi).tags.flatMap((t) => t.operations)[0];

/** The page's text as the browser's innerText gives it (hast-util-to-text follows that algorithm). */
function textOf(html: string, selector: string): string[] {
  return selectAll(selector, fromHtml(html, {fragment: true})).map((node) =>
    toText(node).replace(/\s+/g, ' ').trim(),
  );
}

describe('one badge component', () => {
  it('draws each kind with its own class from the badge styles', () => {
    const kinds: [BadgeView, string, string][] = [
      [{kind: 'required'}, 'required', 'required'],
      [{kind: 'optional'}, 'optional', 'optional'],
      [{kind: 'read-only'}, 'read-only', 'flag'],
      [{kind: 'nullable'}, 'nullable', 'flag'],
      [
        {kind: 'deprecated', mark: {since: '2.1.0', sunset: '2027-01-31'}},
        'deprecated in 2.1.0, sunset 2027-01-31',
        'deprecated',
      ],
      [{kind: 'new', version: '2.1.0', href: '/version-history#2.1.0'}, 'New in 2.1.0', 'release'],
    ];
    for (const [badge, words, style] of kinds) {
      const html = renderToStaticMarkup(<Badge badge={badge} />);
      expect(html.startsWith(' '), `${badge.kind} is preceded by a space`).toBe(true);
      expect(html).toContain(`class="${badgeStyles[style]}"`);
      expect(toText(fromHtml(html, {fragment: true})).trim()).toBe(words);
    }
    expect(renderToStaticMarkup(<Badge badge={undefined} />)).toBe('');
  });

  it("keeps a field's name, type and badges apart as words", () => {
    expect(operation).toBeDefined();
    const body = operation?.responses.find((r) => r.code === '200')?.contents[0]?.schema;
    expect(body).toBeDefined();
    if (body === undefined) return;
    const html = renderToStaticMarkup(<Schema node={body} label="Response body" />);
    const lines = Object.fromEntries(
      selectAll('li', fromHtml(html, {fragment: true})).map((li) => {
        const words = toText(li).replace(/\s+/g, ' ').trim();
        return [words.split(' ')[0], words];
      }),
    );
    // The old markup ran them together: "idstring required", "requiredread-only".
    expect(lines).toEqual({
      id: 'id string required read-only',
      legacy_code: 'legacy_code string required deprecated',
      note: 'note string | null',
    });
  });

  it("gives a parameter's presence and deprecation as badges, after its name", () => {
    expect(operation).toBeDefined();
    if (operation === undefined) return;
    const html = renderToStaticMarkup(
      <ParameterTable parameters={operation.parameters} caption="Parameters" />,
    );
    expect(textOf(html, 'th[scope=row]')).toEqual(['id required', 'fields optional deprecated']);
    expect(html).toContain(`class="${badgeStyles.required}"`);
    expect(html).toContain(`class="${badgeStyles.optional}"`);
  });
});

describe('a constant in a parameter table', () => {
  const doc: Json = {
    openapi: '3.1.0',
    info: {title: 'Fixture', version: '1.0.0'},
    paths: {
      '/prices': {
        get: {
          operationId: 'getPrices',
          parameters: [
            {
              name: 'channel',
              in: 'query',
              description: 'Always prices.',
              schema: {type: 'string', const: 'prices'},
            },
            {
              name: 'kind',
              in: 'query',
              description: 'What to list.',
              schema: {type: 'string', const: 'spot'},
            },
          ],
          responses: {'200': {description: 'OK'}},
        },
      },
    },
  };

  it('is given once: not again under a description that already says it, kept under one that does not', () => {
    const op = buildRestModel(doc).tags.flatMap((t) => t.operations)[0];
    expect(op).toBeDefined();
    if (op === undefined) return;
    const html = renderToStaticMarkup(<ParameterTable parameters={op.parameters} caption="Parameters" />);
    const rows = selectAll('tr[id]', fromHtml(html, {fragment: true})).map((row) =>
      toText(row).replace(/\s+/g, ' ').trim(),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]?.match(/Always/g)).toHaveLength(1);
    expect(rows[1]).toContain('Always "spot".');
  });
});

describe("the REST index's deprecation mark (a reference split over pages)", () => {
  const many: Json = {
    openapi: '3.1.0',
    info: {title: 'Many', version: '2.1.0'},
    tags: [{name: 'Pets'}],
    paths: Object.fromEntries(
      Array.from({length: 4}, (_, i) => [
        `/pets/${i}`,
        {
          get: {
            operationId: `getPet${i}`,
            tags: ['Pets'],
            deprecated: i === 2,
            responses: {'200': {description: 'OK'}},
          },
        },
      ]),
    ),
  };

  it('carries the release and sunset of the operation, beside its link (not inside it)', () => {
    const whole = buildRestModel(many);
    applyDeprecations(
      whole,
      new Map([['getPet2', {since: '2.1.0', href: '/version-history#v2-1-0', sunset: '2027-06-30'}]]),
    );
    const site = planRestPages(whole, '/rest', {onePage: 2, perPage: 2});
    expect(site.main.index).toBeDefined();
    if (site.main.index === undefined) return;
    const html = renderToStaticMarkup(<RestIndex index={site.main.index} />);
    const tree = fromHtml(html, {fragment: true});
    const item = selectAll('li', tree).find((li) => li.properties.id === 'getPet2');
    expect(item).toBeDefined();
    if (item === undefined) return;
    expect(toText(item).replace(/\s+/g, ' ').trim()).toBe(
      'GET /pets/2 deprecated in 2.1.0, sunset 2027-06-30',
    );
    // Two links side by side: to the operation (on the tag's second page), and from the mark to
    // its release; none nested.
    expect(selectAll('a', item).map((a) => a.properties.href)).toEqual([
      '/rest/pets-2#getPet2',
      '/version-history#v2-1-0',
    ]);
    expect(selectAll('a a', tree)).toEqual([]);
    expect(selectAll(`span.${badgeStyles.deprecated}`, item)).toHaveLength(1);
    // The other entries carry no mark.
    expect(selectAll(`span.${badgeStyles.deprecated}`, tree)).toHaveLength(1);
  });
});
