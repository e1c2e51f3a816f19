/**
 * llms.txt / llms-full.txt rendering, page grouping from the docs sidebar and
 * the Markdown-copy paths shared with the browser.
 */
import {describe, expect, test} from 'vitest';
import {
  apiSentence,
  authenticationOf,
  renderLlmsFull,
  renderLlmsTxt,
  type LlmsInput,
  type LlmsPage,
} from '../../../plugins/machine-readable/llms';
import {DOWNLOADS, markdownPathFor, schemaFileFor} from '../../../plugins/api-reference/client/downloads';
import {readingOf} from '../../../plugins/api-reference/readings';
import {asyncapi, isObject, openapi} from '../guides/documents';
import {assignSections, sidebarSections} from '../../../plugins/machine-readable/sections';

/** The docs plugin's loaded content, as far as the sidebar is concerned (shape of 3.10). */
const DOCS_CONTENT = {
  loadedVersions: [
    {
      versionName: 'current',
      docs: [
        {id: 'intro', permalink: '/docs/intro', title: 'Introduction'},
        {id: 'getting_started', permalink: '/docs/getting_started', title: 'Getting started'},
        {id: 'ws', permalink: '/docs/ws', title: 'WebSocket API reference'},
        {id: 'hidden', permalink: '/docs/hidden', title: 'Not in the sidebar'},
      ],
      sidebars: {
        guides: [
          {type: 'doc', id: 'intro'},
          {type: 'doc', id: 'getting_started'},
          {type: 'html', value: '<hr>'},
          {
            type: 'category',
            label: 'API reference',
            collapsed: true,
            items: [
              {type: 'link', label: 'REST API reference', href: '/rest'},
              {type: 'doc', id: 'ws'},
              {type: 'link', label: 'Status', href: 'https://status.example.com'},
            ],
          },
        ],
      },
    },
  ],
};

function llmsPage(path: string, title: string, description = `About ${title}.`): LlmsPage {
  return {path, title, description, markdown: `# ${title}\n\nBody of ${title}.\n`};
}

const INPUT: LlmsInput = {
  title: 'Example Provider API',
  summary: 'Guides and reference\nfor the API',
  details: ['Every page has a Markdown copy.'],
  sections: [
    {
      title: 'Guides',
      pages: [
        llmsPage('/docs/intro', 'Introduction'),
        llmsPage('/docs/getting_started', 'Getting [started]'),
      ],
    },
    {title: 'API reference', pages: [llmsPage('/rest', 'REST API reference', '')]},
    {title: 'Optional', pages: [llmsPage('/', 'Home'), llmsPage('/version-history', 'Version history')]},
  ],
  downloads: [
    {
      title: 'Postman collection',
      path: '/downloads/postman-collection.json',
      description: 'REST as a collection.',
    },
  ],
  url: (path) => `https://docs.example.com${path}`,
};

describe('sections from the docs sidebar', () => {
  test('top-level docs under Guides, a category under its label, in sidebar order; external links left out', () => {
    expect(sidebarSections(DOCS_CONTENT)).toEqual([
      {title: 'Guides', paths: ['/docs/intro', '/docs/getting_started']},
      {title: 'API reference', paths: ['/rest', '/docs/ws']},
    ]);
  });

  test('content that is not the docs plugin’s gives no sections', () => {
    expect(sidebarSections(undefined)).toEqual([]);
    expect(sidebarSections({loadedVersions: []})).toEqual([]);
  });

  test('every page lands in exactly one section; pages outside the sidebar are Optional, home first', () => {
    const sections = assignSections(sidebarSections(DOCS_CONTENT), [
      '/version-history',
      '/docs/intro',
      '/rest',
      '/',
      '/docs/hidden',
      '/docs/ws',
    ]);
    expect(sections).toEqual([
      {title: 'Guides', paths: ['/docs/intro']},
      {title: 'API reference', paths: ['/rest', '/docs/ws']},
      {title: 'Optional', paths: ['/', '/docs/hidden', '/version-history']},
    ]);
  });

  test('the pages of a multi-page reference follow its index in the same section', () => {
    const sections = assignSections(sidebarSections(DOCS_CONTENT), [
      '/rest/pets',
      '/docs/ws',
      '/rest',
      '/rest/orders',
      '/',
    ]);
    expect(sections).toEqual([
      {title: 'API reference', paths: ['/rest', '/rest/orders', '/rest/pets', '/docs/ws']},
      {title: 'Optional', paths: ['/']},
    ]);
  });
});

