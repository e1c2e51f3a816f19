/**
 * Machine-readable history, written next to the built page:
 * - `/version-history/feed.xml`: an Atom feed (RFC 4287) of releases and amendments;
 * - `/version-history/changes.json`: every release and change.
 * Pure renderers; the plugin's postBuild writes them.
 */
import type {EntryView, HistoryView} from './view';

export const FEED_PATH = 'version-history/feed.xml';
export const JSON_PATH = 'version-history/changes.json';

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function summary(entry: EntryView): string {
  const date = entry.date === null && entry.kind === 'release' ? 'Release date not published. ' : '';
  if (entry.initial) return `${date}The first recorded release.`;
  return `${date}${entry.total} change${entry.total === 1 ? '' : 's'}, ${entry.breaking} breaking.`;
}

/** Atom needs a date per entry; a release without a published date takes the build's. */
export function renderAtom(
  view: HistoryView,
  options: {siteUrl: string; title: string; updated: string},
): string {
  const page = new URL('version-history', options.siteUrl).href;
  const entries = view.entries
    .filter((e) => e.kind !== 'unreleased')
    .map((entry) => {
      const lines = [
        ...entry.notes.map((n) => n.text),
        ...(entry.reason !== undefined ? [`Correction: ${entry.reason}`] : []),
        ...entry.sections.flatMap((section) =>
          section.groups.flatMap((group) =>
            group.items.map((item) => `${item.breaking ? 'Breaking: ' : ''}${group.label}: ${item.text}`),
          ),
        ),
      ];
      const updated = entry.date !== null ? `${entry.date}T00:00:00Z` : options.updated;
      return [
        '  <entry>',
        `    <id>${xml(`${page}#${entry.id}`)}</id>`,
        `    <title>${xml(`${entry.title}${entry.breaking > 0 ? ` (${entry.breaking} breaking)` : ''}`)}</title>`,
        `    <link rel="alternate" type="text/html" href="${xml(`${page}#${entry.id}`)}"/>`,
        `    <updated>${updated}</updated>`,
        `    <summary type="text">${xml(summary(entry))}</summary>`,
        `    <content type="text">${xml(lines.join('\n'))}</content>`,
        '  </entry>',
      ].join('\n');
    });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(page)}</id>`,
    `  <title>${xml(`${options.title}: releases`)}</title>`,
    `  <link rel="alternate" type="text/html" href="${xml(page)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(new URL(FEED_PATH, options.siteUrl).href)}"/>`,
    `  <updated>${options.updated}</updated>`,
    `  <author><name>${xml(options.title)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

export function renderJson(view: HistoryView, siteUrl: string): string {
  const page = new URL('version-history', siteUrl).href;
  return `${JSON.stringify(
    {
      releases: view.entries.map((entry) => ({
        id: entry.id,
        url: `${page}#${entry.id}`,
        kind: entry.kind,
        version: entry.version,
        date: entry.date,
        notes: entry.notes.map((n) => n.text),
        ...(entry.reason !== undefined ? {reason: entry.reason} : {}),
        since: entry.since,
        bump: entry.bump,
        changes: entry.sections.flatMap((section) =>
          section.groups.flatMap((group) =>
            group.items.map((item) => ({
              api: group.api,
              subject: group.label,
              subjectChange: section.change,
              text: item.text,
              impact: item.impact,
              breaking: item.breaking,
              ...(item.href !== undefined ? {url: new URL(item.href, siteUrl).href} : {}),
            })),
          ),
        ),
      })),
    },
    null,
    2,
  )}\n`;
}
