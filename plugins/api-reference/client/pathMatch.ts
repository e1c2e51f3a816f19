/**
 * Which operation a request is, by OpenAPI's rules: the path is compared segment by segment with
 * each operation's path template after a server's path prefix is set aside; a `{name}` segment
 * takes any one segment; a concrete path wins over a templated one ("When matching URLs, concrete
 * (non-templated) paths would be matched before their templated counterparts"); two templates that
 * fit equally well are ambiguous, and said to be, never decided silently.
 *
 * A request's own path may hold placeholders rather than values (a Postman collection writes
 * `:bulk_order_id` or `{{orderId}}`): such a segment is a variable, and only a templated segment
 * takes it. The session checker (recorded calls) and the version history's integration filter
 * (calls, collections) share this one matcher.
 */

/** One segment of a request path: a value, or a placeholder standing for one. */
export type RequestSegment = {kind: 'value'; text: string} | {kind: 'variable'; name: string};

/** An operation as the matcher needs it: its method and its path template as the document writes it. */
export interface MatchableOperation {
  method: string;
  path: string;
}

export interface PathMatch<T extends MatchableOperation> {
  operation: T;
  /** Path parameter values by name (decoded); a placeholder's value is its own name written `:name`. */
  params: Record<string, string>;
  /** Template segments that are literal text: the more, the more concrete. */
  literals: number;
  /** The server path prefix set aside before matching, when one was. */
  prefix?: string;
}

export interface PathMatchResult<T extends MatchableOperation> {
  /**
   * `matched`: one operation; `ambiguous`: several equally concrete operations of this method;
   * `method`: the path is documented, but not for this method; `unmatched`: no template fits.
   */
  status: 'matched' | 'ambiguous' | 'method' | 'unmatched';
  /** The most concrete operations of the request's method (one when matched). */
  best: PathMatch<T>[];
  /** Every template that fits the path, of any method, most concrete first. */
  paths: PathMatch<T>[];
  /** The segments compared (after the prefix was set aside, when it was). */
  segments: RequestSegment[];
}

const VARIABLE = /^(?::([A-Za-z_][\w.-]*)|\{\{\s*([^{}]+?)\s*\}\}|\{([^{}/]+)\})$/;

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A request path's segments: `:name`, `{{name}}` and `{name}` are placeholders (Postman's path
 * variables, its variables, a template copied as written), anything else a value, decoded. An
 * empty last segment (a trailing slash) is dropped.
 */
export function requestSegments(path: string): RequestSegment[] {
  const parts = path.split('/');
  if (parts[0] === '') parts.shift();
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts.map((part): RequestSegment => {
    const m = VARIABLE.exec(part);
    const name = m?.[1] ?? m?.[2] ?? m?.[3];
    return name !== undefined ? {kind: 'variable', name: name.trim()} : {kind: 'value', text: decode(part)};
  });
}

interface TemplateSegment {
  /** Literal text: compared as it is. */
  literal?: string;
  /** A segment that is one whole parameter: `{name}`. */
  whole?: string;
  /** A segment mixing text and parameters (`{id}.json`): its pattern and parameter names. */
  regex?: RegExp;
  names: string[];
}

const templates = new Map<string, TemplateSegment[]>();

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function templateSegments(path: string): TemplateSegment[] {
  const cached = templates.get(path);
  if (cached !== undefined) return cached;
  const parts = path.split('/');
  if (parts[0] === '') parts.shift();
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  const out = parts.map((part): TemplateSegment => {
    if (!part.includes('{')) return {literal: part, names: []};
    const whole = /^\{([^{}]+)\}$/.exec(part)?.[1];
    if (whole !== undefined) return {whole, names: [whole]};
    const names: string[] = [];
    const source = part
      .split(/(\{[^{}]+\})/)
      .map((piece) => {
        const name = /^\{([^{}]+)\}$/.exec(piece)?.[1];
        if (name === undefined) return escapeRegex(piece);
        names.push(name);
        return '(.+?)';
      })
      .join('');
    return {regex: new RegExp(`^${source}$`), names};
  });
  templates.set(path, out);
  return out;
}

