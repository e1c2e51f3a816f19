import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {Prism} from 'prism-react-renderer';
import {ADDED_LANGUAGES, ensurePrismLanguage} from '@site/src/prismLanguages';
import {SAMPLE_LANGUAGES} from '@site/plugins/api-reference/client/sampleLanguages';

/** A line of each language whose highlighting needs its own grammar, and a token it must give. */
const SAMPLES: Record<string, [code: string, token: string]> = {
  bash: ['curl --request GET --url "$HOST"', 'parameter'],
  java: ['public final class Order { private int qty; }', 'keyword'],
  csharp: ['using System.Net.Http; var client = new HttpClient();', 'keyword'],
};

function tokens(code: string, language: string): string[] {
  const grammar = Prism.languages[language];
  if (grammar === undefined) return [];
  return Prism.tokenize(code, grammar).flatMap((t) => (typeof t === 'string' ? [] : [t.type]));
}

describe('Prism grammars set up on demand (src/prismLanguages.ts)', () => {
  it('sets each added grammar up on first use, not before, and leaves no global Prism behind', () => {
    for (const language of ADDED_LANGUAGES) {
      expect(Prism.languages[language], `${language} before first use`).toBeUndefined();
      ensurePrismLanguage(language);
      const [code, token] = SAMPLES[language] ?? ['', `a sample line for ${language} in this test`];
      expect(tokens(code, language), language).toContain(token);
    }
    expect((globalThis as {Prism?: unknown}).Prism).toBeUndefined();
  });

  it('finds a grammar by the other names its file registers, and twice is harmless', () => {
    for (const alias of ['sh', 'shell', 'cs', 'dotnet']) {
      ensurePrismLanguage(alias);
      expect(Prism.languages[alias], alias).toBeDefined();
    }
    const java = Prism.languages.java;
    ensurePrismLanguage('java');
    expect(Prism.languages.java).toBe(java);
  });

  it('leaves a language it has no grammar for unknown (shown plain), without an error', () => {
    expect(() => ensurePrismLanguage('cobol')).not.toThrow();
    expect(Prism.languages.cobol).toBeUndefined();
  });

  it('can highlight every language the code samples (built and in the request builder) and the guides use', () => {
    const guideFences = readdirSync(path.resolve('docs'))
      .filter((f) => /\.mdx?$/.test(f))
      .flatMap((f) =>
        [...readFileSync(path.resolve('docs', f), 'utf8').matchAll(/^```(\w+)/gm)].map((m) => m[1] ?? ''),
      );
    const used = new Set([
      ...SAMPLE_LANGUAGES.map((l) => l.prism),
      ...guideFences.filter((l) => l !== 'text'),
    ]);
    expect(used.size).toBeGreaterThan(3);
    for (const language of used) {
      ensurePrismLanguage(language);
      expect(
        Prism.languages[language],
        `${language}: bundled by prism-react-renderer or added`,
      ).toBeDefined();
    }
  });
});
