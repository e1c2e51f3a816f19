/**
 * The code generator that ships is the one Docusaurus compiles with Babel's
 * preset-env in loose mode, whose semantics differ from the source's (a spread
 * Map becomes `[map]`). This compiles snippet.ts and wsScript.ts exactly as the
 * client build does and checks the compiled generator against httpsnippet for
 * every operation and language, at the examples and at awkward values.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import {buildSamples} from '../../../plugins/api-reference/openapi/samples';
import {buildRestBuilders, buildWsBuilders} from '../../../plugins/api-reference/builder/model';
import type {Json} from '../../../plugins/api-reference/document';
import {
  fieldKey,
  initialForm,
  restRequest,
  wsScriptInput,
} from '../../../src/components/ApiReference/RequestBuilder/request';
import type * as Snippet from '../../../src/components/ApiReference/RequestBuilder/snippet';
import type * as Script from '../../../plugins/api-reference/client/wsScript';
import type {SampleLanguage} from '../../../plugins/api-reference/client/sampleLanguages';
import {specRest, specWs} from '../../helpers/specModels';

const ROOT = path.resolve(__dirname, '../../..');
const require = createRequire(import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), 'builder-transpile-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

interface BabelCore {
  transformFileSync(file: string, options: Record<string, unknown>): {code?: string | null} | null;
}

/**
 * Compiles one client file as the client build does, into `dir`; its imports of
 * other client modules (@site/plugins/api-reference/client/*, dependency-free)
 * are compiled beside it the same way.
 */
function compileForClient(file: string): string {
  const absolute = path.resolve(ROOT, file);
  const babel = require('@babel/core') as BabelCore;
  const result = babel.transformFileSync(absolute, {
    babelrc: false,
    configFile: false,
    presets: [require.resolve('@docusaurus/babel/preset')],
    caller: {name: 'client', supportsStaticESM: true},
    filename: absolute,
  });
  if (result?.code == null) throw new Error(`Babel produced nothing for ${absolute}`);
  const out = path.join(dir, `${path.basename(absolute, '.ts')}.mjs`);
  const code = result.code.replace(
    /(['"])@site\/plugins\/api-reference\/client\/(\w+)\1/g,
    (_m, _q, name: string) => {
      compileForClient(`plugins/api-reference/client/${name}.ts`);
      return `'./${name}.mjs'`;
    },
  );
  writeFileSync(out, code);
  return out;
}

async function asClientBuilds<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(compileForClient(file)).href)) as T;
}

describe('the compiled generator (as shipped) agrees with httpsnippet', async () => {
  const snippet = await asClientBuilds<typeof Snippet>(
    'src/components/ApiReference/RequestBuilder/snippet.ts',
  );
  const {openapi: doc, rest} = await specRest();
  const builders = buildRestBuilders(doc, rest);
  it.each(builders.map((b) => [b.target, b]))('%s', (_target, model) => {
    for (const awkward of [false, true]) {
      const form = initialForm(model);
      if (awkward)
        for (const field of model.fields)
          form[fieldKey(field)] = {
            text: field.enum?.[0] ?? `${field.value}${field.kind === 'string' ? ' é\'"&/' : ''}`,
            send: true,
          };
      const built = restRequest(model, {
        server: 0,
        token: awkward ? 'tok' : '',
        form,
        body: model.body?.examples[0]?.value,
      });
      if (!built.ok) throw new Error(built.problem);
      const expected = buildSamples({
        ...built.request,
        body: built.request.body as {mediaType: string; value: Json} | undefined,
      });
      for (const sample of expected)
        expect(
          snippet.requestSnippet(built.request, sample.language as SampleLanguage),
          sample.language,
        ).toBe(sample.code);
    }
  });
});

describe('the compiled WebSocket script (as shipped) is the build-time sample, subscription included', async () => {
  const script = await asClientBuilds<typeof Script>('plugins/api-reference/client/wsScript.ts');
  const {asyncapi: doc, ws: model} = await specWs();
  const builders = buildWsBuilders(doc, model);
  it.each(builders.map((b) => [b.target, b]))('%s', (_target, builder) => {
    const message = model.channels
      .flatMap((c) => c.messages)
      .find((m) => `ws:${m.name}` === builder.target && m.primary);
    const sample = message?.samples.find((s) => s.language === 'javascript');
    const built = wsScriptInput(builder, {server: 0, token: '', body: builder.examples[0]?.value ?? ''});
    if (builder.address === null) {
      expect(built.ok).toBe(false);
      expect(sample).toBeUndefined();
      return;
    }
    if (!built.ok) throw new Error(built.problem);
    // Exactly the sample on the page, the channel's subscription and its wait included.
    expect(script.nodeScript(built.input)).toBe(sample?.code);
    const {subscribe} = built.input;
    if (subscribe !== undefined) {
      expect(subscribe.confirmation).toBeDefined();
      expect(sample?.code).toContain(
        `// First subscribe the channel (${subscribe.message}); the message follows its ${subscribe.confirmation}.`,
      );
    }
  });
});
