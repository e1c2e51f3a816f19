import type {Config} from '@docusaurus/types';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import type {Options as ThemeOptions} from '@docusaurus/theme-classic';
import type {UserThemeConfig} from '@docusaurus/theme-common';
import {loadIdentity, resolveSpecPaths, siteRelativeSpecPaths} from './plugins/api-reference/identity';
import prismTheme from './src/prismTheme';
import {ROUTES} from './plugins/api-reference/client/routes';
import {shownReleases, type RenderReleases} from './plugins/releases/references';

/**
 * Site constants live here; the provider's identity (title, contact address,
 * hosts, status page) is read from the API documents so there is one source of truth.
 */
const workingSpecPaths = resolveSpecPaths(__dirname);
/**
 * Which older releases get a reference of their own under /releases/<version>/ (MAINTAINING.md,
 * "Large documents"): 'all', 'last-of-each-major' or {last: N}. The history covers them all.
 */
const renderReleases: RenderReleases = 'all';
/**
 * What each reference shows (plugins/releases/references.ts): /rest and /docs/ws show the newest
 * recorded release; working documents with a newer version are the upcoming release, previewed at
 * /releases/next/. The whole site but the history reads the current documents.
 */
const shown = shownReleases(workingSpecPaths, renderReleases);
const identity = loadIdentity(shown.current);
/** The plugins' options: relative to this folder, since plugin options are shipped in the bundle. */
const pluginSpecPaths = siteRelativeSpecPaths(__dirname, shown.current);
const references = shown.references.map(({files, ...reference}) => ({
  ...reference,
  specPaths: siteRelativeSpecPaths(__dirname, files),
}));

/**
 * Optional announcement bar: set `ANNOUNCEMENT` (HTML) at build time to show it,
 * `ANNOUNCEMENT_ID` to make a new announcement reappear for readers who closed an
 * earlier one. Off by default.
 */
const announcement = process.env.ANNOUNCEMENT?.trim();

/**
 * The footer's copyright year, set in this one place: the product specification (§1, site
 * configuration) gives the copyright line for 2025, so it is not the year of the build.
 */
const COPYRIGHT_YEAR = 2025;

