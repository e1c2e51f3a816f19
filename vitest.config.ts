import path from 'node:path';
import {defineConfig} from 'vitest/config';

const stub = (file: string): string => path.resolve(__dirname, 'tests/unit/stubs', file);

/**
 * Unit, document and build tests. Browser tests live in tests/e2e and run under
 * Playwright (playwright.config.ts), never here.
 */
export default defineConfig({
  resolve: {
    // Components render in Node (react-dom/server): theme and core modules are small stand-ins.
    alias: [
      {find: '@site', replacement: __dirname},
      {
        find: /^@theme\/(Heading|CodeBlock|Layout|TOC|TOCCollapsible)$/,
        replacement: stub('theme/$1.tsx'),
      },
      {find: '@docusaurus/Link', replacement: stub('docusaurus/Link.tsx')},
      {find: '@docusaurus/useBrokenLinks', replacement: stub('docusaurus/useBrokenLinks.ts')},
      {find: '@docusaurus/router', replacement: stub('docusaurus/router.ts')},
      {find: '@docusaurus/useIsBrowser', replacement: stub('docusaurus/useIsBrowser.ts')},
      {find: '@docusaurus/Head', replacement: stub('docusaurus/Head.tsx')},
      {find: '@docusaurus/useDocusaurusContext', replacement: stub('docusaurus/useDocusaurusContext.ts')},
      {find: /^@docusaurus\/theme-common$/, replacement: stub('docusaurus/theme-common.ts')},
    ],
  },
  test: {
    // Every test lives in a tier's folder (tests/unit/scripts/tiers.test.ts fails on one elsewhere).
    include: ['tests/{unit,specs,build,samples}/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
});
