/**
 * The Content-Security-Policy every page satisfies. Scripts run only from the
 * site itself, plus the inline scripts Docusaurus writes into each page (colour
 * mode, redirects), each allowed by its SHA-256 hash. No 'unsafe-eval' anywhere:
 * the payload validator uses validators compiled at build time.
 */
import {createHash} from 'node:crypto';

/** Directives other than script-src; script-src is built per page from its inline scripts. */
export const BASE_DIRECTIVES: readonly [string, string][] = [
  ['default-src', "'self'"],
  // React renders `style` attributes into the static HTML; they need 'unsafe-inline'
  // for styles only (no script can run from a style attribute).
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['worker-src', "'self'"],
  ['manifest-src', "'self'"],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
];

/** Directives that a meta tag cannot carry; they belong in the HTTP header only. */
export const HEADER_ONLY_DIRECTIVES: readonly [string, string][] = [['frame-ancestors', "'none'"]];

export function hashScript(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** Inline, executable scripts of an HTML document (data blocks such as JSON-LD are not scripts). */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  const pattern = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
  for (const match of html.matchAll(pattern)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    const executable = type === undefined || type === '' || type === 'module' || type.includes('javascript');
    if (executable && body.trim() !== '') scripts.push(body);
  }
  return scripts;
}

export function buildPolicy(scriptHashes: Iterable<string>, extra: readonly [string, string][] = []): string {
  const hashes = [...new Set(scriptHashes)].sort();
  const scriptSrc = ["'self'", ...hashes].join(' ');
  return [
    ...BASE_DIRECTIVES.slice(0, 1),
    ['script-src', scriptSrc] as const,
    ...BASE_DIRECTIVES.slice(1),
    ...extra,
  ]
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

const META_PATTERN = /<meta http-equiv="Content-Security-Policy"[^>]*>/i;

/**
 * Puts the page's policy in a meta tag at the very start of <head>, before any
 * script, so it governs everything the page loads.
 */
export function withPolicyMeta(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/"/g, '&quot;')}">`;
  if (META_PATTERN.test(html)) return html.replace(META_PATTERN, meta);
  const head = /<head\b[^>]*>/i.exec(html);
  if (head === null) throw new Error('cannot add the Content-Security-Policy: the page has no <head>');
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
