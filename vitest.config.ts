import path from 'node:path';
import {defineConfig, type TestProjectInlineConfiguration} from 'vitest/config';

const stub = (file: string): string => path.resolve(__dirname, 'tests/unit/stubs', file);

/**
 * Test files that change what other files would see in the same process: they replace a module
 * (`vi.mock`), a global (`vi.stubGlobal`, fake timers, Prism's global), the environment, or spy on a
 * shared module. Each runs in a fresh process of its own, as every file did before. So do the
 * files whose tests bound a time (validator/input.test.ts, reference/bad-input.test.ts), bounds set in a process of their own.
 */
const OWN_PROCESS = [
  'tests/unit/machine/postman.test.ts',
  'tests/unit/reference/bad-input.test.ts',
  'tests/unit/reference/corpus.test.tsx',
  'tests/unit/reference/prismLanguages.test.ts',
  'tests/unit/releases/stable-dates.test.ts',
  'tests/unit/scripts/modules.test.ts',
  'tests/unit/session-check/cache.test.ts',
  'tests/unit/validator/input.test.ts',
  'tests/unit/validator/session.test.ts',
];

/**
 * The files that render whole reference pages with the payload validator replaced by a marker
 * (tests/unit/stubs/Validator.tsx): they share a process per worker, as the `shared` files do, under
 * an alias of their own. Each once replaced the module with `vi.mock` in a process of its own; the
 * six together took 47 s of CPU time so, 21 s shared (2026-11-28, most of it React and the plugins
 * imported once instead of six times).
 */
const VALIDATOR_STUB = [
  'tests/unit/reference/completeness.test.tsx',
  'tests/unit/reference/components.test.tsx',
  'tests/unit/reference/dataTypes.test.tsx',
  'tests/unit/reference/describedOnce.test.tsx',
  'tests/unit/reference/errorBodies.test.tsx',
  'tests/unit/reference/weight.test.tsx',
];

/** What every project shares: the aliases and the bounds. */
const base = {
  resolve: {
    // Components render in Node (react-dom/server): theme and core modules are small stand-ins.
    alias: [
      {find: '@site', replacement: __dirname},
      {
        find: /^@theme\/(Heading|CodeBlock|Layout|TOC|TOCCollapsible)$/,
        replacement: stub('theme/$1.tsx'),
      },
      {
        find: '@generated/api-reference/default/validators/loaders.js',
        replacement: stub('validatorLoaders.ts'),
      },
      {find: '@docusaurus/Link', replacement: stub('docusaurus/Link.tsx')},
      {find: '@docusaurus/useBrokenLinks', replacement: stub('docusaurus/useBrokenLinks.ts')},
      {find: '@docusaurus/router', replacement: stub('docusaurus/router.ts')},
      {find: '@docusaurus/useIsBrowser', replacement: stub('docusaurus/useIsBrowser.ts')},
      {find: '@docusaurus/useBaseUrl', replacement: stub('docusaurus/useBaseUrl.ts')},
      {find: '@docusaurus/useGlobalData', replacement: stub('docusaurus/useGlobalData.ts')},
      {find: '@docusaurus/Head', replacement: stub('docusaurus/Head.tsx')},
      {find: '@docusaurus/useDocusaurusContext', replacement: stub('docusaurus/useDocusaurusContext.ts')},
      {find: /^@docusaurus\/theme-common$/, replacement: stub('docusaurus/theme-common.ts')},
    ],
  },
  test: {
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 300_000,
    pool: 'forks',
  },
} satisfies TestProjectInlineConfiguration;

/**
 * Unit, document and build tests. Browser tests live in tests/e2e and run under
 * Playwright (playwright.config.ts), never here.
 *
 * Three projects. The unit and document tests that leave no state behind share their worker's
 * process (`isolate: false`): the modules they import (the plugins, React, Ajv, the parsers) and the
 * documents tests/helpers/specModels.ts loads (frozen) are loaded once per worker instead of once
 * per file. Measured 2026-11-27 on the 2-core machine, the unit tier (2,316 tests): 486 s of CPU
 * time with a process per file, 275 s so (tests/README.md "Time"). The page-rendering reference
 * tests (VALIDATOR_STUB) share theirs the same way, under the alias that replaces the validator. The
 * other files (OWN_PROCESS, and the build, site-copy and sample tests, which start builds and
 * toolchains) keep a fresh process each.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: [
      {
        ...base,
        test: {
          ...base.test,
          name: 'shared',
          include: ['tests/{unit,specs}/**/*.test.{ts,tsx}'],
          exclude: [...OWN_PROCESS, ...VALIDATOR_STUB],
          isolate: false,
        },
      },
      {
        ...base,
        resolve: {
          alias: [
            {
              find: '@site/src/components/ApiReference/Validator',
              replacement: stub('Validator.tsx'),
            },
            ...base.resolve.alias,
          ],
        },
        test: {
          ...base.test,
          name: 'validator-stub',
          include: VALIDATOR_STUB,
          isolate: false,
        },
      },
      {
        ...base,
        test: {
          ...base.test,
          name: 'own-process',
          // Every test lives in a tier's folder (tests/unit/scripts/tiers.test.ts fails on one elsewhere).
          include: [...OWN_PROCESS, 'tests/{build,sites,samples}/**/*.test.{ts,tsx}'],
          isolate: true,
        },
      },
    ],
  },
});
