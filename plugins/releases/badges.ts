/**
 * "New in X" / "Changed in X" badges for the references: from the newest
 * releases' computed changes, each put on the element its change resolves to
 * in the current reference (operation, parameter, field, message), and on each
 * value a release added to an enum (next to the value where the values are listed). Pure.
 */
import {objectsIn} from '../api-reference/document';
import {literal} from '../api-reference/schema/build';
import type {DeprecationMark, ReleaseBadge} from '../api-reference/types';
import type {HistoryEntry} from './store';
import type {Anchors, DeprecationView} from './view';
import {versionId} from './store';

export type {ReleaseBadge} from '../api-reference/types';

/** A badge as releaseBadges places it: with the enum values the release(s) added, by the literal the reference shows. */
export interface PlacedBadge extends ReleaseBadge {
  values?: Record<string, ReleaseBadge>;
}

/** How many of the newest releases get badges (RELEASE_BADGES overrides; 0 turns them off). */
export function badgeReleases(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.RELEASE_BADGES ?? '1');
  return Number.isInteger(value) && value >= 0 ? value : 1;
}

export function releaseBadges(
  entries: readonly HistoryEntry[],
  anchors: Anchors,
  releases: number,
): {rest: Map<string, PlacedBadge>; ws: Map<string, PlacedBadge>} {
  const out = {rest: new Map<string, PlacedBadge>(), ws: new Map<string, PlacedBadge>()};
  // Newest first; the first recorded release has nothing to compare with.
  const recent = entries.filter((e) => e.kind === 'release' && !e.initial).slice(0, releases);
  for (const entry of recent) {
    const version = entry.version ?? '';
    const href = `/version-history#${versionId(version)}`;
    const placed = {rest: new Map<string, PlacedBadge>(), ws: new Map<string, PlacedBadge>()};
    for (const change of entry.changes.flatMap((c) =>
      (c.places ?? [c]).map((place) => ({...c, anchors: place.anchors})),
    )) {
      const known = anchors[change.api];
      const index = change.anchors.findIndex((a) => known.has(a));
      if (index < 0) continue;
      const anchor = change.anchors[index] as string;
      const kind = change.action === 'added' && index === 0 ? 'new' : 'changed';
      const previous = placed[change.api].get(anchor);
      let badge = previous;
      if (previous === undefined || (previous.kind === 'changed' && kind === 'new')) {
        badge = {kind, version, href, ...(previous?.values !== undefined ? {values: previous.values} : {})};
        placed[change.api].set(anchor, badge);
      }
      // Values added to the enum of the item itself (a field, a parameter), not when the change
      // fell back to its operation or message (applyBadges also places them only where listed).
      if (
        badge !== undefined &&
        change.addedValues !== undefined &&
        change.item !== undefined &&
        anchor !== change.subject.anchor
      ) {
        badge.values ??= {};
        for (const value of change.addedValues) badge.values[literal(value)] = {kind: 'new', version, href};
      }
    }
    // A newer release's badge wins over an older one's on the same element; an older
    // release's added values keep their own badges beside it.
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
    if (badge !== undefined && record.release === undefined) {
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
  }
  return placed;
}

/**
 * The "deprecated" marks of the references: for each deprecated use, the release that deprecated
 * it and its sunset date, by the first of its anchors the current reference has.
 */
export function deprecationMarks(
  deprecations: readonly DeprecationView[],
  anchors: Anchors,
): {rest: Map<string, DeprecationMark>; ws: Map<string, DeprecationMark>} {
  const out = {rest: new Map<string, DeprecationMark>(), ws: new Map<string, DeprecationMark>()};
  for (const d of deprecations.flatMap((x) =>
    (x.places ?? [x.anchors]).map((list) => ({...x, anchors: list})),
  )) {
    const anchor = d.anchors.find((a) => anchors[d.api].has(a));
    if (anchor === undefined || out[d.api].has(anchor)) continue;
    out[d.api].set(anchor, {
      ...(d.since !== undefined ? {since: d.since} : {}),
      ...(d.sinceHref !== undefined ? {href: d.sinceHref} : {}),
      ...(d.sunset !== undefined ? {sunset: d.sunset} : {}),
    });
  }
  return out;
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
