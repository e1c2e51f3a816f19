/**
 * A release's verdicts do not move with the day of the build: each release is judged at its date,
 * else at the day it was recorded. A releases folder where 2.0.0 removes a field that 1.0.0
 * deprecated with a sunset after 2.0.0 was recorded is built today and with the clock set years
 * ahead: the page's view, the Atom feed and the JSON must be the same, and the removal stays
 * "removed before its sunset", breaking. The working documents' changes (the upcoming release) are
 * judged at the planned release date when the provider set one, and otherwise say that they were
 * judged at the day of the build.
 */
import {mkdtempSync, mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, afterEach, describe, expect, it, vi} from 'vitest';
import {stringify} from 'yaml';
import {renderAtom, renderJson} from '../../../plugins/releases/feeds';
import {history} from '../../../plugins/releases/store';
import {historyView} from '../../../plugins/releases/view';

const dir = mkdtempSync(path.join(tmpdir(), 'releases-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
afterEach(() => {
  vi.useRealTimers();
});

function openapi(version: string, withField: boolean): Record<string, unknown> {
  const properties: Record<string, unknown> = {id: {type: 'string'}};
  if (withField) properties.legacy = {type: 'string', deprecated: true, 'x-sunset': '2027-06-30'};
  return {
    openapi: '3.1.0',
    info: {title: 'T', version},
    paths: {
      '/orders': {
        get: {
          operationId: 'listOrders',
          responses: {
            '200': {description: 'OK', content: {'application/json': {schema: {type: 'object', properties}}}},
          },
        },
      },
    },
  };
}

function asyncapi(version: string): Record<string, unknown> {
  return {asyncapi: '3.0.0', info: {title: 'T', version}, channels: {}, operations: {}};
}

function release(version: string, withField: boolean, recorded: string): void {
  const folder = path.join(dir, version);
  mkdirSync(folder, {recursive: true});
  writeFileSync(path.join(folder, 'openapi.yaml'), stringify(openapi(version, withField)));
  writeFileSync(path.join(folder, 'asyncapi.yaml'), stringify(asyncapi(version)));
  writeFileSync(path.join(folder, 'release.yaml'), stringify({date: null, recorded, notes: []}));
}

release('1.0.0', true, '2026-10-01');
release('2.0.0', false, '2026-11-20');

const anchors = {rest: new Set(['listOrders']), ws: new Set<string>()};
const options = {siteUrl: 'https://docs.example.com/', title: 'T'};

async function build(): Promise<{view: string; atom: string; json: string; text: string[]}> {
  const entries = await history(dir, null);
  const view = historyView(entries, anchors, []);
  return {
    view: JSON.stringify(view),
    atom: renderAtom(view, options),
    json: renderJson(view, options),
    text: entries.flatMap((e) => e.changes.map((c) => `${c.verdict}: ${c.text}`)),
  };
}

describe('verdicts at the release day, whatever the day of the build', () => {
  it('a rebuild with the clock set years ahead gives the same view, feed and JSON', async () => {
    vi.useFakeTimers({toFake: ['Date']});
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const now = await build();
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    const later = await build();
    expect(later).toEqual(now);
    expect(now.text).toEqual([
      'breaking: Field `legacy` of the 200 response removed before its sunset date (2027-06-30) had passed: clients that read it will no longer find it.',
    ]);
  });
});

describe('the upcoming changes, judged at the planned release date when the provider sets one', () => {
  const upcoming = mkdtempSync(path.join(tmpdir(), 'releases-next-'));
  afterAll(() => rmSync(upcoming, {recursive: true, force: true}));
  const releases = path.join(upcoming, 'releases');
  mkdirSync(path.join(releases, '1.0.0'), {recursive: true});
  writeFileSync(path.join(releases, '1.0.0', 'openapi.yaml'), stringify(openapi('1.0.0', true)));
  writeFileSync(path.join(releases, '1.0.0', 'asyncapi.yaml'), stringify(asyncapi('1.0.0')));
  writeFileSync(
    path.join(releases, '1.0.0', 'release.yaml'),
    stringify({date: '2026-10-01', recorded: '2026-10-01', notes: []}),
  );
  // The working documents: 1.1.0 removes the field deprecated with a sunset of 2027-06-30.
  const working = {
    openapi: path.join(upcoming, 'openapi.yaml'),
    asyncapi: path.join(upcoming, 'asyncapi.yaml'),
  };
  writeFileSync(working.openapi, stringify(openapi('1.1.0', false)));
  writeFileSync(working.asyncapi, stringify(asyncapi('1.1.0')));

  async function judged(
    upcomingDate: string | null,
  ): Promise<{text: string[]; atom: string; view: string; json: string}> {
    // As loadReleases gives them: the upcoming release's version and planned date.
    const entries = (await history(releases, working, {upcomingDate})).map((e) =>
      e.kind === 'unreleased' ? {...e, version: '1.1.0', date: upcomingDate} : e,
    );
    const view = historyView(entries, anchors, []);
    return {
      text: entries.flatMap((e) => e.changes.map((c) => `${c.verdict}: ${c.text}`)),
      atom: renderAtom(view, options),
      view: JSON.stringify(view),
      json: renderJson(view, options),
    };
  }

  it('a planned date after the sunset: "removed as announced", on any day of the build', async () => {
    vi.useFakeTimers({toFake: ['Date']});
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const now = await judged('2027-09-01');
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    expect(await judged('2027-09-01')).toEqual(now);
    expect(now.text).toEqual([
      'announced: Field `legacy` of the 200 response removed as announced (sunset 2027-06-30): clients that read it will no longer find it.',
    ]);
    expect(now.atom).toContain(
      'Removals are judged against their sunset dates as of the planned release date, 2027-09-01.',
    );
  });

  it('a planned date before the sunset: breaking, whatever the day of the build', async () => {
    vi.useFakeTimers({toFake: ['Date']});
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    expect((await judged('2027-01-15')).text).toEqual([
      'breaking: Field `legacy` of the 200 response removed before its sunset date (2027-06-30) had passed: clients that read it will no longer find it.',
    ]);
  });

  it('no planned date: judged at the day of the build, and the entry says so', async () => {
    vi.useFakeTimers({toFake: ['Date']});
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const before = await judged(null);
    expect(before.text[0]).toMatch(/^breaking: .*removed before its sunset date/);
    expect(JSON.parse(before.json).releases[0].judgedAt).toEqual({date: '2026-11-27', planned: false});
    expect(before.atom).toContain(
      'Removals are judged against their sunset dates as of 2026-11-27, the day this site was built: no release date is published, so a rebuild on a later day may judge them otherwise.',
    );
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    expect((await judged(null)).text[0]).toMatch(/^announced: .*removed as announced/);
  });
});
