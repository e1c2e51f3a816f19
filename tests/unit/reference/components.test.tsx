/** The reference components rendered on the server: what the static HTML holds. */
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import type {Json} from '../../../plugins/api-reference/document';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import RestPage from '../../../src/components/ApiReference/RestPage';
import WsReference from '../../../src/components/ApiReference/WsReference';
import Schema from '../../../src/components/ApiReference/Schema';
import {collectedAnchors} from '../stubs/docusaurus/useBrokenLinks';
import {TEST_IDENTITY} from './helpers';

const identity = TEST_IDENTITY;

const openapi: Json = {
  openapi: '3.1.0',
  info: {title: 'Fixture', version: '2.0.0'},
  servers: [{url: 'https://pre.example.com'}],
  components: {securitySchemes: {bearerAuth: {type: 'http', scheme: 'bearer'}}},
  security: [{bearerAuth: []}],
  paths: {
    '/orders': {
      post: {
        operationId: 'createOrder',
        tags: ['Orders'],
        summary: 'Create <an> order',
        parameters: [{name: 'dry_run', in: 'query', schema: {type: 'boolean', default: false}}],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {type: 'object', required: ['qty'], properties: {qty: {type: 'string', maxLength: 70}}},
              example: {qty: '1'},
            },
          },
        },
        responses: {
          '202': {description: 'Accepted'},
          '409': {
            description: 'Duplicate',
            content: {'application/json': {schema: {type: 'object', properties: {error: {type: 'string'}}}}},
          },
        },
      },
    },
  },
};

