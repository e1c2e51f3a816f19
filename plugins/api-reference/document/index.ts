/**
 * The one door to the API documents: JSON values, pointers and `$ref`s, the
 * operations of a Path Item and the names of AsyncAPI messages. Every walker of
 * the documents (view models, validators, request builder, machine-readable
 * files, release diff) reads them through this module, and a test
 * (tests/unit/document/one-door.test.ts) fails when a method list, a `$ref`
 * loop, a pointer escape or an object check is written anywhere else in plugins/,
 * src/ or scripts/. The part the browser needs too (the JSON type, `isObject`,
 * pointer token escaping) is defined in ../client/json.ts and re-exported here.
 * Pure, no Node imports.
 */
export * from './json';
export * from './pointer';
export * from './operations';
export * from './messages';
export * from './subschemas';
