/**
 * How a test starts one of the scripts in scripts/ the way package.json does: jiti's command line,
 * which runs the TypeScript file as it is (`jiti <file>`, node_modules/jiti/lib/jiti-cli.mjs).
 */
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Node's arguments that run the script `file` (absolute, or relative to `root`) with `args`. */
export function scriptArgs(file: string, args: readonly string[] = [], root = ROOT): string[] {
  return [path.join(root, 'node_modules/jiti/lib/jiti-cli.mjs'), path.resolve(root, file), ...args];
}
