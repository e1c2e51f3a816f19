/**
 * Built pages as Docusaurus 3.10 writes them (trimmed from real build output:
 * navbar, docs sidebar, breadcrumbs, TOC, pager, footer around the content).
 * Kept as strings so formatters leave their whitespace alone.
 */

/** A guide (docs plugin page) with every construct the converter rewrites. */
export const DOC_PAGE = `<!doctype html>
<html lang="en" dir="ltr" class="docs-wrapper plugin-docs plugin-id-default docs-version-current docs-doc-page" data-has-hydrated="false">
<head>
<meta charset="UTF-8">
<title data-rh="true">Fixture guide | Example Provider API</title>
<meta data-rh="true" name="description" content="A guide page used as a fixture:
  chrome, code, tabs, tables and anchors.">
<script>window.foo = 1;</script>
<style>.x{}</style>
</head>
<body class="navigation-with-keyboard">
<div role="region" aria-label="Skip to main content"><a class="skipToContent_fXgn" href="#__docusaurus_skipToContent_fallback">Skip to main content</a></div>
<div id="__docusaurus">
<nav aria-label="Main" class="theme-layout-navbar navbar navbar--fixed-top"><div class="navbar__inner"><a class="navbar__brand" href="/"><b class="navbar__title text--truncate">Example Provider API</b></a><a class="navbar__item navbar__link" href="/rest">REST</a></div></nav>
<div id="__docusaurus_skipToContent_fallback" class="theme-layout-main main-wrapper mainWrapper_z2l0">
<div class="docsWrapper_hBAB"><div class="docRoot_UBD9">
<aside class="theme-doc-sidebar-container docSidebarContainer_YfHR"><nav aria-label="Docs sidebar" class="menu thin-scrollbar menu_SIkG"><ul class="theme-doc-sidebar-menu menu__list"><li class="theme-doc-sidebar-item-link menu__list-item"><a class="menu__link" href="/docs/intro">Introduction</a></li></ul></nav></aside>
<main class="docMainContainer_TBSr"><div class="container padding-top--md padding-bottom--lg"><div class="row"><div class="col docItemCol_VOVn"><div class="docItemContainer_Djhp">
<article><nav class="theme-doc-breadcrumbs breadcrumbsContainer_yLik" aria-label="Breadcrumbs"><ul class="breadcrumbs"><li class="breadcrumbs__item"><a aria-label="Home page" class="breadcrumbs__link" href="/"><svg viewBox="0 0 24 24"><path d="M10 19v-5h4v5"></path></svg></a></li><li class="breadcrumbs__item breadcrumbs__item--active"><span class="breadcrumbs__link">Fixture guide</span></li></ul></nav>
<div class="tocCollapsible_n5mI theme-doc-toc-mobile tocMobile_iQar"><button type="button" class="clean-btn tocCollapsibleButton_GVi3">On this page</button></div>
<div class="copyMarkdown_x1" data-markdown="skip"><div class="actions_x2"><button type="button" class="button button--sm button--secondary" disabled="">Copy page as Markdown</button><a type="text/markdown" class="view_x3" href="/docs/fixture.md">View as Markdown</a></div><p role="status" aria-live="polite" class="status_x4"></p></div>
<div class="theme-doc-markdown markdown"><header><h1>Fixture guide</h1></header>
<p>Read the <a class="" href="./rest_overview#bulk-orders">bulk orders</a> section, the <a href="../rest#listInstruments"><code>listInstruments</code></a> operation, <a href="#hosts">the hosts below</a> and <a href="https://example.org/spec" target="_blank" rel="noopener noreferrer">the spec</a>. Write to <a href="mailto:api@example.com">api@example.com</a>.<!-- --> Done.</p>
<h2 class="anchor anchorTargetHideOnScrollNavbar_S2j_" id="hosts">Hosts<a href="#hosts" class="hash-link" aria-label="Direct link to Hosts" title="Direct link to Hosts" translate="no">&#8203;</a></h2>
<table><thead><tr><th scope="col">Environment</th><th scope="col">Notes</th></tr></thead><tbody><tr><th scope="row">Pre-production</th><td><p>The default.</p><ul><li>REST: <code>https://api.preprod.example.com</code></li><li>WebSocket: <code>wss://api.preprod.example.com</code></li></ul></td></tr><tr><th scope="row">Production</th><td>Real trades | real money</td></tr></tbody></table>
<h2 class="anchor anchorTargetHideOnScrollNavbar_S2j_" id="custom-anchor">Step one: call it<a href="#custom-anchor" class="hash-link" aria-label="Direct link to Step one" translate="no">&#8203;</a></h2>
<div class="language-bash codeBlockContainer_Fq8f theme-code-block" style="--prism-color:#393A34"><div class="codeBlockTitle_jdQu">Request: list instruments</div><div class="codeBlockContent_pDfk"><pre tabindex="0" class="prism-code language-bash codeBlock_oKeo thin-scrollbar"><code class="codeBlockLines_YNZu"><div class="token-line"><span class="token function">curl</span><span class="token plain"> -sS &#x27;https://api.preprod.example.com/api/instruments&#x27; \\</span><br></div><div class="token-line"><span class="token plain">  -H </span><span class="token string">"Authorization: Bearer $API_TOKEN"</span><br></div></code></pre><div class="buttonGroup_M5ko"><button type="button" aria-label="Copy code to clipboard" class="clean-btn">Copy</button></div></div></div>
<div class="theme-tabs-container tabs-container tabList_rRk0"><ul role="tablist" aria-orientation="horizontal" class="tabs"><li role="tab" tabindex="0" aria-selected="true" class="tabs__item tabs__item--active">curl</li><li role="tab" tabindex="-1" aria-selected="false" class="tabs__item">Python</li></ul><div class="margin-top--md"><div role="tabpanel" class="tabItem_txOc"><div class="language-bash codeBlockContainer_Fq8f theme-code-block"><div class="codeBlockContent_pDfk"><pre class="prism-code language-bash"><code><div class="token-line">curl https://api.preprod.example.com/api/instruments<br></div></code></pre></div></div></div><div role="tabpanel" class="tabItem_txOc" hidden=""><div class="language-python codeBlockContainer_Fq8f theme-code-block"><div class="codeBlockContent_pDfk"><pre class="prism-code language-python"><code><div class="token-line">import requests<br></div><div class="token-line"><br></div><div class="token-line">    print(requests.get(&quot;https://api.preprod.example.com/api/instruments&quot;).text)<br></div></code></pre></div></div></div></div></div>
<div class="theme-admonition theme-admonition-warning admonition_Q7Tn alert alert--warning"><div class="admonitionHeading_WFWM"><span class="admonitionIcon_TWPe"><svg viewBox="0 0 16 16"><path d="M8 1"></path></svg></span>warning</div><div class="admonitionContent_Ckfb"><p>The bulk order endpoint is <strong>disabled</strong>.</p></div></div>
<figure class="figure_Strg"><svg class="svg_pQpV" role="img" viewBox="0 0 10 10"><title>Flow</title><text x="1" y="1">Hidden label</text></svg><figcaption class="caption_lMYl"><strong>The flow</strong> <!-- -->Two steps.</figcaption><details class="textVersion_KhSA"><summary>Text version</summary><ol><li>Place an order<!-- --> — new_order</li><li>Read the trade</li></ol></details></figure>
<p><em>If confirmed: </em>Server answers. <span class="method_a">GET</span><code>/api/instruments</code></p>
<p>Raw anchor: <a id="old-name"></a>kept for old links.</p>
</div></article>
<nav class="docusaurus-mt-lg pagination-nav" aria-label="Docs pages"><a class="pagination-nav__link pagination-nav__link--next" href="/docs/next"><div class="pagination-nav__sublabel">Next</div><div class="pagination-nav__label">Next page</div></a></nav>
</div></div><div class="col col--3"><div class="tableOfContents_JbgV thin-scrollbar theme-doc-toc-desktop"><ul class="table-of-contents table-of-contents__left-border"><li><a href="#hosts" class="table-of-contents__link toc-highlight">Hosts</a></li></ul></div></div></div></div></main>
</div></div></div>
<footer class="theme-layout-footer footer footer--light"><div class="container">Copyright © 2025 Example Provider</div></footer>
</div>
</body>
</html>
`;

