/**
 * Small built pages in the shape Docusaurus and the reference components
 * write them: headings with hash links, a TOC, code blocks, an operation with
 * its endpoint line, nested schema fields, a parameter row, a response, an
 * error-catalogue row, a message with a second placement under a channel.
 */

export function page(title: string, main: string, head = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} | Example API</title>${head}</head>
<body><div id="__docusaurus"><a id="__docusaurus_skipToContent_fallback" href="#main">Skip to main content</a>
<nav class="navbar"><a href="/docs/intro">Guides</a><button type="button">Search</button></nav>
${main}
<footer class="footer">Copyright © 2025</footer></div></body></html>`;
}

const hash = (id: string, label: string): string =>
  `<a href="#${id}" class="hash-link" aria-label="Direct link to ${label}" title="Direct link to ${label}">\u200b</a>`;

export const GUIDE = page(
  'Authentication',
  `<main class="docMainContainer"><div class="row"><div class="col">
<article><nav class="theme-doc-breadcrumbs" aria-label="Breadcrumbs"><a href="/">Home</a> Authentication</nav>
<div class="theme-doc-toc-mobile"><button>On this page</button><ul><li><a href="#getting-a-token">Getting a token</a></li></ul></div>
<div class="theme-doc-markdown markdown"><header><h1>Authentication</h1></header>
<p>Both APIs use a <strong>bearer</strong> token.</p>
<h2 class="anchor" id="getting-a-token">Getting a token${hash('getting-a-token', 'Getting a token')}</h2>
<p>Write to <code>api@example.com</code>; a <code>401</code> means the token must be replaced.</p>
<pre><code>curl -H "Authorization: Bearer SECRET_IN_CODE_BLOCK" https://api.example.com</code></pre>
<h3 class="anchor" id="token-lifetime">Token lifetime${hash('token-lifetime', 'Token lifetime')}</h3>
<p>Tokens expire; see <code>AmountTooAccurate</code> for nothing in particular.</p>
<h4>No id here</h4><p>Text under a heading without id stays in the section above.</p>
<h2 class="anchor" id="error-handling">Error handling${hash('error-handling', 'Error handling')}</h2>
<table><tbody>
<tr id="error-AmountTooAccurate"><th scope="row"><code>AmountTooAccurate</code> HTTP 422</th><td>The amount has more decimals than accepted.</td><td><a href="/rest#getBulkOrder"><code>getBulkOrder</code></a></td></tr>
</tbody></table>
</div>
<nav class="pagination-nav"><a href="/docs/intro">Previous Introduction</a></nav>
</article></div>
<div class="col col--3"><div class="theme-doc-toc-desktop"><ul class="table-of-contents"><li><a href="#getting-a-token">Getting a token</a></li></ul></div></div>
</div></main>`,
);

export const REST = page(
  'REST API reference',
  `<main class="container"><h1>REST API reference</h1>
<h2 class="anchor" id="tag-orders">Orders${hash('tag-orders', 'Orders')}</h2><p>Bulk orders and history.</p>
<section aria-labelledby="createBulkOrder"><h3 class="anchor" id="createBulkOrder">Place a bulk market order${hash('createBulkOrder', 'Place a bulk market order')}</h3>
<p class="endpoint"><span class="method">POST</span><code class="path">/api/orders/bulk</code><span class="badge">deprecated</span></p>
<p>Places 1–999 orders at once.</p>
<h4>Parameters</h4>
<table><caption>Parameters of Place a bulk market order</caption><tbody>
<tr id="createBulkOrder.header.X-Trace"><th scope="row"><a href="#createBulkOrder.header.X-Trace"><code>X-Trace</code></a><span>optional</span></th><td>header</td><td>A trace id.</td></tr>
</tbody></table>
<h4>Request body (required)</h4>
<ul><li id="createBulkOrder.request.new_bulk_order"><div><a href="#createBulkOrder.request.new_bulk_order"><code>new_bulk_order</code></a><span>object</span></div>
<p>The bulk order.</p>
<details open><summary>Fields of new_bulk_order (1)</summary><ul>
<li id="createBulkOrder.request.new_bulk_order.orders[].counter_leg_precision"><div><a href="#createBulkOrder.request.new_bulk_order.orders[].counter_leg_precision"><code>counter_leg_precision</code></a><span>integer</span></div><p>Optional number of decimals of the counter leg.</p><ul><li>From 0 to 99</li></ul></li>
</ul></details></li></ul>
<pre><code>{"new_bulk_order": {"orders": [{"counter_leg_precision": 2}]}}</code></pre>
<h4>Responses</h4>
<details id="createBulkOrder.response-202" open><summary><span>202</span><span>Accepted for execution.</span></summary>
<div><p>Content type <code>application/json</code></p><ul><li id="createBulkOrder.response-202.bulk_order_id"><div><a><code>bulk_order_id</code></a><span>string</span></div><p>Id of the bulk order.</p></li></ul></div></details>
<form><label>Validate a payload<textarea>{}</textarea></label><button>Check</button></form>
</section>
<section aria-labelledby="getBulkOrder"><h3 class="anchor" id="getBulkOrder">Read a bulk order${hash('getBulkOrder', 'Read a bulk order')}</h3>
<p class="endpoint"><span class="method">GET</span><code class="path">/api/orders/bulk/{bulk_order_id}</code></p>
<p>Returns a bulk order.</p>
<div id=":r1:" aria-hidden="true">React id, not a place</div>
</section>
</main>`,
);

export const WS = page(
  'WebSocket API reference',
  `<main class="container"><h1>WebSocket API reference</h1>
<h2 class="anchor" id="channel-prices">Prices${hash('channel-prices', 'Prices')}</h2><p>Address <code>/ws/prices</code></p>
<h3 class="anchor" id="price_subscription_error">price_subscription_error${hash('price_subscription_error', 'price_subscription_error')}</h3>
<p>You receive: the instrument subscriptions that were refused.</p>
<ul><li id="price_subscription_error.rejection_list"><div><code>rejection_list</code><span>array</span></div><p>Refused subscriptions.</p></li></ul>
<h2 class="anchor" id="channel-orders">Orders${hash('channel-orders', 'Orders')}</h2>
<h3 class="anchor" id="channel-orders.price_subscription_error">price_subscription_error${hash('channel-orders.price_subscription_error', 'x')}</h3>
<p>Also on this channel: see above.</p>
</main>`,
);

export const REDIRECT = `<!doctype html><html><head><meta charset="UTF-8"><meta http-equiv="refresh" content="0; url=/docs/intro"><link rel="canonical" href="/docs/intro"></head><script>window.location.href='/docs/intro'</script></html>`;

export const NO_INDEX = page(
  'Draft',
  '<main><h1>Draft</h1><p>Not for search.</p></main>',
  '<meta name="robots" content="noindex, nofollow">',
);
