// Replaces theme-classic's start-up Prism module in the client build: grammars are set up on
// demand (src/prismLanguages.ts), and Prism itself with the first code block. See index.ts.
export {};
