/**
 * Places the release history's marks on the reference models: "New in X" / "Changed in X"
 * (`release`), the badges of enum values a release added (`valueReleases`, on the object that
 * lists the values) and "Deprecated since X, sunset D" (`deprecation`). The releases plugin says
 * what to mark, each mark with its candidate anchors (plugins/releases/marks.ts); this placer knows
 * the models, finds the first candidate the pages have and writes the mark there. Nothing else
 * writes into the models.
 */
import type {BadgeCandidate, DeprecationCandidate, HistoryCandidate, ReleaseMarks} from '../releases/marks';
import {objectsIn} from './document';
import {collectAnchors} from './guideFit';
import type {DeprecationMark, ElementHistoryEntry, ReleaseBadge} from './types';

type Api = 'rest' | 'ws';

/** A badge for one element, with the badges of the enum values added there, by literal. */
interface PlacedBadge extends ReleaseBadge {
  values?: Record<string, ReleaseBadge>;
}

type ByAnchor<T> = Record<Api, Map<string, T>>;

/** One release's badges, on the first candidate anchor of each use that the pages have. */
function releaseBadges(candidates: readonly BadgeCandidate[], anchors: Record<Api, ReadonlySet<string>>) {
  const placed: ByAnchor<PlacedBadge> = {rest: new Map(), ws: new Map()};
  for (const c of candidates) {
    const index = c.anchors.findIndex((a) => anchors[c.api].has(a));
    if (index < 0) continue;
    const anchor = c.anchors[index] as string;
    const kind = c.addedItem && index === 0 ? 'new' : 'changed';
    const previous = placed[c.api].get(anchor);
    let badge = previous;
    if (previous === undefined || (previous.kind === 'changed' && kind === 'new')) {
      badge = {
        kind,
        version: c.version,
        href: c.href,
        ...(previous?.values !== undefined ? {values: previous.values} : {}),
      };
      placed[c.api].set(anchor, badge);
    }
    // Values added to the enum of the item itself (a field, a parameter), not when the change
    // fell back to its operation or message (they are placed only where the values are listed).
    if (badge !== undefined && c.values !== undefined && anchor !== c.subjectAnchor) {
      badge.values ??= {};
      for (const value of c.values) badge.values[value] = {kind: 'new', version: c.version, href: c.href};
    }
  }
  return placed;
}

/** The badges of every release given (newest first), one per element: a newer release's wins. */
export function badgesByAnchor(
  releases: ReadonlyArray<readonly BadgeCandidate[]>,
  anchors: Record<Api, ReadonlySet<string>>,
): ByAnchor<PlacedBadge> {
  const out: ByAnchor<PlacedBadge> = {rest: new Map(), ws: new Map()};
  for (const candidates of releases) {
    const placed = releaseBadges(candidates, anchors);
    // An older release's added values keep their own badges beside a newer release's badge.
    for (const api of ['rest', 'ws'] as const) {
      for (const [anchor, badge] of placed[api]) {
        const newer = out[api].get(anchor);
        if (newer === undefined) out[api].set(anchor, badge);
        else if (badge.values !== undefined) newer.values = {...badge.values, ...newer.values};
      }
    }
  }
  return out;
}

/** The deprecation marks, one per element: the first use placed there wins. */
export function deprecationsByAnchor(
  candidates: readonly DeprecationCandidate[],
  anchors: Record<Api, ReadonlySet<string>>,
): ByAnchor<DeprecationMark> {
  const out: ByAnchor<DeprecationMark> = {rest: new Map(), ws: new Map()};
  for (const d of candidates) {
    const anchor = d.anchors.find((a) => anchors[d.api].has(a));
    if (anchor === undefined || out[d.api].has(anchor)) continue;
    out[d.api].set(anchor, {
      ...(d.since !== undefined ? {since: d.since} : {}),
      ...(d.href !== undefined ? {href: d.href} : {}),
      ...(d.sunset !== undefined ? {sunset: d.sunset} : {}),
    });
  }
  return out;
}

/**
 * Puts each badge on the model object whose `id` it names (as `release`), and its added enum
 * values' badges (as `valueReleases`) on the object that lists the values: the field itself, or a
 * parameter's schema. Returns how many element badges were placed.
 */
export function applyBadges(model: unknown, badges: ReadonlyMap<string, PlacedBadge>): number {
  if (badges.size === 0) return 0;
  let placed = 0;
  for (const record of objectsIn(model)) {
    const badge = typeof record.id === 'string' ? badges.get(record.id) : undefined;
    if (badge === undefined || record.release !== undefined) continue;
    const {values, ...own} = badge;
    record.release = own;
    placed += 1;
    const schema = record.schema;
    const holder = Array.isArray(record.enum)
      ? record
      : typeof schema === 'object' &&
          schema !== null &&
          Array.isArray((schema as Record<string, unknown>).enum)
        ? (schema as Record<string, unknown>)
        : undefined;
    if (values !== undefined && holder !== undefined) {
      const listed = holder.enum as unknown[];
      const shown = Object.entries(values).filter(([value]) => listed.includes(value));
      if (shown.length > 0) holder.valueReleases = Object.fromEntries(shown);
    }
  }
  return placed;
}

/** Puts each mark (as `deprecation`) on the model object whose `id` it names; returns how many were placed. */
export function applyDeprecations(model: unknown, marks: ReadonlyMap<string, DeprecationMark>): number {
  if (marks.size === 0) return 0;
  let placed = 0;
  for (const record of objectsIn(model)) {
    const mark = typeof record.id === 'string' ? marks.get(record.id) : undefined;
    if (mark !== undefined && record.deprecation === undefined && Object.keys(mark).length > 0) {
      record.deprecation = mark;
      placed += 1;
    }
  }
  return placed;
}

/**
 * Puts each operation's and message's history (as `history`, newest first) on the model object
 * whose `id` is its anchor and that is an operation or a message's full entry.
 * Returns how many elements got one.
 */
export function applyHistories(model: unknown, histories: readonly HistoryCandidate[]): number {
  if (histories.length === 0) return 0;
  const byAnchor = new Map<string, ElementHistoryEntry[]>();
  for (const h of histories) byAnchor.set(h.anchor, [...(byAnchor.get(h.anchor) ?? []), h.entry]);
  let placed = 0;
  for (const record of objectsIn(model)) {
    const list = typeof record.id === 'string' ? byAnchor.get(record.id) : undefined;
    const operation = typeof record.method === 'string' && Array.isArray(record.responses);
    // A message's full entry (a message listed again in another channel links to it).
    const message = record.primary === true && typeof record.youSend === 'boolean';
    const element = operation || message;
    if (list === undefined || !element || record.history !== undefined) continue;
    record.history = list;
    placed += 1;
  }
  return placed;
}

/** Places every mark of the history on the two reference models (in place). */
export function placeReleaseMarks(models: Record<Api, unknown>, marks: ReleaseMarks): void {
  const anchors = {rest: collectAnchors(models.rest), ws: collectAnchors(models.ws)};
  const badges = badgesByAnchor(marks.badges, anchors);
  const deprecations = deprecationsByAnchor(marks.deprecations, anchors);
  for (const api of ['rest', 'ws'] as const) {
    applyBadges(models[api], badges[api]);
    applyDeprecations(models[api], deprecations[api]);
    applyHistories(
      models[api],
      marks.histories.filter((h) => h.api === api),
    );
  }
}
