/**
 * The module path a route gets for a file `createData` wrote: `@generated/…`, not the absolute
 * path `createData` returns. Docusaurus writes a route's module paths into the route registry of the
 * shipped `main.js` and names the route's chunk after a hash of the path, so an absolute path would
 * put the build machine's folder in the bundle and change the chunk names with the checkout's
 * place. Docusaurus aliases `@generated` to the generated files folder, as its own plugins use it.
 */
import path from 'node:path';

export function generatedModule(generatedFilesDir: string, file: string): string {
  const relative = path.relative(generatedFilesDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative))
    throw new Error(
      `[api-reference] ${file} is not a file under Docusaurus's generated files folder ${generatedFilesDir}`,
    );
  return `@generated/${relative.split(path.sep).join('/')}`;
}
