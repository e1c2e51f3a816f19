/**
 * Text-level helpers of the payload validator: where a JSON syntax error is, how
 * deep a text nests, and a short preview of any value. All of them loop with an
 * explicit stack or counter, never recursion, so a pathological input (10 000
 * levels, megabytes) costs time proportional to its size and cannot overflow.
 */

export interface TextPosition {
  /** 0-based UTF-16 offset. */
  offset: number;
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units. */
  column: number;
}

export interface SyntaxProblem extends TextPosition {
  message: string;
}

export function positionOf(text: string, offset: number): TextPosition {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return {offset, line, column: offset - lineStart + 1};
}

function describeChar(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the text';
  const char = text[offset] ?? '';
  const code = char.charCodeAt(0);
  if (code < 0x20) return `a control character (U+${code.toString(16).padStart(4, '0').toUpperCase()})`;
  return `"${char}"`;
}

const WHITESPACE = /[ \t\n\r]*/y;
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const LITERAL = /true|false|null/y;

function skipWhitespace(text: string, offset: number): number {
  WHITESPACE.lastIndex = offset;
  WHITESPACE.test(text);
  return WHITESPACE.lastIndex;
}

/** End offset of the string starting at `offset` (a `"`), or the problem in it. */
function scanString(text: string, offset: number): number | SyntaxProblem {
  let i = offset + 1;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (code === 34) return i + 1;
    if (code < 0x20) {
      return {
        ...positionOf(text, i),
        message: `${describeChar(text, i)} is not allowed inside a string; write it as an escape such as \\n`,
      };
    }
    if (code === 92) {
      const next = text[i + 1];
      if (next === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          return {...positionOf(text, i), message: 'a \\u escape needs four hexadecimal digits'};
        }
        i += 6;
        continue;
      }
      if (next === undefined || !'"\\/bfnrt'.includes(next)) {
        return {...positionOf(text, i), message: `\\${next ?? ''} is not a valid escape in a JSON string`};
      }
      i += 2;
      continue;
    }
    i++;
  }
  return {...positionOf(text, offset), message: 'this string is never closed (missing ")'};
}

/**
 * The first JSON syntax error in `text`, with line and column, or null when the
 * text is valid JSON. Engines word JSON.parse errors differently and not all give
 * a position, so the site finds it itself (only after JSON.parse has failed).
 */
export function findSyntaxError(text: string): SyntaxProblem | null {
  const stack: Array<'{' | '['> = [];
  type State = 'value' | 'key' | 'after-value' | 'first-key' | 'first-value';
  let state: State = 'value';
  let i = skipWhitespace(text, 0);
  const fail = (offset: number, message: string): SyntaxProblem => ({...positionOf(text, offset), message});
  for (;;) {
    i = skipWhitespace(text, i);
    const char = text[i];
    if (state === 'value' || state === 'first-value') {
      if (state === 'first-value' && char === ']') {
        stack.pop();
        i++;
        state = 'after-value';
        continue;
      }
      if (char === '{') {
        stack.push('{');
        i++;
        state = 'first-key';
      } else if (char === '[') {
        stack.push('[');
        i++;
        state = 'first-value';
      } else if (char === '"') {
        const end = scanString(text, i);
        if (typeof end !== 'number') return end;
        i = end;
        state = 'after-value';
      } else {
        NUMBER.lastIndex = i;
        LITERAL.lastIndex = i;
        if (char !== undefined && /[-0-9]/.test(char) && NUMBER.test(text)) {
          i = NUMBER.lastIndex;
          if (/[0-9.eE+-]/.test(text[i] ?? ''))
            return fail(i, `unexpected ${describeChar(text, i)} in a number`);
        } else if (LITERAL.test(text)) {
          i = LITERAL.lastIndex;
        } else if (char === undefined) {
          return fail(i, 'the text ends where a value was expected');
        } else {
          const hint = char === "'" ? ' (JSON strings use double quotes)' : '';
          return fail(i, `unexpected ${describeChar(text, i)} where a value was expected${hint}`);
        }
        state = 'after-value';
      }
    } else if (state === 'key' || state === 'first-key') {
      if (state === 'first-key' && char === '}') {
        stack.pop();
        i++;
        state = 'after-value';
        continue;
      }
      if (char !== '"') {
        if (char === '}')
          return fail(i, 'a comma is followed by "}" (trailing commas are not allowed in JSON)');
        if (char === undefined) return fail(i, 'the text ends where a property name was expected');
        return fail(
          i,
          `unexpected ${describeChar(text, i)} where a property name in double quotes was expected`,
        );
      }
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = skipWhitespace(text, end);
      if (text[i] !== ':')
        return fail(i, `expected ":" after the property name, found ${describeChar(text, i)}`);
      i++;
      state = 'value';
    } else {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (i < text.length)
          return fail(i, `unexpected ${describeChar(text, i)} after the end of the JSON value`);
        return null;
      }
      const close = top === '{' ? '}' : ']';
      if (char === ',') {
        i++;
        if (top === '[') {
          const next = skipWhitespace(text, i);
          if (text[next] === ']')
            return fail(next, 'a comma is followed by "]" (trailing commas are not allowed in JSON)');
        }
        state = top === '{' ? 'key' : 'value';
      } else if (char === close) {
        stack.pop();
        i++;
      } else if (char === undefined) {
        return fail(
          i,
          `the text ends before this ${top === '{' ? 'object' : 'array'} is closed (missing "${close}")`,
        );
      } else {
        return fail(i, `expected "," or "${close}", found ${describeChar(text, i)}`);
      }
    }
  }
}

