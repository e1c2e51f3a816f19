/**
 * The code generator that ships is the one Docusaurus compiles (SWC, down to the
 * browsers package.json names), whose semantics may differ from the source's (under
 * Babel's loose preset-env, used before, a spread Map became `[map]`). This compiles snippet.ts and wsScript.ts exactly as the
 * client build does and checks the compiled generator against httpsnippet for
 * every operation and language, at the examples and at awkward values.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
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
import {ClientCompiler} from '../../helpers/clientTranspile';
import {specRest, specWs} from '../../helpers/specModels';

const dir = mkdtempSync(path.join(tmpdir(), 'builder-transpile-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
const client = new ClientCompiler(dir);

async function asClientBuilds<T>(file: string): Promise<T> {
  return client.import<T>(file);
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
