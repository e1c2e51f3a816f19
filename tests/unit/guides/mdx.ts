/**
 * Extraction of what the guide tests check from the MDX sources: JSON code
 * fences with their meta, JSX elements with their props, inline code and links.
 * Deliberately small: the guides are written by us, so the syntax they use is known.
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import {ROOT} from './documents';
import {GUIDES} from '../../helpers/guides';

export interface GuideFile {
  id: string;
  /** Absolute path. */
  file: string;
  source: string;
}

/** The guide pages this suite owns: the sidebar's (tests/helpers/guides.ts), docs/ws.mdx, the generated reference, apart. */
export function guideFiles(): GuideFile[] {
  return GUIDES.map(({id, file}) => {
    const absolute = path.join(ROOT, file);
    return {id, file: absolute, source: readFileSync(absolute, 'utf8')};
  });
}

export interface Fence {
  lang: string;
  meta: string;
  code: string;
  line: number;
}

const FENCE = /^```(\w*)([^\n]*)\n([\s\S]*?)^```[ \t]*$/gm;

export function fences(source: string): Fence[] {
  return [...source.matchAll(FENCE)].map((m) => ({
    lang: m[1] ?? '',
    meta: (m[2] ?? '').trim(),
    code: m[3] ?? '',
    line: source.slice(0, m.index).split('\n').length,
  }));
}

/** Reads `key="value"` from a fence meta string. */
export function metaValue(meta: string, key: string): string | undefined {
  return new RegExp(`(?:^|\\s)${key}=(["'])(.*?)\\1`).exec(meta)?.[2];
}

export interface JsxElement {
  name: string;
  /** String props as written; expression props evaluated (object literals, strings, numbers). */
  props: Record<string, unknown>;
  /** Template-literal children of `<X>{`...`}</X>`, when present. */
  children?: string;
  line: number;
}

/** Finds the end of a JS expression that starts with `{` at `start` (strings and templates respected). */
function expressionEnd(text: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (quote !== null) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{') depth += 1;
    else if (c === '}') {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error(`unbalanced braces from offset ${start}`);
}

/** Evaluates a JSX prop expression (data only: object and array literals, strings, numbers). */
function evaluate(expression: string): unknown {
  return vm.runInNewContext(`(${expression})`, Object.create(null), {timeout: 2000});
}

/** All elements `<Name …/>` or `<Name …>{`…`}</Name>` of the given names. */
export function jsxElements(source: string, names: readonly string[]): JsxElement[] {
  const found: JsxElement[] = [];
  const opener = new RegExp(`<(${names.join('|')})(?=[\\s/>])`, 'g');
  for (const m of source.matchAll(opener)) {
    const name = m[1] as string;
    let i = (m.index ?? 0) + m[0].length;
    const props: Record<string, unknown> = {};
    let selfClosing = false;
    for (;;) {
      while (/\s/.test(source[i] ?? '')) i += 1;
      if (source.startsWith('/>', i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (source[i] === '>') {
        i += 1;
        break;
      }
      const attr = /^([A-Za-z_][\w-]*)(=?)/.exec(source.slice(i));
      if (attr === null) throw new Error(`cannot read the props of <${name}> at offset ${i}`);
      const key = attr[1] as string;
      i += attr[0].length;
      if (attr[2] === '') {
        props[key] = true;
        continue;
      }
      const quote = source[i];
      if (quote === '"' || quote === "'") {
        const end = source.indexOf(quote, i + 1);
        props[key] = source.slice(i + 1, end);
        i = end + 1;
      } else if (quote === '{') {
        const end = expressionEnd(source, i);
        props[key] = evaluate(source.slice(i + 1, end));
        i = end + 1;
      } else {
        throw new Error(`unexpected prop value for ${key} in <${name}>`);
      }
    }
    const element: JsxElement = {name, props, line: source.slice(0, m.index).split('\n').length};
    if (!selfClosing) {
      const close = source.indexOf(`</${name}>`, i);
      const inner = source.slice(i, close).trim();
      if (inner.startsWith('{')) {
        const value = evaluate(inner.slice(1, expressionEnd(inner, 0)));
        if (typeof value === 'string') element.children = value;
      }
    }
    found.push(element);
  }
  return found;
}

/** The prose of a page: fenced code, import lines and JSX component blocks removed. */
export function prose(source: string): string {
  let text = source.replace(FENCE, '').replace(/^import .*$/gm, '');
  // Remove multi-line JSX elements of our components (their props are checked separately).
  text = text.replace(/<([A-Z]\w*)[\s\S]*?(?:\/>|<\/\1>)/g, '');
  return text;
}

/** Inline code spans of the prose. */
export function inlineCode(source: string): string[] {
  return [...prose(source).matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string);
}

/** Link targets: Markdown links and `to`/`href` props. */
export function links(source: string): string[] {
  const markdown = [...source.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] as string);
  const props = [...source.matchAll(/\b(?:to|href)=["'{]+([^"'}]+)["'}]/g)].map((m) => m[1] as string);
  return [...markdown, ...props];
}

/** Files under a directory, recursively. */
export function filesUnder(dir: string, test: (file: string) => boolean): string[] {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name))
    .filter(test);
}
