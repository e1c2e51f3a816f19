/**
 * The Prism grammars the site adds to the ones prism-react-renderer bundles (JavaScript, JSON,
 * Python, Go and a few more), each set up the first time a code block highlights it.
 *
 * Docusaurus sets up `themeConfig.prism.additionalLanguages` in a client module, on every
 * page load, and that module also evaluates prism-react-renderer's own Prism and its bundled
 * grammars. Together they were about a third of main.js's evaluation, the longest task of a
 * light page with the CPU slowed 4×. plugins/prism-on-demand takes that client module out of
 * the build, so Prism is evaluated with the first code block's module (a page's own chunk,
 * in its own task), and the grammars below are set up here, synchronously, right before a
 * block needs one: it is never shown plain and then coloured. Both code blocks call this:
 * the references' (src/components/ApiReference/CodeBlock) and Docusaurus's, for the guides
 * (src/theme/CodeBlock/Content).
 */
import {Prism} from 'prism-react-renderer';

type Setup = () => void;

/* The grammar files are scripts that extend a global `Prism`. `require` keeps their
   evaluation until the call; an `import()` would make it asynchronous. */
/* eslint-disable @typescript-eslint/no-require-imports */
const GRAMMARS: Record<string, Setup> = {
  bash: () => require('prismjs/components/prism-bash'),
  java: () => require('prismjs/components/prism-java'),
  csharp: () => require('prismjs/components/prism-csharp'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

/** The other names each grammar file registers, so a block written `sh` or `cs` finds it. */
const ALIASES: Record<string, string> = {sh: 'bash', shell: 'bash', cs: 'csharp', dotnet: 'csharp'};

/** The languages this site can highlight beyond prism-react-renderer's own. */
export const ADDED_LANGUAGES: readonly string[] = Object.keys(GRAMMARS);

/**
 * Makes sure Prism has the grammar of `language` (a Prism name, lower case), setting it up
 * on first use. Names Prism does not know stay unknown: their block is shown in the plain
 * colour, as before.
 */
export function ensurePrismLanguage(language: string): void {
  if (Prism.languages[language] !== undefined) return;
  const setup = GRAMMARS[ALIASES[language] ?? language];
  if (setup === undefined) return;
  // Prism's grammar files read the global `Prism`: lend them prism-react-renderer's instance.
  const scope = globalThis as {Prism?: unknown};
  const before = scope.Prism;
  scope.Prism = Prism;
  try {
    setup();
  } finally {
    if (before === undefined) delete scope.Prism;
    else scope.Prism = before;
  }
}
