/** The validators' loaders the build writes (plugins/api-reference/validator/index.ts, `validatorLoaders`). */
declare module '@generated/api-reference/default/validators/loaders.js' {
  const loaders: Readonly<Record<string, () => Promise<unknown>>>;
  export default loaders;
}