/** Where the text first nests deeper than `limit` containers, or null. Strings are skipped. */
export function findExcessiveNesting(text: string, limit: number): TextPosition | null {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) {
      // Skip the string, honouring escapes.
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === 92) i++;
        else if (inner === 34) break;
      }
    } else if (code === 123 || code === 91) {
      depth++;
      if (depth > limit) return positionOf(text, i);
    } else if (code === 125 || code === 93) {
      depth--;
    }
  }
  return null;
}

/**
 * A one-line preview of a JSON value, at most `max` characters (then "…"). Works
 * through the value with an explicit stack and stops as soon as it is long enough.
 */
export function previewValue(value: unknown, max = 120): string {
  let out = '';
  type Frame = {kind: 'text'; text: string} | {kind: 'value'; value: unknown};
  const stack: Frame[] = [{kind: 'value', value}];
  while (stack.length > 0 && out.length <= max) {
    const frame = stack.pop() as Frame;
    if (frame.kind === 'text') {
      out += frame.text;
      continue;
    }
    const current = frame.value;
    if (typeof current === 'string') {
      out += JSON.stringify(current.length > max ? current.slice(0, max + 1) : current);
    } else if (typeof current === 'number' || typeof current === 'boolean' || current === null) {
      out += String(current);
    } else if (Array.isArray(current)) {
      out += '[';
      const parts: Frame[] = [];
      // Only as many items as could still fit.
      const shown = Math.min(current.length, max);
      for (let index = 0; index < shown; index++) {
        if (index > 0) parts.push({kind: 'text', text: ','});
        parts.push({kind: 'value', value: current[index]});
      }
      parts.push({kind: 'text', text: ']'});
      stack.push(...parts.reverse());
    } else if (typeof current === 'object') {
      out += '{';
      const parts: Frame[] = [];
      let count = 0;
      for (const key in current) {
        if (!Object.prototype.hasOwnProperty.call(current, key)) continue;
        if (count >= max) break;
        if (count > 0) parts.push({kind: 'text', text: ','});
        parts.push({
          kind: 'text',
          text: `${JSON.stringify(key.length > max ? key.slice(0, max + 1) : key)}:`,
        });
        parts.push({kind: 'value', value: (current as Record<string, unknown>)[key]});
        count++;
      }
      parts.push({kind: 'text', text: '}'});
      stack.push(...parts.reverse());
    } else {
      out += String(current);
    }
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
