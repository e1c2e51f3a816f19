/**
 * The data `?since=<version>` marks the current references with (since-marks.json), and the
 * words the marks and their panel use. Pure and browser-safe: the releases plugin writes the data
 * (plugins/releases/since.ts), the references read it in a lazy chunk (src/components/ApiReference/Since).
 */

/** One change line at one anchor: its sentence, its verdict for the reader's side, the release it came in. */
export interface SinceLine {
  text: string;
  /** "Breaking", "Behaviour change", … as the history says it. */
  label: string;
  breaking: boolean;
  in: string;
}

/** A change whose subject is no longer in the reference: listed in the panel, marked nowhere. */
export interface GoneLine extends SinceLine {
  api: 'rest' | 'ws';
  /** "`GET /api/ping`". */
  subject: string;
}

/** The changes since one version that still apply, by reference and element id. */
export interface SinceMarks {
  /** The newest release they reach. */
  to: string;
  rest: Record<string, SinceLine[]>;
  ws: Record<string, SinceLine[]>;
  gone: GoneLine[];
}

export interface SinceMarksData {
  /** Recorded versions, newest first (the newest is what /rest and /docs/ws show). */
  versions: string[];
  /** For each recorded version but the newest. */
  since: Record<string, SinceMarks>;
}

/** Where the chosen version is remembered across pages of the tab, until the reader stops marking. */
export const SINCE_KEY = 'api-reference:since';

/** The version to mark from: the URL's `since` first, then the one remembered; null for none. */
export function chosenSince(search: string, remembered: string | null): string | null {
  const fromUrl = new URLSearchParams(search).get('since');
  if (fromUrl !== null && fromUrl.trim() !== '') return fromUrl.trim();
  return remembered !== null && remembered !== '' ? remembered : null;
}

/** What the panel says about a version, before any line. */
export type SinceState =
  | {kind: 'unknown'; version: string; versions: string[]}
  | {kind: 'newest'; version: string}
  | {kind: 'marks'; version: string; marks: SinceMarks};

export function sinceState(data: SinceMarksData, version: string): SinceState {
  const marks = data.since[version];
  if (marks !== undefined) return {kind: 'marks', version, marks};
  if (version === data.versions[0]) return {kind: 'newest', version};
  return {kind: 'unknown', version, versions: data.versions};
}

/** An anchor's lines, flattened for the panel: breaking first, then in the order the history gives. */
export function panelLines(marks: Record<string, SinceLine[]>): Array<SinceLine & {anchor: string}> {
  const lines = Object.entries(marks).flatMap(([anchor, list]) => list.map((line) => ({...line, anchor})));
  return [...lines.filter((l) => l.breaking), ...lines.filter((l) => !l.breaking)];
}

/** "Marked: 5 changes since 2.0.0 (2 breaking)". */
export function markedSummary(version: string, lines: readonly SinceLine[]): string {
  const breaking = lines.filter((l) => l.breaking).length;
  const n = lines.length;
  return `Marked: ${n} change${n === 1 ? '' : 's'} since ${version} (${breaking} breaking)`;
}

/**
 * The words on a marked element: "Changed since 2.0.0: Breaking (3.0.0)"; several lines give each
 * verdict once, strictest first, with the releases they came in: "Breaking (3.0.0); Behaviour change (2.1.0, 4.0.0)".
 */
export function markWords(version: string, lines: readonly SinceLine[]): string {
  const sorted = [...lines.filter((l) => l.breaking), ...lines.filter((l) => !l.breaking)];
  const byLabel = new Map<string, string[]>();
  for (const line of sorted) {
    const releases = byLabel.get(line.label) ?? [];
    if (!releases.includes(line.in)) releases.push(line.in);
    byLabel.set(line.label, releases);
  }
  // Array.from, not a spread: the site's Babel spreads only arrays, a Map would arrive whole.
  const parts = Array.from(byLabel, ([label, releases]) => `${label} (${releases.join(', ')})`);
  return `Changed since ${version}: ${parts.join('; ')}`;
}
