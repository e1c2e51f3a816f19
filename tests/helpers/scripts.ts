/**
 * How a test starts one of the scripts in scripts/ the way package.json does: Node with jiti's
 * loader hook, so the TypeScript file runs as it is (`node --import jiti/register <file>`).
 */
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** Node's arguments that run `file` (absolute, or relative to `root`) with the TypeScript hook. */
export function scriptArgs(file: string, args: readonly string[] = [], root = ROOT): string[] {
  return ['--import', 'jiti/register', path.resolve(root, file), ...args];
}
