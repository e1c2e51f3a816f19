/**
 * What the documents deprecate today, at every place a reader meets it: the same walk as the
 * diff (compare.ts), run from a copy of the document without its `deprecated: true` marks to
 * the document itself, so each deprecated operation, parameter, field, header and message is
 * found at each use, with its `x-sunset` date. Pure.
 */
import {compareDocuments, type Api, type Finding} from './compare';

type Obj = Record<string, unknown>;

/** A deep copy without any `deprecated: true` (a property *named* deprecated is a schema, not `true`, and stays). */
function undeprecated(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(undeprecated);
  if (typeof value !== 'object' || value === null) return value;
  const out: Obj = {};
  for (const [k, v] of Object.entries(value as Obj))
    if (!(k === 'deprecated' && v === true)) out[k] = undeprecated(v);
  return out;
}

/** Each deprecated use in one document (the findings of the `deprecated` rule, with their sunset). */
export function deprecatedUses(api: Api, doc: Obj): Finding[] {
  const findings = compareDocuments(api, undeprecated(doc) as Obj, doc, {asOf: '0000-00-00'});
  const seen = new Set<string>();
  return findings.filter((f) => {
    if (f.rule !== 'deprecated') return false;
    const key = `${f.pointer}|${f.item ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
