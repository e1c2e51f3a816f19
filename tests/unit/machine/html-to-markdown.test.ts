/**
 * Built HTML → Markdown (plugins/machine-readable/html-to-markdown.ts), on
 * pages as Docusaurus writes them (./fixtures.ts) and on small fragments.
 */
import {createElement} from 'react';
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, test} from 'vitest';
import CodeSamples from '../../../src/components/ApiReference/CodeSamples';
import {
  absoluteHref,
  githubSlug,
  isRedirectPage,
  pageToMarkdown,
} from '../../../plugins/machine-readable/html-to-markdown';
import {DOC_PAGE, REFERENCE_PAGE} from './fixtures';

const SITE = 'Example Provider API';

/** A page whose article holds `body`. */
function page(body: string, head = ''): string {
  return `<!doctype html><html><head>${head}</head><body><nav class="navbar">Navbar</nav><main><article>${body}</article></main><footer>Footer</footer></body></html>`;
}

function convert(body: string, pagePath = '/docs/page'): string {
  return pageToMarkdown(page(body), {pagePath, siteTitle: SITE}).markdown;
}

describe('what a Markdown copy leaves out', () => {
  test('controls, hidden parts, opted-out parts, the validator and site chrome go; their neighbours stay', () => {
    const md = convert(
      [
        '<p>Kept one.</p>',
        '<button>Press</button><input value="typed"><textarea>area</textarea><select><option>Opt</option></select>',
        '<svg><text>drawing</text></svg><iframe src="/x"></iframe><noscript>no script</noscript>',
        '<div hidden><p>Hidden part.</p></div>',
        '<div hidden="until-found"><p>Found later.</p></div>',
        '<div data-markdown="skip"><p>Skipped part.</p></div>',
        '<div data-markdown="keep"><p>Kept two.</p></div>',
        '<div data-validator-target=""><p>Validator form.</p></div>',
        '<div class="tocCollapsible_x1y2 theme-doc-toc-mobile"><p>Collapsed TOC.</p></div>',
        '<nav class="pagination-nav"><a href="/next">Next page</a></nav>',
        '<div class="toc-like"><p>Kept three.</p></div>',
      ].join(''),
    );
    for (const gone of [
      'Press',
      'typed',
      'area',
      'Opt',
      'drawing',
      'no script',
      'Hidden part',
      'Skipped part',
    ])
      expect(md, gone).not.toContain(gone);
    for (const gone of ['Found later', 'Validator form', 'Collapsed TOC', 'Next page'])
      expect(md, gone).not.toContain(gone);
    expect(md).toContain('Kept one.');
    expect(md).toContain('Kept two.');
    expect(md).toContain('Kept three.');
  });
});