describe('llms.txt', () => {
  const text = renderLlmsTxt(INPUT);

  test('H1 title, blockquote summary on one line, then the details', () => {
    expect(
      text.startsWith(
        '# Example Provider API\n\n> Guides and reference for the API\n\nEvery page has a Markdown copy.\n\n## Guides\n',
      ),
    ).toBe(true);
  });

  test('one entry per page, linked to its Markdown copy, with its summary; brackets escaped', () => {
    expect(text).toContain('- [Introduction](https://docs.example.com/docs/intro.md): About Introduction.\n');
    expect(text).toContain(
      '- [Getting \\[started\\]](https://docs.example.com/docs/getting_started.md): About Getting [started].\n',
    );
    expect(text).toContain('- [REST API reference](https://docs.example.com/rest.md)\n');
  });

  test('sections in order: sidebar sections, Downloads, then Optional last', () => {
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(['Guides', 'API reference', 'Downloads', 'Optional']);
    expect(text).toContain(
      '- [Postman collection](https://docs.example.com/downloads/postman-collection.json): REST as a collection.',
    );
    expect(text).toContain('- [Home](https://docs.example.com/index.md): About Home.');
  });
});

describe('llms-full.txt', () => {
  const text = renderLlmsFull(INPUT);

  test('the header, then every non-optional page in order with its source URL', () => {
    expect(text.startsWith('# Example Provider API\n\n> Guides and reference for the API\n')).toBe(true);
    const order = ['Body of Introduction.', 'Body of Getting [started].', 'Body of REST API reference.'].map(
      (s) => text.indexOf(s),
    );
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain('---\n\nSource: https://docs.example.com/rest\n\n# REST API reference\n');
  });

  test('optional pages are left out', () => {
    expect(text).not.toContain('Body of Home.');
    expect(text).not.toContain('Body of Version history.');
  });
});

describe('paths shared with the browser', () => {
  test('a page’s Markdown copy is its path plus .md; folders and the root are index.md', () => {
    expect(markdownPathFor('/docs/intro')).toBe('/docs/intro.md');
    expect(markdownPathFor('/rest')).toBe('/rest.md');
    expect(markdownPathFor('/')).toBe('/index.md');
    expect(markdownPathFor('/base/')).toBe('/base/index.md');
    expect(markdownPathFor('/docs/intro?x=1#y')).toBe('/docs/intro.md');
    expect(markdownPathFor('/docs/intro.html')).toBe('/docs/intro.md');
  });

  test('schema file names are safe', () => {
    expect(schemaFileFor('new_order')).toBe('new_order.schema.json');
    expect(schemaFileFor('prices/update v2')).toBe('prices_update_v2.schema.json');
  });
});

