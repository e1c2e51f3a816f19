/**
 * "New in X" / "Changed in X" badges for the references: from the newest
 * releases' computed changes, each put on the element its change resolves to
 * in the current reference (operation, parameter, field, message). Pure.
 */
import type {HistoryEntry} from './store';
import type {Anchors} from './view';
import {versionId} from './store';

export interface ReleaseBadge {
  kind: 'new' | 'changed';
  version: string;
  /** The release's entry on /version-history. */
  href: string;
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
): {rest: Map<string, ReleaseBadge>; ws: Map<string, ReleaseBadge>} {
  const out = {rest: new Map<string, ReleaseBadge>(), ws: new Map<string, ReleaseBadge>()};
  // Newest first; the first recorded release has nothing to compare with.
  const recent = entries.filter((e) => e.kind === 'release' && !e.initial).slice(0, releases);
  for (const entry of recent) {
    const version = entry.version ?? '';
    const placed = {rest: new Map<string, ReleaseBadge>(), ws: new Map<string, ReleaseBadge>()};
    for (const change of entry.changes) {
      const known = anchors[change.api];
      const index = change.anchors.findIndex((a) => known.has(a));
      if (index < 0) continue;
      const anchor = change.anchors[index] as string;
      const kind = change.action === 'added' && index === 0 ? 'new' : 'changed';
      const previous = placed[change.api].get(anchor);
      if (previous === undefined || (previous.kind === 'changed' && kind === 'new')) {
        placed[change.api].set(anchor, {kind, version, href: `/version-history#${versionId(version)}`});
      }
    }
    // A newer release's badge wins over an older one's on the same element.
    for (const api of ['rest', 'ws'] as const) {
      for (const [anchor, badge] of placed[api]) if (!out[api].has(anchor)) out[api].set(anchor, badge);
    }
  }
  return out;
}

/** Puts each badge on the model object whose `id` it names (as `release`). Returns how many were placed. */
export function applyBadges(model: unknown, badges: ReadonlyMap<string, ReleaseBadge>): number {
  if (badges.size === 0) return 0;
  let placed = 0;
  const stack: unknown[] = [model];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...(node as unknown[]));
    else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      const badge = typeof record.id === 'string' ? badges.get(record.id) : undefined;
      if (badge !== undefined && record.release === undefined) {
        record.release = badge;
        placed += 1;
      }
      for (const value of Object.values(record))
        if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return placed;
}