describe('a guide page', () => {
  const result = pageToMarkdown(DOC_PAGE, {pagePath: '/docs/fixture', siteTitle: SITE});
  const md = result.markdown;

  test('title from the h1, summary from the meta description (one line)', () => {
    expect(result.title).toBe('Fixture guide');
    expect(result.description).toBe(
      'A guide page used as a fixture: chrome, code, tabs, tables and anchors.',
    );
    expect(md.startsWith('# Fixture guide\n')).toBe(true);
  });

  test('only the article: no navbar, sidebar, breadcrumbs, TOC, pager, footer, buttons or scripts', () => {
    for (const chrome of [
      'Skip to main content',
      'Introduction',
      'On this page',
      'Next page',
      'Copyright',
      'Copy page as Markdown',
      'View as Markdown',
      'window.foo',
      'Copy code',
    ]) {
      expect(md).not.toContain(chrome);
    }
  });

  test('headings keep their level; a heading whose id is not its slug keeps the id as an anchor', () => {
    expect(md).toContain('\n## Hosts\n');
    expect(md).not.toContain('id="hosts"');
    expect(md).toContain('\n## Step one: call it <a id="custom-anchor"></a>\n');
    expect(md).toContain('Raw anchor: <a id="old-name"></a>kept for old links.');
    expect(md).not.toContain('\u200b'); // the hash-links' zero-width space
  });

  test('links become absolute site paths; external and mailto links stay', () => {
    expect(md).toContain('[bulk orders](/docs/rest_overview#bulk-orders)');
    expect(md).toContain('[`listInstruments`](/rest#listInstruments)');
    expect(md).toContain('[the hosts below](/docs/fixture#hosts)');
    expect(md).toContain('[the spec](https://example.org/spec)');
    expect(md).toContain('<api@example.com>');
  });

  test('a Prism code block keeps its language, title and exact lines', () => {
    expect(md).toContain(
      [
        '```bash title="Request: list instruments"',
        "curl -sS 'https://api.preprod.example.com/api/instruments' \\",
        '  -H "Authorization: Bearer $API_TOKEN"',
        '```',
      ].join('\n'),
    );
  });

  test('tabs: every panel, hidden ones too, under its label, in order', () => {
    const curl = md.indexOf('**curl**');
    const python = md.indexOf('**Python**');
    expect(curl).toBeGreaterThan(-1);
    expect(python).toBeGreaterThan(curl);
    expect(md).toContain(
      '```python\nimport requests\n\n    print(requests.get("https://api.preprod.example.com/api/instruments").text)\n```',
    );
  });

  test('tables are GFM tables; block content in a cell is joined with <br>; pipes are escaped', () => {
    expect(md).toContain('| Environment | Notes |');
    expect(md).toContain(
      '| Pre-production | The default.<br>• REST: `https://api.preprod.example.com`<br>• WebSocket: `wss://api.preprod.example.com` |',
    );
    expect(md).toContain('| Production | Real trades \\| real money |');
  });

  test('admonitions become blockquotes led by their heading', () => {
    expect(md).toContain('> **Warning**\n>\n> The bulk order endpoint is **disabled**.');
  });

  test('diagrams: the SVG goes, the caption and text version stay; React comment separators go', () => {
    expect(md).not.toContain('Hidden label');
    expect(md).toContain('**The flow** Two steps.');
    expect(md).toContain('1. Place an order — new_order');
    expect(md).not.toContain('<!--');
  });

  test('inline elements that CSS kept apart are spaced; emphasis never ends on a space', () => {
    expect(md).toContain('GET `/api/instruments`');
    expect(md).toContain('_If confirmed:_ Server answers.');
    expect(md).not.toContain('&#x');
  });
});

