/**
 * Stands in for the validators' loaders module the build writes (plugins/api-reference/validator,
 * `validatorLoaders`) in tests that import the validator's session: no validator was compiled here.
 * Tests that load validators replace src/components/ApiReference/Validator/load.ts itself.
 */
const loaders: Readonly<Record<string, () => Promise<unknown>>> = {};
export default loaders;
