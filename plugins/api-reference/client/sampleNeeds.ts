/**
 * What a sample that is a fragment needs to compile, written as its first line
 * (a comment), so the page says it where the code is: Java and C# samples are
 * statements, not programs. Shared by the build-time samples (openapi/samples.ts)
 * and the request builder (RequestBuilder/snippet.ts), which stay byte-identical.
 * The sample tier (tests/samples/run.ts) wraps them exactly as these lines say.
 * Dependency-free: it ships to the browser.
 */
import type {SampleLanguage} from './sampleLanguages';

export const SAMPLE_NEEDS: Readonly<Partial<Record<SampleLanguage, string>>> = {
  java: '// Java 11+ (java.net.http): imports java.net.URI and java.net.http.*, in a method that throws Exception.',
  csharp: '// C# with top-level statements (.NET 6+).',
};

/** The sample with its "needs" line first, for the languages that have one. */
export function withNeeds(language: string, code: string): string {
  const needs = (SAMPLE_NEEDS as Readonly<Record<string, string | undefined>>)[language];
  return needs === undefined ? code : `${needs}\n${code}`;
}