describe("llms.txt's introduction: each part of the API with its own version", () => {
  test('the product: REST 2.0.0, and no version published for the WebSocket API (its document marks a reading)', () => {
    const info = isObject(asyncapi.info) ? asyncapi.info : {};
    const mark = readingOf(info);
    expect(mark?.id).toBe('websocket-version');
    const sentence = apiSentence({
      title: 'Example API',
      rest: String(isObject(openapi.info) ? openapi.info.version : ''),
      ws: String(info.version),
      wsVersionIsReading: mark !== undefined,
    });
    expect(sentence).toContain('a REST part (version 2.0.0)');
    expect(sentence).toContain('a WebSocket part, for which the provider publishes no version');
    expect(sentence).not.toMatch(/^The Example API \(version/);
  });

  test('documents without readings give each part its version; equal versions are said once per part', () => {
    const jwt = {rest: 'a bearer token (JWT)', ws: 'a bearer token (JWT)'};
    expect(apiSentence({title: 'T', rest: '1.2.0', ws: '3.0.0', auth: jwt})).toBe(
      'The T has a REST part (version 1.2.0) and a WebSocket part (version 3.0.0), both authenticated with a bearer token (JWT).',
    );
    expect(apiSentence({title: 'T', rest: '1.0.0', ws: '1.0.0'})).toContain(
      'a WebSocket part (version 1.0.0 too)',
    );
    expect(apiSentence({title: 'T', rest: '', ws: ''})).toBe('The T has a REST part and a WebSocket part.');
  });

  test('says how each part is authenticated only as its document declares it', () => {
    // The product's documents: a bearer JWT on the REST document and on every WebSocket server.
    expect(authenticationOf(openapi)).toBe('a bearer token (JWT)');
    expect(authenticationOf(asyncapi)).toBe('a bearer token (JWT)');
    const bare = {openapi: '3.1.0', info: {title: 'T', version: '1'}, paths: {'/a': {get: {responses: {}}}}};
    expect(authenticationOf(bare)).toBe('');
    // An operation's own requirement, a scheme behind a $ref, and an API key.
    const keyed = {
      ...bare,
      paths: {'/a': {get: {security: [{key: []}, {basic: []}], responses: {}}}},
      components: {
        securitySchemes: {
          key: {$ref: '#/components/securitySchemes/realKey'},
          realKey: {type: 'apiKey', in: 'header', name: 'X-Key'},
          basic: {type: 'http', scheme: 'basic'},
        },
      },
    };
    expect(authenticationOf(keyed)).toBe('an API key in the header X-Key or HTTP basic authentication');
    // AsyncAPI 3: a scheme written in full on a server.
    const ws = {
      asyncapi: '3.0.0',
      info: {title: 'T', version: '1'},
      servers: {
        live: {host: 'h', protocol: 'wss', security: [{type: 'httpApiKey', in: 'query', name: 'token'}]},
      },
    };
    expect(authenticationOf(ws)).toBe('an API key in the query token');
    expect(apiSentence({title: 'T', rest: '1', ws: '1', auth: {rest: authenticationOf(keyed), ws: ''}})).toBe(
      'The T has a REST part (version 1) and a WebSocket part (version 1 too); the REST part is authenticated with an API key in the header X-Key or HTTP basic authentication.',
    );
    expect(
      apiSentence({
        title: 'T',
        rest: '',
        ws: '',
        auth: {rest: 'a bearer token', ws: 'an API key in the query token'},
      }),
    ).toBe(
      'The T has a REST part and a WebSocket part; the REST part is authenticated with a bearer token; the WebSocket part with an API key in the query token.',
    );
    expect(apiSentence({title: 'T', rest: '', ws: '', auth: {rest: '', ws: 'OAuth 2.0'}})).toBe(
      'The T has a REST part and a WebSocket part; the WebSocket part is authenticated with OAuth 2.0.',
    );
  });

  test('says when some operations, or all, can be called without authentication', () => {
    const schemes = {securitySchemes: {jwt: {type: 'http', scheme: 'bearer', bearerFormat: 'JWT'}}};
    const op = (security?: unknown[]): Record<string, unknown> => ({
      ...(security !== undefined ? {security} : {}),
      responses: {},
    });
    const doc = (
      paths: Record<string, unknown>,
      security: unknown[] = [{jwt: []}],
    ): Record<string, unknown> => ({
      openapi: '3.1.0',
      info: {title: 'T', version: '1'},
      security,
      paths,
      components: schemes,
    });
    // `security: []` on an operation lifts the document's requirement; `{}` among the alternatives makes it optional.
    expect(authenticationOf(doc({'/a': {get: op(), post: op([])}, '/b': {get: op([{}, {jwt: []}])}}))).toBe(
      'a bearer token (JWT), which 2 of its 3 operations do not require',
    );
    expect(authenticationOf(doc({'/a': {get: op(), post: op([])}}))).toBe(
      'a bearer token (JWT), which one operation does not require',
    );
    expect(authenticationOf(doc({'/a': {get: op(), post: op()}}, [{jwt: []}, {}]))).toBe(
      'a bearer token (JWT), which no operation requires',
    );
    // A document-wide requirement every operation lifts: nothing to say.
    expect(authenticationOf(doc({'/a': {get: op([])}}))).toBe('');
    // An operation's requirement where the document has none: the others need nothing.
    expect(authenticationOf(doc({'/a': {get: op([{jwt: []}]), post: op()}}, []))).toBe(
      'a bearer token (JWT), which one operation does not require',
    );
    const sentence = apiSentence({
      title: 'T',
      rest: '1',
      ws: '',
      auth: {rest: authenticationOf(doc({'/a': {get: op(), post: op([])}})), ws: 'a bearer token (JWT)'},
    });
    expect(sentence).toBe(
      'The T has a REST part (version 1) and a WebSocket part; the REST part is authenticated with a bearer token (JWT), which one operation does not require; the WebSocket part with a bearer token (JWT).',
    );
  });

  test('no download says a WebSocket payload is the message "as sent": the envelope is a reading', () => {
    const facts = {openapiVersion: '3.1.0', asyncapiVersion: '3.0.0', messages: 14, requests: 14};
    const descriptions = DOWNLOADS.map((d) => d.describe(facts));
    expect(descriptions.join('\n')).not.toMatch(/as sent/);
    expect(descriptions.join('\n')).toMatch(/envelope the API documents read \(a reading/);
  });
});
