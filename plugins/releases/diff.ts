/**
 * The diff: two versions of one document in, classified changes out. One pure step in three
 * parts, each in its own file:
 * - changes/compare.ts finds what changed at every place a reader meets it (a shared
 *   component's change under every operation and message that reaches it, with the direction
 *   of each use), keyed by stable identities, never by position;
 * - changes/rules.ts classifies it: the verdict for the direction of the use, and the sentence;
 * - this file puts the two together into the changes the pages, feeds and gate read.
 *
 * Why not a diff engine: the project used `redocly diff` until release 2.0.0's history. It
 * reports a change to a shared component once, at the first place that uses it, and judges it
 * for that place's direction only; it matches array items by position (a removed parameter
 * "renamed" the next one, a removed property "changed its key"); its security rules are
 * OpenAPI-only. Every finding needed to be re-keyed, re-attributed and re-judged, so what was
 * left of the engine was a walk over two JSON trees; the walk here is that, from the reader's
 * side. The rules are this product's own and are published on /version-history.
 */
import {compareDocuments, type Api, type Finding, type Subject} from './changes/compare';
import {
  judge,
  RULE_ACTION,
  VERDICT_IMPACT,
  type Direction,
  type Impact,
  type RuleId,
  type Verdict,
  type Words,
} from './changes/rules';

export type {Api, Subject} from './changes/compare';
export type {Direction, Impact, Verdict} from './changes/rules';

export interface Change {
  api: Api;
  subject: Subject;
  /** Whether the subject itself appeared, disappeared, or changed inside. */
  subjectChange: 'added' | 'removed' | 'changed';
  /** What happened to the item (the most precise anchor): added, removed or changed. */
  action: 'added' | 'removed' | 'changed';
  /** The item inside the subject, in words: "query parameter `side`", "field `orders[].side` of the 200 response". */
  item?: string;
  /** Candidate anchors, most precise first (field, parameter, then the subject). */
  anchors: string[];
  /** The reader's side of this use: what they send, receive, or both. */
  direction: Direction;
  verdict: Verdict;
  impact: Impact;
  /** A change that can break an integration built for the previous version. */
  breaking: boolean;
  /** The change in words, for the reader's side of this use. */
  text: string;
  /** What the text is made from (kept so a later step can add what it learns, e.g. the announcing release). */
  words: Words;
  rule: RuleId;
  /** Stable pointer of the use (parameters named, not numbered). */
  pointer: string;
  /** Where the change is written in the document: a shared component's own pointer. */
  origin: string;
  /** The change's stable identity: `<api>:<subject key>:<pointer>:<rule>`; release.yaml notes are keyed by it (or by `<api>:<origin>`). */
  id: string;
  /**
   * Every use the change is at, when one line names several field paths of one place (a shared
   * type at two fields of one response): each use's pointer and candidate anchors, the first being
   * `pointer` and `anchors`. Badges and marks go on each.
   */
  places?: Array<{pointer: string; anchors: string[]}>;
  /** For a change of an enum: the values it added (each gets its own "New in X" in the references). */
  addedValues?: unknown[];
  /** The sunset date a deprecation or removal names. */
  sunset?: string;
  /** A person's note on this change (release.yaml `changes:`). */
  note?: string;
}

/** One finding, judged for its direction and put in words. */
export function toChange(finding: Finding): Change {
  const {verdict, text} = judge(finding.rule, finding.direction, finding.words);
  return {
    api: finding.api,
    subject: finding.subject,
    subjectChange: finding.subjectChange,
    action: RULE_ACTION[finding.rule],
    ...(finding.item !== undefined ? {item: finding.item} : {}),
    anchors: finding.anchors,
    direction: finding.direction,
    verdict,
    impact: VERDICT_IMPACT[verdict],
    breaking: verdict === 'breaking',
    text,
    words: finding.words,
    rule: finding.rule,
    pointer: finding.pointer,
    origin: finding.origin,
    id: `${finding.api}:${finding.subject.key}:${finding.pointer}:${finding.rule}`,
    ...(finding.addedValues !== undefined ? {addedValues: finding.addedValues} : {}),
    ...(finding.places !== undefined ? {places: finding.places} : {}),
    ...(finding.words.sunset !== undefined ? {sunset: finding.words.sunset} : {}),
  };
}

/** The same change with more words (the release that announced a removal): verdict and text made again. */
export function reword(change: Change, words: Partial<Words>): Change {
  const merged = {...change.words, ...words};
  const {verdict, text} = judge(change.rule, change.direction, merged);
  return {
    ...change,
    words: merged,
    verdict,
    impact: VERDICT_IMPACT[verdict],
    breaking: verdict === 'breaking',
    text,
  };
}

/** The semver bump a list of changes needs. */
export function requiredBump(changes: readonly Change[]): Impact | 'none' {
  if (changes.some((c) => c.impact === 'major')) return 'major';
  if (changes.some((c) => c.impact === 'minor')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}

/** Today as YYYY-MM-DD (UTC): the date sunsets are judged at unless a release gives its own. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export interface DiffOptions {
  /** The date sunsets are judged at (YYYY-MM-DD); today when absent. */
  asOf?: string;
}

/** Diffs two versions of one document. Same JSON: no changes. */
export function diffDocuments(
  api: Api,
  base: Record<string, unknown>,
  revision: Record<string, unknown>,
  options: DiffOptions = {},
): Change[] {
  if (JSON.stringify(base) === JSON.stringify(revision)) return [];
  const findings = compareDocuments(api, base, revision, {asOf: options.asOf ?? today()});
  // One line per use: the same rule at the same place with the same words reads once.
  const seen = new Set<string>();
  const out: Change[] = [];
  for (const finding of findings) {
    const change = toChange(finding);
    const key = `${change.id}|${change.text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(change);
  }
  return out;
}
