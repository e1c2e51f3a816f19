/**
 * /version-history as rendered at build time: an upcoming release whose removals were judged
 * against their sunset dates says at which day, in the page's long date form, under its heading.
 */
import {renderToStaticMarkup} from 'react-dom/server';
import {describe, expect, it} from 'vitest';
import type {HistoryEntry} from '../../../plugins/releases/store';
import {historyView} from '../../../plugins/releases/view';
import type {Change} from '../../../plugins/releases/diff';
import VersionHistoryPage from '../../../src/components/VersionHistory';

const removal = {
  id: 'rest-legacy',
  api: 'rest',
  rule: 'removed-before-sunset',
  verdict: 'breaking',
  breaking: true,
  impact: 'major',
  direction: 'receive',
  text: 'Field `legacy` of the 200 response removed before its sunset date (2027-06-30) had passed: clients that read it will no longer find it.',
  subject: {kind: 'operation', label: 'listOrders', anchors: ['listOrders']},
  subjectChange: 'changed',
  pointer: '/paths/~1orders/get/responses/200',
  origin: '/paths/~1orders/get/responses/200',
  anchors: ['listOrders'],
  sunset: '2027-06-30',
} as unknown as Change;

function entry(judgedAt: HistoryEntry['judgedAt'], changes: Change[] = [removal]): HistoryEntry {
  return {
    id: 'unreleased',
    kind: 'unreleased',
    version: '1.1.0',
    date: judgedAt?.planned === true ? judgedAt.date : null,
    notes: [],
    initial: false,
    since: '1.0.0',
    changes,
    bump: 'major',
    ...(judgedAt !== undefined ? {judgedAt} : {}),
  };
}

function page(e: HistoryEntry): string {
  const view = historyView([e], {rest: new Set(['listOrders']), ws: new Set()}, []);
  return renderToStaticMarkup(<VersionHistoryPage releases={view} />).replaceAll('<!-- -->', '');
}

describe('the day removals were judged at, on /version-history', () => {
  it('the planned release date', () => {
    expect(page(entry({date: '2027-01-15', planned: true}))).toContain(
      'Removals are judged against their sunset dates as of the planned release date, 15 January 2027.',
    );
  });

  it('the day of the build, when no release date is published', () => {
    expect(page(entry({date: '2026-11-29', planned: false}))).toContain(
      'Removals are judged against their sunset dates as of 29 November 2026, the day this site was built',
    );
  });

  it('nothing when no change depends on a sunset', () => {
    const added = {
      ...removal,
      rule: 'operation-added',
      verdict: 'addition',
      breaking: false,
    } as unknown as Change;
    expect(page(entry({date: '2026-11-29', planned: false}, [added]))).not.toContain('Removals are judged');
  });
});
