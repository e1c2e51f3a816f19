/**
 * The documents the api-reference plugin loaded, handed to the plugins that run after it
 * through Docusaurus (plugins/api-reference/content.ts): no second load, and a loud failure
 * when the plugin did not run.
 */
import {mkdtempSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {AllContent, LoadContext, LoadedPlugin} from '@docusaurus/types';
import {describe, expect, it} from 'vitest';
import {
  API_REFERENCE_PLUGIN,
  documentsFromAllContent,
  documentsFromPlugins,
} from '../../../plugins/api-reference/content';
import licensesPlugin, {apiLicense} from '../../../plugins/licenses';
import machineReadablePlugin from '../../../plugins/machine-readable';

const openapi = {
  openapi: '3.1.0',
  info: {title: 'T', version: '1', license: {name: 'MIT', url: 'https://x'}},
};
const asyncapi = {asyncapi: '3.0.0'};
const content = {documents: {openapi, asyncapi}};

const plugin = (name: string, pluginContent: unknown, id?: string): LoadedPlugin =>
  ({name, options: id === undefined ? {} : {id}, content: pluginContent}) as unknown as LoadedPlugin;

describe('documents handed over by Docusaurus', () => {
  it("takes the api-reference plugin's documents from allContentLoaded, as loaded (same objects)", () => {
    const allContent: AllContent = {[API_REFERENCE_PLUGIN]: {default: content}, other: {default: {}}};
    const documents = documentsFromAllContent(allContent, 'licenses');
    expect(documents.openapi).toBe(openapi);
    expect(documents.asyncapi).toBe(asyncapi);
  });

  it("takes them from postBuild's plugins, the default instance only", () => {
    const plugins = [
      plugin('docusaurus-plugin-content-docs', {}),
      plugin(API_REFERENCE_PLUGIN, {documents: {openapi: {}, asyncapi: {}}}, 'second'),
      plugin(API_REFERENCE_PLUGIN, content),
    ];
    expect(documentsFromPlugins(plugins, 'machine-readable').openapi).toBe(openapi);
  });

  it('fails the build, naming the consumer and the fix, when the api-reference plugin did not run', () => {
    expect(() => documentsFromAllContent({}, 'licenses')).toThrow(
      /\[licenses\] this build has no API documents from the api-reference plugin: list .*docusaurus\.config\.ts/,
    );
    expect(() => documentsFromPlugins([plugin('other', content)], 'machine-readable')).toThrow(
      /\[machine-readable\]/,
    );
    expect(() => documentsFromPlugins([plugin(API_REFERENCE_PLUGIN, {documents: {openapi}})], 'x')).toThrow();
  });

  it("reads the API's licence from the handed-over OpenAPI document", () => {
    expect(
      apiLicense(documentsFromAllContent({[API_REFERENCE_PLUGIN]: {default: content}}, 'licenses').openapi),
    ).toEqual({name: 'MIT', url: 'https://x'});
    expect(apiLicense({info: {license: {name: ' '}}})).toBeNull();
    expect(apiLicense({info: {license: {name: 'Apache-2.0'}}})).toEqual({name: 'Apache-2.0', url: null});
  });
});

describe('the consumers fail loudly instead of loading the documents again', () => {
  const context = {siteDir: path.resolve(__dirname, '../../..')} as LoadContext;

  it('machine-readable: postBuild without the api-reference plugin stops the build and writes no file', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'machine-readable-'));
    const machine = machineReadablePlugin(context);
    const props = {
      outDir,
      routesPaths: [],
      siteConfig: {baseUrl: '/', url: 'https://docs.example.com', title: 'T'},
      plugins: [plugin('docusaurus-plugin-content-docs', {})],
    } as unknown as Parameters<NonNullable<typeof machine.postBuild>>[0];
    await expect(machine.postBuild?.(props)).rejects.toThrow(
      /\[machine-readable\] this build has no API documents/,
    );
    expect(readdirSync(outDir)).toEqual([]);
  });

  it('licenses: allContentLoaded without the api-reference plugin stops the build', async () => {
    const plugin = licensesPlugin(context);
    await expect(async () =>
      plugin.allContentLoaded?.({allContent: {}, actions: {} as never}),
    ).rejects.toThrow(/\[licenses\]/);
  });
});
