/**
 * The site's code-sample languages, in the order of their tabs: the one list that the build-time
 * samples (openapi/samples.ts, httpsnippet; asyncapi/samples.ts, the WebSocket "Send it" samples)
 * and the request builder in the browser (src/components/ApiReference/RequestBuilder/snippet.ts)
 * read. The `language` value is the tab's value, shared site-wide: a reader's choice follows it
 * from one reference to the other. Dependency-free: it ships to the browser.
 */
export const SAMPLE_LANGUAGES = [
  {language: 'curl', label: 'curl', prism: 'bash'},
  {language: 'python', label: 'Python', prism: 'python'},
  {language: 'javascript', label: 'JavaScript / TypeScript', prism: 'javascript'},
  {language: 'go', label: 'Go', prism: 'go'},
  {language: 'java', label: 'Java', prism: 'java'},
  {language: 'csharp', label: 'C#', prism: 'csharp'},
] as const;

export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number]['language'];
export type SampleLanguageInfo = (typeof SAMPLE_LANGUAGES)[number];

/** The entry of one language of the list. */
export function sampleLanguage<L extends SampleLanguage>(
  language: L,
): Extract<SampleLanguageInfo, {language: L}> {
  const found = SAMPLE_LANGUAGES.find((l) => l.language === language);
  // Unreachable: `language` is typed as one of the list's values.
  if (found === undefined) throw new Error(`${language} is not a sample language`);
  return found as Extract<SampleLanguageInfo, {language: L}>;
}

/** The language a stored or picked value names, if it is one of the list. */
export function knownSampleLanguage(value: string | null | undefined): SampleLanguageInfo | undefined {
  return SAMPLE_LANGUAGES.find((l) => l.language === value);
}
