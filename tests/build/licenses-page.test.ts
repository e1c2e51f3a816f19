/**
 * The licences page of a real build lists what ships and nothing that does not.
 * build/ is made once for the build tests by productBuild() (BUILD_DIR points
 * elsewhere if the build was written to another directory).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {isObject, openapi} from '../unit/guides/documents';
import {productBuild} from '../helpers/productBuild';

const buildDir = productBuild();
const page = path.join(buildDir, 'legal', 'licenses.html');

function read(): string {
  if (!existsSync(page)) throw new Error(`${page} does not exist in the build.`);
  return readFileSync(page, 'utf8');
}

/** Package names as the page lists them: the text of each entry's first link. */
function listedPackages(html: string): string[] {
  return [...html.matchAll(/<span class="[^"]*packageName[^"]*"><a [^>]*>([^<]+)<\/a>/g)].map(
    (m) => m[1] as string,
  );
}

describe('licences page of the build', () => {
  it('lists the packages that ship (react, react-dom and the Docusaurus client)', () => {
    const names = listedPackages(read());
    expect(names.length).toBeGreaterThan(10);
    for (const shipped of ['react', 'react-dom', 'scheduler', '@docusaurus/core', 'clsx'])
      expect(names).toContain(shipped);
  });

  it('lists no build-only or dev-only tool', () => {
    const names = listedPackages(read());
    for (const tool of [
      'eslint',
      'vitest',
      'typescript',
      'webpack',
      '@playwright/test',
      'playwright-core',
      'yaml',
      'ajv-formats',
      '@redocly/cli',
      'prettier',
      'babel-loader',
      'css-loader',
      '@docusaurus/bundler',
      'terser',
      '@asyncapi/parser',
    ]) {
      expect(names, tool).not.toContain(tool);
    }
  });

  it('lists client code only: Node-side dependencies of the same packages are absent', () => {
    const names = listedPackages(read());
    // @docusaurus/core ships its client; these are what its Node side (build, SSG, server) uses.
    for (const nodeOnly of [
      '@docusaurus/utils',
      '@docusaurus/logger',
      'fs-extra',
      'lodash',
      'webpack-merge',
      'html-minifier-terser',
      'react-dom-server',
      'jiti',
    ]) {
      expect(names, nodeOnly).not.toContain(nodeOnly);
    }
    for (const clientOnly of [
      'prism-react-renderer',
      'nprogress',
      'react-router-dom',
      '@docusaurus/theme-classic',
    ])
      expect(names, clientOnly).toContain(clientOnly);
  });

  it('shows the API’s own licence from info.license of the OpenAPI document', () => {
    const info = isObject(openapi.info) ? openapi.info : {};
    const license = isObject(info.license) ? info.license : {};
    const html = read();
    expect(typeof license.name).toBe('string');
    expect(html).toContain(String(license.name));
    if (typeof license.url === 'string') expect(html).toContain(`href="${license.url}"`);
  });

  it('groups packages by licence with licence texts', () => {
    const html = read();
    expect(html).toMatch(/<h3[^>]*id="license-mit"/);
    expect(html).toMatch(/<summary>Licence text/);
    expect(html).toContain('Permission is hereby granted');
  });

  it('describes the production bundle (no development-server note)', () => {
    expect(read()).not.toContain('You are viewing the development server');
  });
});
