/**
 * Machine-readable history, written next to the built page:
 * - `/version-history/feed.xml`: an Atom feed (RFC 4287) of releases and amendments;
 * - `/version-history/changes.json`: every release and change.
 * Pure renderers; the plugin's postBuild writes them.
 */
import type {Note} from './store';
import {FEED_ROUTE, HISTORY_ROUTE, NEXT_ID, outputPath, releaseRoutes} from './client/routes';
import {judgedSentence} from './client/verdicts';
import {correctionLead, type DeprecationView, type EntryView, type HistoryView, type ItemView} from './view';

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export interface FeedOptions {
  siteUrl: string;
  title: string;
  /** The provider's contact address: a note that asks readers to contact the provider ends with it. */
  contact?: string;
}

function summary(entry: EntryView): string {
  if (entry.kind === 'unreleased')
    return `The upcoming release, ${entry.date === null ? 'release date not published' : `planned for ${entry.date}`}: not yet in production. ${entry.summary}${entry.judgedAt !== undefined ? ` ${judgedSentence(entry.judgedAt)}` : ''}`;
  const date = entry.date === null && entry.kind === 'release' ? 'Release date not published. ' : '';
  if (entry.initial) return `${date}The first recorded release.`;
  if (entry.kind === 'amendment') return `${correctionLead(entry.version)} ${entry.summary}`;
  return `${date}${entry.summary}`;
}

function noteText(note: Note, contact: string | undefined): string {
  return note.contactProvider === true && contact !== undefined
    ? `${note.text} Contact: ${contact}.`
    : note.text;
}

/**
 * The date an entry stands for in a feed: its release date, else the day it was recorded
 * (release.yaml `recorded`). Never the build's time: a rebuild must not announce a change.
 */
function stableDate(entry: EntryView): string | null {
  // An upcoming release's date is a plan, not when the entry was written.
  if (entry.kind === 'unreleased') return null;
  const day = entry.date ?? entry.recorded ?? null;
  return day === null ? null : `${day}T00:00:00Z`;
}

function deprecationLine(d: DeprecationView): string {
  return `${d.api === 'rest' ? 'REST' : 'WebSocket'} ${d.subject}: ${d.item}${d.since !== undefined ? `, deprecated in ${d.since}` : ''}${d.sunset !== undefined ? `, sunset ${d.sunset}` : ', no sunset date given'}.`;
}

/**
 * The Atom feed: one entry per release and amendment, and one listing what is deprecated
 * today. Dates are the releases' own (or the day each was recorded); an entry with neither
 * takes the newest date the feed has, else the Unix epoch, so the file changes only when the
 * history does.
 */