describe('RestPage', () => {
  const html = renderToStaticMarkup(<RestPage model={buildRestModel(openapi)} identity={identity} />);

  it('renders the operation heading with its anchor, method and path', () => {
    expect(html).toMatch(/<h3 id="createOrder"[^>]*>Create &lt;an&gt; order<\/h3>/);
    expect(html).toContain('>POST</span>');
    expect(html).toContain('>/orders</code>');
    expect(html).toMatch(/<h2 id="tag-orders"/);
  });

  it('renders parameters in a table with column and row headers', () => {
    expect(html).toContain('<th scope="col">Name</th>');
    expect(html).toMatch(/<tr id="createOrder.query.dry_run"[^>]*><th scope="row">/);
    expect(html).toContain('Default: <code>false</code>');
  });

  it('renders fields with ids registered for the anchor checker, and constraints in words', () => {
    expect(html).toContain('id="createOrder.request.qty"');
    expect(collectedAnchors.has('createOrder.request.qty')).toBe(true);
    expect(collectedAnchors.has('createOrder.response-409.error')).toBe(true);
    expect(html).toContain('At most 70 characters');
    expect(html).toContain('>required</span>');
  });

  it('separates error responses and keeps every code', () => {
    const list = html.indexOf('>Responses</h4>');
    const errors = html.indexOf('Error responses');
    expect(html.indexOf('>202<', list)).toBeGreaterThan(list);
    expect(errors).toBeGreaterThan(html.indexOf('>202<', list));
    expect(html.indexOf('>409<', list)).toBeGreaterThan(errors);
  });

  it('renders code samples in tabs (first selected, others hidden, the body last), the validator hook and the download links', () => {
    expect(html.match(/role="tablist" aria-label="Language"/g)).toHaveLength(1);
    // The code samples' tab set: from its tab list to the validator that follows it.
    const samples = html.slice(html.indexOf('aria-label="Language"'), html.indexOf('data-test-validator'));
    const tabs = [
      ...samples.matchAll(/<button[^>]*role="tab"[^>]*aria-selected="(true|false)"[^>]*>([^<]+)<\/button>/g),
    ];
    expect(tabs.map((t) => t[2])).toEqual([
      'curl',
      'Python',
      'JavaScript / TypeScript',
      'Go',
      'Java',
      'C#',
      'Body',
    ]);
    expect(tabs.map((t) => t[1])).toEqual(['true', 'false', 'false', 'false', 'false', 'false', 'false']);
    const panels = samples.match(/<div role="tabpanel"[^>]*>/g) ?? [];
    expect(panels.map((p) => p.includes(' hidden=""'))).toEqual([false, true, true, true, true, true, true]);
    // The body is in its own tab, the last one.
    expect(samples.split('<div role="tabpanel"').at(-1)).toContain('&quot;qty&quot;: &quot;1&quot;');
    // What is shown is on the server's page, highlighted, each block with its copy button (bash
    // is one of the site's added grammars, set up when the first block needs it);
    // a hidden panel's code is plain text until the reader shows it (highlighted then).
    expect(html).toMatch(
      /<pre[^>]*class="prism-code language-bash[^>]*><code[^>]*><span class="token function"[^>]*>curl<\/span> <span class="token parameter variable"[^>]*>--request<\/span> POST/,
    );
    const hiddenPanels = samples.split('<div role="tabpanel"').filter((p) => p.includes(' hidden=""'));
    expect(hiddenPanels).toHaveLength(6);
    for (const panel of hiddenPanels) {
      expect(panel).toMatch(/<pre[^>]*class="prism-code/);
      expect(panel).not.toContain('class="token ');
    }
    expect(html).toContain('aria-label="Copy code to clipboard"');
    expect(html).toContain('data-test-validator="rest:createOrder"');
    expect(html).toContain('data-example="{\n  &quot;qty&quot;: &quot;1&quot;\n}"');
    for (const f of ['openapi.yaml', 'openapi.json']) expect(html).toContain(`href="/downloads/${f}"`);
  });

  it('renders the TOC from the model, each operation with its method', () => {
    expect(html).toContain(
      'data-level="3"><a href="#createOrder">&lt;span class=&quot;api-nav-badge api-nav-badge--post&quot;&gt;POST&lt;/span&gt; Create &amp;lt;an&amp;gt; order</a>',
    );
  });

  it('puts the pane between what the operation takes and what it returns: the request first, then response examples by status', () => {
    const pane = html.indexOf('aria-label="Samples and examples: Create &lt;an&gt; order"');
    expect(pane).toBeGreaterThan(html.indexOf('Request body'));
    expect(pane).toBeLessThan(html.indexOf('>Responses</h4>'));
    const order = [
      '>Request</h4>',
      'Code samples for',
      '>Body<',
      'data-test-validator',
      'Response examples',
    ].map((t) => html.indexOf(t, pane));
    expect(order.every((i, n) => i > pane && (n === 0 || i > (order[n - 1] ?? 0)))).toBe(true);
    const status = html.slice(html.indexOf('aria-label="Response status"'));
    expect([...status.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((m) => m[1])).toEqual(['202', '409']);
  });
});

describe('Schema', () => {
  it('gives a constant once: not again after a description that already says it', () => {
    const html = renderToStaticMarkup(
      <Schema
        label="x"
        node={{
          type: 'object',
          fields: [
            {
              name: 'channel',
              id: 'p.channel',
              type: 'string',
              const: '"prices"',
              description: '<p>Always prices.</p>',
            },
            {
              name: 'kind',
              id: 'p.kind',
              type: 'string',
              const: '"price"',
              description: '<p>Always prices.</p>',
            },
          ],
        }}
      />,
    );
    expect(html.match(/Always prices\./g)).toHaveLength(2);
    // The second field's constant is another value: its rule stays.
    expect(html.match(/Always <code/g)).toHaveLength(1);
    expect(html).toContain('&quot;price&quot;</code>');
  });

  it('labels compositions and titles branches; keeps const false', () => {
    const html = renderToStaticMarkup(
      <Schema
        label="x"
        node={{
          type: 'object',
          fields: [{name: 'flag', id: 'p.flag', type: 'boolean', const: 'false'}],
          groups: [
            {
              kind: 'oneOf',
              label: 'Exactly one of',
              branches: [
                {title: 'A', node: {type: 'object'}},
                {title: 'B', node: {type: 'object'}},
              ],
            },
          ],
        }}
      />,
    );
    expect(html).toContain('Always <code');
    expect(html).toContain('>false</code>');
    expect(html).toMatch(/<strong>Exactly one of<\/strong> these 2:/);
    expect(html).toContain('<strong>A</strong>');
    expect(html).toContain('role="group" aria-label="Exactly one of"');
  });

  it('points a recursive field back to its ancestor', () => {
    const html = renderToStaticMarkup(
      <Schema
        label="x"
        node={{
          type: 'object',
          fields: [{name: 'child', id: 'p.child', type: 'object', recursive: {name: 'Node', id: 'p'}}],
        }}
      />,
    );
    expect(html).toContain('Recursive: the same structure as <a href="#p">Node</a>');
  });
});

describe('WsReference', () => {
  const asyncapi: Json = {
    asyncapi: '3.0.0',
    info: {title: 'WS', version: '1'},
    servers: {pre: {host: 'pre.example.com', protocol: 'wss'}, prod: {host: 'example.com', protocol: 'wss'}},
    channels: {
      orders: {
        address: '/ws/orders',
        messages: {
          new_order: {$ref: '#/components/messages/new_order'},
          execution: {$ref: '#/components/messages/execution'},
        },
      },
    },
    operations: {
      place: {
        action: 'receive',
        channel: {$ref: '#/channels/orders'},
        messages: [{$ref: '#/channels/orders/messages/new_order'}],
        reply: {
          channel: {$ref: '#/channels/orders'},
          messages: [{$ref: '#/channels/orders/messages/execution'}],
        },
      },
    },
    components: {
      messages: {
        new_order: {
          payload: {
            type: 'object',
            properties: {new_order: {type: 'object', properties: {side: {enum: ['BUY']}}}},
          },
          examples: [{payload: {new_order: {side: 'BUY'}}}],
        },
        execution: {payload: {type: 'object'}},
      },
    },
  };
  const html = renderToStaticMarkup(<WsReference model={buildWsModel(asyncapi)} />);

  it('labels messages from the reader side and links the replies', () => {
    expect(html).toMatch(/<h2 id="channel-orders"/);
    expect(html).toMatch(/<h3 id="new_order"[^>]*>new_order<\/h3>[\s\S]*You send/);
    expect(html).toMatch(/<h3 id="execution"[^>]*>execution<\/h3>[\s\S]*You receive/);
    expect(html).toContain(
      'After you send it, you receive <span><a href="#execution"><code>execution</code></a></span>',
    );
  });

  it('renders fields, samples for sent messages only, the validator and the flow diagram as static SVG', () => {
    expect(html).toContain('id="new_order.new_order.side"');
    expect(html.match(/role="tablist"/g)).toHaveLength(1);
    expect(html).toContain('data-test-validator="ws:new_order"');
    expect(html).not.toContain('data-test-validator="ws:execution"');
    expect(html).toMatch(/<svg[^>]*role="img"/);
    expect(html).toContain('href="/downloads/asyncapi.json"');
  });
});
