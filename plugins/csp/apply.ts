/**
 * Adds the Content-Security-Policy to every page of a finished build, and writes
 * the union policy as `csp-header.txt` and `_headers` for static hosts that send
 * it as an HTTP header (the header form can also carry frame-ancestors).
 *
 * This runs after `docusaurus build` rather than as a postBuild hook because
 * Docusaurus runs plugins' postBuild hooks in parallel, and other plugins (the
 * /docs redirect) write HTML there: hashing must see the final files.
 *
 * Usage: jiti plugins/csp/apply.ts [outDir=build]
 */
import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {buildPolicy, hashScript, HEADER_ONLY_DIRECTIVES, inlineScripts, withPolicyMeta} from './policy';

export async function applyCsp(outDir: string): Promise<{pages: number; hashes: number}> {
  const entries = await readdir(outDir, {withFileTypes: true, recursive: true});
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
  if (files.length === 0) throw new Error(`${outDir}: no HTML pages; run the build first`);
  const allHashes = new Set<string>();
  await Promise.all(
    files.map(async (file) => {
      const html = await readFile(file, 'utf8');
      const hashes = inlineScripts(html).map(hashScript);
      hashes.forEach((h) => allHashes.add(h));
      await writeFile(file, withPolicyMeta(html, buildPolicy(hashes)));
    }),
  );
  const headerPolicy = buildPolicy(allHashes, HEADER_ONLY_DIRECTIVES);
  await writeFile(path.join(outDir, 'csp-header.txt'), `${headerPolicy}\n`);
  // Netlify and Cloudflare Pages read `_headers` from the published folder.
  await writeFile(
    path.join(outDir, '_headers'),
    `/*\n  Content-Security-Policy: ${headerPolicy}\n  X-Content-Type-Options: nosniff\n  Referrer-Policy: strict-origin-when-cross-origin\n`,
  );
  return {pages: files.length, hashes: allHashes.size};
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const outDir = path.resolve(process.argv[2] ?? 'build');
  applyCsp(outDir).then(
    ({pages, hashes}) => console.log(`[csp] policy added to ${pages} pages (${hashes} inline script hashes)`),
    (error: unknown) => {
      console.error(`[csp] ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