export function renderAtom(view: HistoryView, options: FeedOptions): string {
  const page = new URL(outputPath(HISTORY_ROUTE), options.siteUrl).href;
  // Releases, amendments and the upcoming release (working documents with a newer version), which
  // links to its preview; changes not yet given a version are left out.
  const released = view.entries.filter((e) => e.kind !== 'unreleased' || e.version !== null);
  const dates = released
    .map(stableDate)
    .filter((d): d is string => d !== null)
    .sort();
  const newest = dates[dates.length - 1] ?? '1970-01-01T00:00:00Z';
  const entries = released.map((entry) => {
    const noteOf = (item: ItemView): string =>
      item.note !== undefined
        ? ` Note: ${item.note}`
        : item.noteRef !== undefined
          ? ` (see note ${item.noteRef.split('-').pop() ?? ''})`
          : '';
    const lines = [
      ...entry.notes.map((n) => noteText(n, options.contact)),
      ...(entry.reason !== undefined ? [`Why: ${entry.reason}`] : []),
      ...entry.changeNotes.map(
        (n, i) =>
          `Note ${i + 1}${n.about !== undefined ? `, on every use of ${n.about}` : ''} (${n.lines} lines): ${n.text}`,
      ),
      ...entry.sections.flatMap((section) =>
        section.groups.flatMap((group) =>
          group.items.map(
            (item) =>
              `${item.label}: ${group.api === 'rest' ? 'REST' : 'WebSocket'} ${group.label}: ${item.text}${noteOf(item)}`,
          ),
        ),
      ),
      ...entry.docs.map((d) => `Documentation: ${d.subject}: ${d.text}`),
    ];
    return [
      '  <entry>',
      `    <id>${xml(`${page}#${entry.id}`)}</id>`,
      `    <title>${xml(`${entry.title}${entry.breaking > 0 ? ` (${entry.breaking} breaking)` : ''}`)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(entry.kind === 'unreleased' ? new URL(releaseRoutes(NEXT_ID).rest, options.siteUrl).href : `${page}#${entry.id}`)}"/>`,
      `    <updated>${stableDate(entry) ?? newest}</updated>`,
      `    <summary type="text">${xml(summary(entry))}</summary>`,
      `    <content type="text">${xml(lines.join('\n'))}</content>`,
      '  </entry>',
    ].join('\n');
  });
  const deprecations =
    view.deprecations.length === 0
      ? []
      : [
          [
            '  <entry>',
            `    <id>${xml(`${page}#deprecations`)}</id>`,
            `    <title>Deprecated today (${view.deprecations.length})</title>`,
            `    <link rel="alternate" type="text/html" href="${xml(`${page}#deprecations`)}"/>`,
            `    <updated>${newest}</updated>`,
            `    <summary type="text">${xml(`${view.deprecations.length} deprecated, soonest sunset first.`)}</summary>`,
            `    <content type="text">${xml(view.deprecations.map(deprecationLine).join('\n'))}</content>`,
            '  </entry>',
          ].join('\n'),
        ];
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xml(page)}</id>`,
    `  <title>${xml(`${options.title}: releases`)}</title>`,
    `  <link rel="alternate" type="text/html" href="${xml(page)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(new URL(outputPath(FEED_ROUTE), options.siteUrl).href)}"/>`,
    `  <updated>${newest}</updated>`,
    `  <author><name>${xml(options.title)}</name></author>`,
    ...deprecations,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

export function renderJson(view: HistoryView, options: FeedOptions): string {
  const page = new URL(outputPath(HISTORY_ROUTE), options.siteUrl).href;
  const url = (href: string | undefined): {url?: string} =>
    href !== undefined ? {url: new URL(href, options.siteUrl).href} : {};
  return `${JSON.stringify(
    {
      releases: view.entries.map((entry) => ({
        id: entry.id,
        url: `${page}#${entry.id}`,
        kind: entry.kind,
        version: entry.version,
        date: entry.date,
        notes: entry.notes.map((n) => noteText(n, options.contact)),
        ...(entry.reason !== undefined ? {reason: entry.reason} : {}),
        since: entry.since,
        bump: entry.bump,
        summary: entry.summary,
        // Upcoming changes with a removal judged against its sunset: the day, and whether it is the planned date.
        ...(entry.judgedAt !== undefined ? {judgedAt: entry.judgedAt} : {}),
        changes: [
          ...entry.sections.flatMap((section) =>
            section.groups.flatMap((group) =>
              group.items.map((item) => ({
                id: item.id,
                api: group.api,
                subject: group.label,
                subjectChange: section.change,
                direction: item.direction,
                text: item.text,
                ...(item.correction !== undefined
                  ? {
                      // A correction of the documents: not an API change, so no verdict or impact of one.
                      verdict: 'correction',
                      impact: 'none',
                      breaking: false,
                      correction: {
                        earlier: item.correction.earlier,
                        corrected: item.correction.corrected,
                        ifYouFollowedTheEarlierText: item.correction.check,
                        toCheck: item.correction.action,
                      },
                    }
                  : {verdict: item.verdict, impact: item.impact, breaking: item.breaking}),
                ...(item.note !== undefined ? {note: item.note} : {}),
                ...(item.noteRef !== undefined
                  ? {note: entry.changeNotes.find((n) => n.id === item.noteRef)?.text ?? ''}
                  : {}),
                ...url(item.href),
              })),
            ),
          ),
          ...entry.docs.map((d) => ({
            id: d.id,
            api: d.api,
            subject: d.subject,
            text: d.text,
            verdict: 'docs',
            impact: entry.kind === 'amendment' ? 'none' : 'patch',
            breaking: false,
            ...url(d.href),
          })),
        ],
      })),
      deprecations: view.deprecations.map((d) => ({
        api: d.api,
        subject: d.subject,
        item: d.item,
        sunset: d.sunset ?? null,
        deprecatedIn: d.since ?? null,
        ...url(d.href),
      })),
    },
    null,
    2,
  )}\n`;
}