/** A generated reference page (`main > article`), as the /rest route renders it. */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en"><head><title>REST API reference | Example Provider API</title><meta name="description" content="REST API reference of the Example Provider API"></head>
<body><div id="__docusaurus"><nav class="navbar"><a href="/">Home</a></nav>
<div id="__docusaurus_skipToContent_fallback" class="main-wrapper"><div class="container margin-vert--lg"><div class="row">
<main class="col col--9"><article class="reference_a1">
<header><h1>REST API reference</h1><p>Example Provider API, version 2.0.0</p>
<div class="copyMarkdown_x1" data-markdown="skip"><button type="button">Copy page as Markdown</button></div>
<nav class="downloads_d1" aria-label="Download the OpenAPI document"><span>Download the OpenAPI document:</span><a class="button" download="openapi.yaml" href="/downloads/openapi.yaml">openapi.yaml</a><a class="button" download="openapi.json" href="/downloads/openapi.json">openapi.json</a></nav></header>
<div class="mobileToc_m1"><div class="tocCollapsible_n5mI"><button type="button">On this page</button></div></div>
<section aria-labelledby="tag-instruments"><h2 class="anchor" id="tag-instruments">Instruments<a href="#tag-instruments" class="hash-link">&#8203;</a></h2>
<section aria-labelledby="listInstruments"><h3 class="anchor" id="listInstruments">List tradeable instruments<a href="#listInstruments" class="hash-link">&#8203;</a></h3>
<p class="endpoint_e1"><span class="method_m1 get_g1">GET</span><code class="path_p1">/api/instruments</code></p>
<div class="schema_s1" role="group" aria-label="Response 200"><p><span class="type_t1">object</span></p>
<ul class="fields_f1"><li class="field_f2" id="listInstruments.response-200.instrument_list"><div class="head_h1"><a class="name_n1" aria-label="instrument_list: link to this field" href="#listInstruments.response-200.instrument_list"><code>instrument_list</code></a><span class="type_t1">array</span><span class="badge_b1 required_r1">required</span></div><div class="description_d1"><p>The tradeable instruments.</p></div></li></ul></div>
<details class="panel_v1" data-validator-target="rest:listInstruments"><summary>Validate a payload</summary><div><label for="_r_1_">JSON payload</label><p id="_r_2_">Paste a payload.</p><textarea id="_r_1_"></textarea></div></details>
</section></section>
</article></main>
<div class="col col--3"><div class="tableOfContents_JbgV"><ul class="table-of-contents"><li><a href="#tag-instruments">Instruments</a></li></ul></div></div>
</div></div></div><footer class="footer">Footer</footer></div></body></html>
`;
