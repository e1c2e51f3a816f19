/**
 * "Changes since a version": of the releases after it (and their amendments), which changes still
 * apply at the newest release. Keyed by place and aspect, only the net effect counts: a change
 * later reverted or superseded drops out, and a change inside something added or removed since is
 * said by that addition or removal. Pure.
 */
import {reword, type Change} from './diff';

/** What a change touches at its place: later changes of the same key supersede it. */
function aspectOf(c: Change): string {
  if (c.action === 'added' || c.action === 'removed')
    return c.rule.startsWith('media-type')
      ? `presence:${JSON.stringify(c.words.before ?? c.words.after)}`
      : 'presence';
  if (c.rule === 'field-became-required' || c.rule === 'field-became-optional') return 'required';
  if (c.rule === 'deprecated' || c.rule === 'undeprecated') return 'deprecation';
  if (c.rule.startsWith('constraint-')) {
    const detail = c.words.detail ?? '';
    const label =
      /^(.+) of .+ (?:added|removed)$/.exec(detail)?.[1] ??
      /^(.+?) (?:raised|lowered|changed) from /.exec(detail)?.[1];
    return `constraint:${label ?? detail}`;
  }
  if (
    c.rule === 'security-changed' ||
    c.rule === 'security-scheme-changed' ||
    c.rule === 'serialization-changed'
  )
    return `${c.rule}:${c.words.detail ?? ''}`;
  return c.rule;
}

/** Where a change applies and what it touches there. */
function placeOf(c: Change): string {
  return `${c.api}:${c.subject.key}:${c.pointer}`;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The changes since a version that still apply at the newest release (README "Changes since a
 * version"): of the releases after it (and their amendments), oldest first, keyed by place and
 * aspect, only the net effect counts.
 */
export function applyingChanges(
  path: ReadonlyArray<{label: string; changes: readonly Change[]}>,
): Array<{change: Change; in: string}> {
  type At = {change: Change; in: string; order: number};
  const byKey = new Map<string, At[]>();
  const enumValues = new Map<string, Map<string, {added: boolean; at: At}>>();
  let order = 0;
  for (const step of path)
    for (const change of step.changes) {
      if (change.verdict === 'docs') continue;
      const at = {change, in: step.label, order: order++};
      if (change.rule === 'enum-value-added' || change.rule === 'enum-value-removed') {
        // One key per value: a value added then removed is gone, removed then added back is unchanged.
        const place = placeOf(change);
        const values = enumValues.get(place) ?? new Map<string, {added: boolean; at: At}>();
        for (const value of change.words.values ?? []) {
          const key = JSON.stringify(value);
          const before = values.get(key);
          const added = change.rule === 'enum-value-added';
          if (before !== undefined && before.added !== added) values.delete(key);
          else values.set(key, {added, at});
        }
        enumValues.set(place, values);
        continue;
      }
      const key = `${placeOf(change)}|${aspectOf(change)}`;
      byKey.set(key, [...(byKey.get(key) ?? []), at]);
    }
  const kept: At[] = [];
  /** Places added or removed since the version (or added and removed again): what else changed there is said by that. */
  const covered: Array<{place: string; present: boolean; by?: Change}> = [];
  for (const [key, list] of byKey) {
    const first = list[0] as At;
    const last = list[list.length - 1] as At;
    if (key.endsWith('|presence')) {
      const absentBefore = first.change.action === 'added';
      const absentNow = last.change.action === 'removed';
      // Removed then added back: as it was; its other changes speak for themselves.
      if (!absentBefore && !absentNow) continue;
      if (absentBefore && absentNow) {
        covered.push({place: placeOf(last.change), present: false});
        continue;
      }
      covered.push({place: placeOf(last.change), present: !absentNow, by: last.change});
      kept.push(last);
      continue;
    }
    if (key.endsWith('|deprecation')) {
      const before = first.change.rule === 'undeprecated';
      const now = last.change.rule === 'deprecated';
      if (before === now) continue;
      kept.push(last);
      continue;
    }
    if (key.endsWith('|required')) {
      // Required then optional again (or the reverse): as it was.
      if (first.change.rule === last.change.rule) kept.push(last);
      continue;
    }
    if (list.length > 1 && 'before' in first.change.words && 'after' in last.change.words) {
      if (same(first.change.words.before, last.change.words.after)) continue;
      kept.push({...last, change: reword(last.change, {before: first.change.words.before})});
      continue;
    }
    if (list.length > 1 && last.change.rule.startsWith('constraint-')) {
      const firstDetail = first.change.words.detail ?? '';
      const lastDetail = last.change.words.detail ?? '';
      // A limit moved twice: said once, from the first value to the last (when it still moves the same way).
      const moved = /^(.+) (raised|lowered) from (-?[\d.]+) to (-?[\d.]+)$/;
      const a = moved.exec(firstDetail);
      const b = moved.exec(lastDetail);
      if (a !== null && b !== null && a[1] === b[1]) {
        const from = Number(a[3]);
        const to = Number(b[4]);
        if (from === to) continue;
        if ((to > from ? 'raised' : 'lowered') === b[2]) {
          kept.push({
            ...last,
            change: reword(last.change, {
              detail: `${b[1] ?? ''} ${b[2]} from ${a[3] ?? ''} to ${b[4] ?? ''}`,
            }),
          });
          continue;
        }
      }
      // "maximum of 9999 added" then "maximum of 9999 removed": reverted.
      if (
        firstDetail.replace(/ added$/, '') === lastDetail.replace(/ removed$/, '') ||
        firstDetail.replace(/ removed$/, '') === lastDetail.replace(/ added$/, '')
      )
        continue;
    }
    kept.push(last);
  }
  for (const values of enumValues.values()) {
    const groupsOf = new Map<At, unknown[]>();
    for (const [value, {at}] of values) groupsOf.set(at, [...(groupsOf.get(at) ?? []), JSON.parse(value)]);
    for (const [at, list] of groupsOf)
      kept.push(same(list, at.change.words.values) ? at : {...at, change: reword(at.change, {values: list})});
  }
  // Inside or at something added or removed since: said by that addition or removal (a
  // deprecation of something added since still applies: the "new" line does not say it).
  const inside = (c: Change): boolean =>
    covered.some(
      (p) =>
        p.by !== c &&
        (placeOf(c) === p.place || placeOf(c).startsWith(`${p.place}/`)) &&
        !(p.present && (c.rule === 'deprecated' || c.rule === 'sunset-changed')),
    );
  return kept
    .filter((at) => !inside(at.change))
    .sort((a, b) => a.order - b.order)
    .map(({change, in: label}) => ({change, in: label}));
}
