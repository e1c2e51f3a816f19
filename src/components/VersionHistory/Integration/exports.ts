/**
 * The filtered changes as files the reader downloads: JSON and an Atom feed (RFC 4287), made in
 * the browser from the same lines the page lists. Pure: the caller gives the page's address and
 * the history's dates, so two downloads of the same selection are the same bytes.
 */
import type {HistoryView} from '@site/plugins/releases/view';
import type {Filtered, FilteredLine} from './changes';
import type {Outcome} from './match';
import {lineOfUse} from './fragment';

export interface ExportContext {
  /** The page's address with the selection's fragment (`https://…/version-history#integration?…`). */
  link: string;
  /** The API's title. */
  title: string;
  selection: readonly string[];
  outcomes: readonly Outcome[];
}

function absolute(href: string | undefined, link: string): string | undefined {
  if (href === undefined) return undefined;
  try {
    return new URL(href, link).href;
  } catch {
    return undefined;
  }
}

function lineRecord(line: FilteredLine, link: string): Record<string, unknown> {
  const href = absolute(line.item.href ?? line.subjectHref, link);
  return {
    api: line.api,
    subject: line.subject,
    subjectKey: line.subjectKey,
    in: line.in,
    verdict: line.item.verdict,
    label: line.item.breaking ? 'Breaking' : line.item.label,
    breaking: line.item.breaking,
    direction: line.item.direction,
    text: line.item.text,
    id: line.item.id,
    ...(line.item.correction !== undefined ? {correction: line.item.correction} : {}),
    ...(line.item.note !== undefined ? {note: line.item.note} : {}),
    ...(href !== undefined ? {link: href} : {}),
  };
}

export function toJson(filtered: Filtered, context: ExportContext): string {
  return `${JSON.stringify(
    {
      title: `${context.title}: changes for your integration since ${filtered.since.label}`,
      link: context.link,
      since: filtered.since,
      selection: context.selection.map((s) => lineOfUse(s as `rest:${string}`)),
      requests: context.outcomes.map((o) => ({
        source: o.request.source,
        request: o.request.kind === 'name' ? o.request.name : o.request.shown,
        status: o.status,
        matched: o.matched,
        why: o.why,
      })),
      lines: filtered.lines.length,
      breaking: filtered.breaking,
      changes: filtered.lines.map((l) => lineRecord(l, context.link)),
    },
    null,
    2,
  )}\n`;
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The day an entry stands for (its release date, else the day it was recorded), as the site's feed dates it. */
function entryDate(history: HistoryView, entryId: string | undefined): string | null {
  const entry = history.entries.find((e) => e.id === entryId);
  const day = entry?.date ?? entry?.recorded ?? null;
  return day === null ? null : `${day}T00:00:00Z`;
}

/** One Atom entry per release (or amendment, or upcoming entry) with lines that reach the selection. */
export function toAtom(filtered: Filtered, history: HistoryView, context: ExportContext): string {
  const byEntry = new Map<string, FilteredLine[]>();
  for (const line of filtered.lines) byEntry.set(line.in, [...(byEntry.get(line.in) ?? []), line]);
  const dates = filtered.lines
    .map((l) => entryDate(history, l.entryId))
    .filter((d): d is string => d !== null)
    .sort();
  const newest = dates[dates.length - 1] ?? entryDate(history, filtered.since.id) ?? '1970-01-01T00:00:00Z';
  const page = context.link.replace(/#.*$/, '');
  const entries = Array.from(byEntry).map(([label, lines]) => {
    const entryId = lines[0]?.entryId;
    const updated = entryDate(history, entryId) ?? newest;
    const text = lines
      .map((l) => `${l.item.breaking ? 'Breaking' : l.item.label}: ${l.subject}: ${l.item.text}`)
      .join('\n');
    const breaking = lines.filter((l) => l.item.breaking).length;
    return [
      '  <entry>',
      `    <title>${xml(`${label}: ${lines.length} change${lines.length === 1 ? '' : 's'} for your integration${breaking > 0 ? ` (${breaking} breaking)` : ''}`)}</title>`,
      `    <id>${xml(`${context.link}&entry=${encodeURIComponent(entryId ?? label)}`)}</id>`,
      `    <link rel="alternate" href="${xml(entryId !== undefined ? `${page}#${entryId}` : page)}"/>`,
      `    <updated>${updated}</updated>`,
      `    <content type="text">${xml(text)}</content>`,
      '  </entry>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(`${context.title}: changes for your integration since ${filtered.since.label}`)}</title>`,
    `  <id>${xml(context.link)}</id>`,
    `  <link rel="alternate" href="${xml(context.link)}"/>`,
    `  <updated>${newest}</updated>`,
    `  <author><name>${xml(context.title)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