/** The template's fit for these segments: its parameters and literal count, or null. */
function fit(
  template: TemplateSegment[],
  segments: RequestSegment[],
): {params: Record<string, string>; literals: number} | null {
  if (template.length !== segments.length) return null;
  const params: Record<string, string> = {};
  let literals = 0;
  for (let i = 0; i < template.length; i++) {
    const t = template[i] as TemplateSegment;
    const s = segments[i] as RequestSegment;
    if (t.literal !== undefined) {
      // A placeholder stands for a value the template fixes nowhere: it cannot be literal text.
      if (s.kind !== 'value' || s.text !== t.literal) return null;
      if (t.literal !== '') literals += 1;
      continue;
    }
    if (t.whole !== undefined) {
      if (s.kind === 'value' && s.text === '') return null;
      params[t.whole] = s.kind === 'value' ? s.text : `:${s.name}`;
      continue;
    }
    if (s.kind !== 'value') return null;
    const m = t.regex?.exec(s.text);
    if (m === null || m === undefined) return null;
    t.names.forEach((name, n) => {
      params[name] = m[n + 1] ?? '';
    });
  }
  return {params, literals};
}

/** The segments with a server's path prefix (`/v1`, `/{basePath}`) set aside, when the path starts with it. */
function withoutPrefix(segments: RequestSegment[], prefix: string): RequestSegment[] | null {
  const template = templateSegments(prefix);
  if (template.length === 0 || template.length >= segments.length) return null;
  return fit(template, segments.slice(0, template.length)) === null ? null : segments.slice(template.length);
}

function byConcreteness<T extends MatchableOperation>(a: PathMatch<T>, b: PathMatch<T>): number {
  return b.literals - a.literals;
}

/**
 * The operation(s) a request is. `prefixes` are the servers' path prefixes (`/v1`; a server at the
 * root has none): the longest one the path starts with is set aside first; when nothing fits then,
 * the path is tried as it is.
 */
export function matchPath<T extends MatchableOperation>(
  operations: readonly T[],
  method: string,
  path: string | RequestSegment[],
  prefixes: readonly string[] = [],
): PathMatchResult<T> {
  const all = typeof path === 'string' ? requestSegments(path) : path;
  const tries: Array<{segments: RequestSegment[]; prefix?: string}> = [];
  for (const prefix of Array.from(new Set(prefixes.map((p) => p.replace(/\/+$/, ''))))
    .filter((p) => p !== '')
    .sort((a, b) => b.length - a.length)) {
    const rest = withoutPrefix(all, prefix);
    if (rest !== null) tries.push({segments: rest, prefix});
  }
  tries.push({segments: all});
  const verb = method.toUpperCase();
  let first: PathMatchResult<T> | undefined;
  for (const attempt of tries) {
    const paths = operations
      .flatMap((operation): PathMatch<T>[] => {
        const found = fit(templateSegments(operation.path), attempt.segments);
        return found === null
          ? []
          : [{operation, ...found, ...(attempt.prefix !== undefined ? {prefix: attempt.prefix} : {})}];
      })
      .sort(byConcreteness);
    const same = paths.filter((m) => m.operation.method.toUpperCase() === verb);
    const top = same[0];
    const best = top === undefined ? [] : same.filter((m) => m.literals === top.literals);
    const result: PathMatchResult<T> = {
      status:
        best.length === 1
          ? 'matched'
          : best.length > 1
            ? 'ambiguous'
            : paths.length > 0
              ? 'method'
              : 'unmatched',
      best,
      paths,
      segments: attempt.segments,
    };
    if (result.status === 'matched' || result.status === 'ambiguous') return result;
    first ??= result.status === 'method' ? result : undefined;
  }
  return first ?? {status: 'unmatched', best: [], paths: [], segments: all};
}
