/**
 * Layout for the build-time diagrams: pure functions from diagram data to
 * coordinates. No DOM, no font metrics: text width is estimated from the number
 * of characters, which is good enough for short technical labels and keeps the
 * result identical on the server and in tests.
 *
 * The same code runs again in the browser during hydration, compiled by
 * Docusaurus's Babel in loose mode, where spreading an iterator
 * (`[...map.keys()]`) silently yields `[iterator]`: use Array.from for Maps and
 * Sets (tests/unit/diagram/client-transpile.test.ts checks the two agree).
 */
// One module per diagram kind, so a page bundles only the layout it draws.
export * from './layoutText';
export * from './layoutSequence';
export * from './layoutState';
export * from './layoutFlow';
