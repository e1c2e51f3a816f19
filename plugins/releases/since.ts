/**
 * since-marks.json: the history view's "changes since" (HistoryView.since, never a second diff),
 * keyed by reference and element id so that `/rest?since=2.0.0` can mark each element it names.
 */
import type {GoneLine, SinceLine, SinceMarks, SinceMarksData} from './client/since';
import type {HistoryView, SinceView} from './view';

/** The data file's name (createData): `@generated/releases/default/since-marks.json`. */
export const SINCE_MARKS_DATA = 'since-marks.json';

function marksOf(view: SinceView): SinceMarks {
  const marks: SinceMarks = {to: view.to, rest: {}, ws: {}, gone: []};
  for (const group of view.groups) {
    for (const item of group.items) {
      const line: SinceLine = {
        text: item.text,
        label: item.label,
        breaking: item.breaking,
        in: item.in ?? view.to,
      };
      const hash = item.href?.indexOf('#') ?? -1;
      if (item.href === undefined || hash < 0) {
        const gone: GoneLine = {...line, api: group.api, subject: group.label};
        marks.gone.push(gone);
        continue;
      }
      const anchor = item.href.slice(hash + 1);
      const byAnchor = group.api === 'rest' ? marks.rest : marks.ws;
      (byAnchor[anchor] ??= []).push(line);
    }
  }
  return marks;
}

export function sinceMarks(view: Pick<HistoryView, 'versions' | 'since'>): SinceMarksData {
  return {
    versions: view.versions,
    since: Object.fromEntries(
      Object.entries(view.since).map(([version, since]) => [version, marksOf(since)]),
    ),
  };
}