const config: Config = {
  title: identity.title,
  tagline: `Guides and reference for the ${identity.title}`,
  url: process.env.SITE_URL ?? 'https://docs.example.com',
  baseUrl: '/',
  trailingSlash: false,
  favicon: 'img/favicon.svg',

  // The specification wants broken links, anchors and duplicate routes to only warn;
  // the site's own link crawler (tests) proves there are none.
  onBrokenLinks: 'warn',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },

  i18n: {defaultLocale: 'en', locales: ['en']},

  // Link prefetching waits for idle time instead of blocking the main thread at load (see the module).
  clientModules: ['./src/clientModules/idlePrefetch.ts'],
  // Docusaurus Faster: SWC transpiles and minifies the JavaScript instead of Babel and Terser, MDX
  // compiles once for both bundles, the static pages render on worker threads, and Rspack bundles
  // instead of webpack, with its persistent cache. Measured: SWC, 2026-11-27, a cold build without
  // the persistent cache, 71 s of CPU time with Babel and Terser, 46 s with it; Rspack, 2026-11-29,
  // the same build 52 s of CPU against webpack's 78 s (36 s wall against 57 s), the shipped
  // JavaScript 497.4 KB gzip against 495.8 KB (MAINTAINING.md, "Deploying"). Not taken:
  // - SWC's HTML minifier (it drops attribute quotes, and other HTML readers here expect them);
  // - Lightning CSS as the CSS minifier (its output was 7 KB larger than cssnano's).
  // ssgWorkerThreads needs the v4 flag below: no plugin here adds head tags in postBuild.
  // package.json pins @swc/html (a dependency of @docusaurus/faster, unused here) to 1.16.2 in
  // `overrides`: its newer releases name platform packages the registry does not have, and `npm ci`
  // refuses a lock file without them.
  future: {
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: false,
      lightningCssMinimizer: false,
      mdxCrossCompilerCache: true,
      ssgWorkerThreads: true,
      rspackBundler: true,
      rspackPersistentCache: true,
      gitEagerVcs: false,
    },
    v4: {removeLegacyPostBuildHeadAttribute: true},
  },

  // The classic theme and the two content plugins the site uses, named one by one rather than
  // through @docusaurus/preset-classic: the preset also installs Algolia's DocSearch, the sitemap
  // plugin, SVGR, the debug page and three analytics plugins (59 packages, 39 MB), none of them
  // used here (the search is the site's own, plugins/search-index).
  themes: [['@docusaurus/theme-classic', {customCss: './src/css/custom.css'} satisfies ThemeOptions]],

  plugins: [
    [
      '@docusaurus/plugin-content-docs',
      {sidebarPath: './sidebars.ts', routeBasePath: 'docs'} satisfies DocsOptions,
    ],
    '@docusaurus/plugin-content-pages',
    ['./plugins/api-reference/index.ts', {specPaths: pluginSpecPaths, references}],
    // The history of the documents (specs/releases): /version-history, its feeds, and the marks
    // the api-reference plugin places on its pages.
    [
      './plugins/releases/index.ts',
      {specPaths: siteRelativeSpecPaths(__dirname, workingSpecPaths), renderReleases},
    ],
    // The docs root has no page of its own: a reader opening /docs lands on the intro.
    ['@docusaurus/plugin-client-redirects', {redirects: [{from: '/docs', to: '/docs/intro'}]}],
    './plugins/licenses/index.ts',
    // Prism and its grammars are set up when a code block first needs them, not at start-up.
    './plugins/prism-on-demand/index.ts',
    ['./plugins/machine-readable/index.ts', {specPaths: pluginSpecPaths}],
    // Offline search: writes build/search-index.json after the build (src/theme/SearchBar reads it).
    './plugins/search-index/index.ts',
    // /docs/ws/session-check: checks a recorded session against the documents, in the browser.
    './plugins/session-check/index.ts',
  ],

  themeConfig: {
    colorMode: {
      defaultMode: 'light',
      disableSwitch: true,
      respectPrefersColorScheme: false,
    },
    ...(announcement
      ? {
          announcementBar: {
            id: process.env.ANNOUNCEMENT_ID ?? 'announcement',
            content: announcement,
            isCloseable: true,
          },
        }
      : {}),
    navbar: {
      title: identity.title,
      hideOnScroll: true,
      logo: {alt: `${identity.providerName} logo`, src: 'img/logo.svg', width: 32, height: 32},
      items: [
        {type: 'docSidebar', sidebarId: 'guides', label: 'Guides', position: 'left'},
        {to: ROUTES.rest, label: 'REST', position: 'left'},
        {to: ROUTES.ws, label: identity.asyncApiLabel, position: 'left'},
        {to: ROUTES.versionHistory, label: 'Version history', position: 'left'},
        ...(identity.statusUrl
          ? [{href: identity.statusUrl, label: 'Status', position: 'right' as const}]
          : []),
        {type: 'search', position: 'right'},
      ],
    },
    footer: {
      style: 'light',
      links: [
        {
          title: 'Documentation',
          items: [
            {label: 'Guides', to: '/docs/intro'},
            {label: 'REST', to: ROUTES.rest},
            {label: identity.asyncApiLabel, to: ROUTES.ws},
            {label: 'Version history', to: ROUTES.versionHistory},
          ],
        },
        {
          title: 'Support',
          items: [
            {label: 'Contact', href: `mailto:${identity.contactEmail}`},
            ...(identity.statusUrl ? [{label: 'Status', href: identity.statusUrl}] : []),
          ],
        },
        {
          title: 'Legal',
          items: [{label: 'Licenses', to: '/legal/licenses'}],
        },
      ],
      copyright: `Copyright © ${COPYRIGHT_YEAR} ${identity.providerName}`,
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    prism: {
      theme: prismTheme,
      // The grammars the site adds are in src/prismLanguages.ts, set up on demand: this
      // list's start-up loading is taken out of the build (plugins/prism-on-demand).
      additionalLanguages: [],
    },
  } satisfies UserThemeConfig,
};

export default config;