describe('a generated reference page', () => {
  const result = pageToMarkdown(REFERENCE_PAGE, {pagePath: '/rest', siteTitle: SITE});
  const md = result.markdown;

  test('operation headings keep their operationId anchors', () => {
    expect(md).toContain('## Instruments <a id="tag-instruments"></a>');
    expect(md).toContain('### List tradeable instruments <a id="listInstruments"></a>');
  });

  test('a field keeps its anchor on its line; its permalink is unwrapped', () => {
    expect(md).toContain(
      '- <a id="listInstruments.response-200.instrument_list"></a>`instrument_list` array required',
    );
    expect(md).not.toContain('](/rest#listInstruments.response-200.instrument_list)');
  });

  test('download links stay; the validator form, the copy control and the TOC go', () => {
    expect(md).toContain('[openapi.yaml](/downloads/openapi.yaml)');
    for (const gone of [
      'Validate a payload',
      'Paste a payload',
      'On this page',
      'Copy page as Markdown',
      'Footer',
      'Home',
    ]) {
      expect(md).not.toContain(gone);
    }
  });

  test('React useId ids are not turned into anchors', () => {
    expect(md).not.toMatch(/id="_r_/);
  });
});

describe('fragments', () => {
  test('a plain <pre><code class="language-…"> keeps its language and whitespace', () => {
    expect(convert('<pre><code class="language-json">{\n  "a": 1\n}\n</code></pre>')).toContain(
      '```json\n{\n  "a": 1\n}\n```',
    );
  });

  test('text and a badge span are spaced; intra-word markup is not', () => {
    expect(
      convert(
        '<h2 id="v2-0-0">2.0.0<span class="badge_x">Current</span></h2><p><code>x</code>s and (<span>y</span>)</p>',
      ),
    ).toBe('## 2.0.0 Current <a id="v2-0-0"></a>\n\n`x`s and (y)\n');
  });

  test('a code block without a language is a plain fence', () => {
    expect(convert('<pre>x  y</pre>')).toContain('```\nx  y\n```');
  });

  test('lists, emphasis and inline code', () => {
    expect(convert('<ul><li><strong>a</strong> and <em>b</em></li><li><code>c</code></li></ul>')).toBe(
      '- **a** and _b_\n- `c`\n',
    );
  });

  test('the title falls back to <title> without the site name, then to the path', () => {
    const html = page('<p>No heading.</p>', `<title>Licences | ${SITE}</title>`);
    expect(pageToMarkdown(html, {pagePath: '/legal/licenses', siteTitle: SITE}).title).toBe('Licences');
    expect(pageToMarkdown(page('<p>x</p>'), {pagePath: '/x'}).title).toBe('/x');
  });

  test('a page without article or main is an error naming the page', () => {
    expect(() => pageToMarkdown('<html><body><p>x</p></body></html>', {pagePath: '/odd'})).toThrow(
      '/odd: the page has no <article> or <main> to convert to Markdown',
    );
  });

  test('main is used when there is no article', () => {
    const html =
      '<html><body><nav>Nav</nav><main><h1>Version history</h1><p>Text.</p></main><footer>F</footer></body></html>';
    expect(pageToMarkdown(html, {pagePath: '/version-history'}).markdown).toBe(
      '# Version history\n\nText.\n',
    );
  });
});

describe('helpers', () => {
  test('absoluteHref resolves relative links against the page path', () => {
    expect(absoluteHref('./b', '/docs/a')).toBe('/docs/b');
    expect(absoluteHref('../rest#x', '/docs/a')).toBe('/rest#x');
    expect(absoluteHref('#y', '/docs/a')).toBe('/docs/a#y');
    expect(absoluteHref('/downloads/openapi.yaml', '/docs/a')).toBe('/downloads/openapi.yaml');
    expect(absoluteHref('https://example.org/x', '/docs/a')).toBe('https://example.org/x');
    expect(absoluteHref('mailto:a@example.com', '/docs/a')).toBe('mailto:a@example.com');
  });

  test('githubSlug matches the ids Docusaurus gives headings', () => {
    expect(githubSlug('Settle a trade, step by step')).toBe('settle-a-trade-step-by-step');
    expect(githubSlug('subscribe_price_channel')).toBe('subscribe_price_channel');
    expect(githubSlug('1. Place an order')).toBe('1-place-an-order');
  });

  test('redirect stubs are recognised', () => {
    expect(isRedirectPage('<meta http-equiv="refresh" content="0; url=/docs/intro">')).toBe(true);
    expect(isRedirectPage(DOC_PAGE)).toBe(false);
  });
});

describe('the references’ own code samples (CodeSamples rendered as the build renders it)', () => {
  const samples = [
    {
      language: 'curl',
      label: 'curl',
      prism: 'bash',
      code: 'curl --request GET \\\n  --url https://api.example.com/x',
    },
    {
      language: 'python',
      label: 'Python',
      prism: 'python',
      code: 'import requests\n\nprint(requests.get("x"))',
    },
  ];
  const html = renderToStaticMarkup(createElement(CodeSamples, {samples, title: 'Code samples for X'}));
  const md = convert(html, '/rest');

  test('every language, hidden tabs too, once under its label, with its lines exactly', () => {
    expect(md.match(/\*\*curl\*\*/g)).toHaveLength(1);
    expect(md.match(/\*\*Python\*\*/g)).toHaveLength(1);
    expect(md).toContain('```bash\ncurl --request GET \\\n  --url https://api.example.com/x\n```');
    expect(md).toContain('```python\nimport requests\n\nprint(requests.get("x"))\n```');
  });

  test('no anchors for the generated tab ids, no copy button text', () => {
    expect(md).not.toContain('<a id=');
    expect(md).not.toContain('Copy');
  });
});
