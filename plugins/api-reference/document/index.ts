/**
 * The one door to the API documents: JSON values, pointers and `$ref`s, the
 * operations of a Path Item and the names of AsyncAPI messages. Every walker of
 * the documents (view models, validators, request builder, machine-readable
 * files, release diff) reads them through this module, and a test
 * (tests/unit/reference/one-door.test.ts) fails when a method list, a `$ref`
 * loop or a pointer escape is written anywhere else. Pure, no Node imports.
 */
export * from './json';
export * from './pointer';
export * from './operations';
export * from './messages';
