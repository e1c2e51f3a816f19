/**
 * Which documents each reference shows (plugins/releases/references.ts): the current reference shows
 * the newest recorded release; working documents with a newer version are the upcoming release;
 * older releases get references of their own, as many as the provider chooses to render.
 */
import {cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {parse, stringify} from 'yaml';
import {releasesToRender, renderReleasesOption, shownReleases} from '../../../plugins/releases/references';
import type {ReleaseInfo} from '../../../plugins/releases/store';
import {absentElements} from '../../../plugins/api-reference/references';
import {
  choiceLabel,
  missingText,
  nearestPresent,
  releaseDateText,
  switchTarget,
} from '../../../src/components/ApiReference/Release/switching';

const ROOT = path.resolve(__dirname, '../../..');
const made: string[] = [];

/** A site folder with the product's documents as the working copy, and releases of the given versions. */
function site(releases: string[], working: string): {openapi: string; asyncapi: string; dir: string} {
  const dir = mkdtempSync(path.join(tmpdir(), 'references-'));
  made.push(dir);
  const write = (folder: string, version: string, extra = false): void => {
    mkdirSync(folder, {recursive: true});
    for (const name of ['openapi', 'asyncapi']) {
      const doc = parse(readFileSync(path.join(ROOT, 'specs', `${name}.yaml`), 'utf8')) as {
        info: {version: string; description?: string};
      };
      doc.info.version = version;
      if (extra) doc.info.description = `${doc.info.description ?? ''} More.`;
      writeFileSync(path.join(folder, `${name}.yaml`), stringify(doc));
    }
  };
  for (const version of releases) write(path.join(dir, 'specs/releases', version), version);
  const newest = releases[releases.length - 1];
  if (newest === working)
    cpSync(path.join(dir, 'specs/releases', newest), path.join(dir, 'specs'), {recursive: true});
  else write(path.join(dir, 'specs'), working, true);
  return {
    openapi: path.join(dir, 'specs/openapi.yaml'),
    asyncapi: path.join(dir, 'specs/asyncapi.yaml'),
    dir,
  };
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, {recursive: true, force: true});
});

describe('what each reference shows', () => {
  it('without releases: the working documents, no other reference', () => {
    const working = site([], '1.0.0');
    const shown = shownReleases(working);
    expect(shown.current).toEqual(working);
    expect(shown.references).toEqual([]);
  });

  it('working documents equal to the newest release: no upcoming release, older releases newest first', () => {
    const working = site(['1.0.0', '1.1.0', '2.0.0'], '2.0.0');
    const shown = shownReleases(working);
    expect(shown.currentIsWorking).toBe(true);
    expect(shown.currentVersion).toBe('2.0.0');
    expect(shown.references.map((r) => [r.id, r.kind, r.routes.rest])).toEqual([
      ['1.1.0', 'release', '/releases/1.1.0/rest'],
      ['1.0.0', 'release', '/releases/1.0.0/rest'],
    ]);
    expect(shown.references.some((r) => r.kind === 'next')).toBe(false);
  });

  it('working documents with a newer version: the upcoming release, dated by next.yaml; /rest keeps the newest release', () => {
    const working = site(['1.0.0', '2.0.0'], '2.1.0');
    writeFileSync(path.join(working.dir, 'specs/releases/next.yaml'), 'date: 2027-02-01\n');
    const shown = shownReleases(working);
    expect(shown.currentIsWorking).toBe(false);
    expect(shown.currentVersion).toBe('2.0.0');
    expect(shown.current.openapi).toBe(path.join(working.dir, 'specs/releases/2.0.0/openapi.yaml'));
    const next = shown.references.find((r) => r.kind === 'next');
    expect(next).toMatchObject({
      id: 'next',
      version: '2.1.0',
      date: '2027-02-01',
      files: {openapi: working.openapi},
    });
    expect(next?.routes.ws).toBe('/releases/next/ws');
  });

  it('working documents changed under the same version (a correction not yet recorded): shown at /rest, no preview', () => {
    const working = site(['1.0.0', '2.0.0'], '2.0.0');
    writeFileSync(working.openapi, `${readFileSync(working.openapi, 'utf8')}\n# edited\n`);
    const shown = shownReleases(working);
    expect(shown.currentIsWorking).toBe(true);
    expect(shown.references.map((r) => r.id)).toEqual(['1.0.0']);
  });

  it('renders the last N older releases, or the last of each major version; the others are listed as unrendered', () => {
    const older = ['1.0.0', '1.1.0', '2.0.0', '2.1.0', '2.2.0'].map((version) => ({version}) as ReleaseInfo);
    expect(releasesToRender(older, 'all').map((r) => r.version)).toEqual([
      '2.2.0',
      '2.1.0',
      '2.0.0',
      '1.1.0',
      '1.0.0',
    ]);
    expect(releasesToRender(older, {last: 2}).map((r) => r.version)).toEqual(['2.2.0', '2.1.0']);
    expect(releasesToRender(older, 'last-of-each-major').map((r) => r.version)).toEqual(['2.2.0', '1.1.0']);
    const working = site(['1.0.0', '1.1.0', '2.0.0'], '2.0.0');
    expect(shownReleases(working, {last: 1}).unrendered).toEqual(['1.0.0']);
  });

  it('refuses a renderReleases option it cannot read, naming it', () => {
    expect(renderReleasesOption(undefined)).toBe('all');
    expect(renderReleasesOption({last: 3})).toEqual({last: 3});
    expect(() => renderReleasesOption({last: -1})).toThrow(/`renderReleases` must be/);
    expect(() => renderReleasesOption('some')).toThrow(/got "some"/);
  });
});

describe('the switcher and the notice', () => {
  const order = [
    {version: '1.0.0', ids: new Set(['a'])},
    {version: '2.0.0', ids: new Set(['a', 'b'])},
    {version: '3.0.0', ids: new Set(['b', 'c'])},
  ];

  it('says when an element another release has was added or removed', () => {
    expect(absentElements(order, 0)).toEqual({b: {added: '2.0.0'}, c: {added: '3.0.0'}});
    expect(absentElements(order, 2)).toEqual({a: {removed: '3.0.0'}});
    expect(missingText('c', '1.0.0', {added: '3.0.0'})).toBe('`c` is not in 1.0.0: it was added in 3.0.0.');
    expect(missingText('a', '3.0.0', {removed: '3.0.0'})).toBe(
      '`a` is not in 3.0.0: it was removed in 3.0.0.',
    );
    expect(missingText('field.x', '3.0.0', undefined)).toBe('`field.x` is not in 3.0.0.');
    expect(missingText('listOrders.query.account_id', '2.0.0', undefined, 'listOrders')).toBe(
      '`listOrders.query.account_id` is not in 2.0.0: showing `listOrders`, where it would be.',
    );
    const has = new Set(['listOrders', 'listOrders.query']);
    expect(nearestPresent('listOrders.query.account_id', (id) => has.has(id))).toBe('listOrders.query');
    expect(nearestPresent('ping.query.x', (id) => has.has(id))).toBeUndefined();
  });

  it('keeps the element id, and labels the choices', () => {
    const choice = {rest: '/releases/1.0.0/rest', ws: '/releases/1.0.0/ws'};
    expect(switchTarget(choice, 'rest', '#createOrder')).toBe('/releases/1.0.0/rest#createOrder');
    expect(switchTarget(choice, 'ws', '')).toBe('/releases/1.0.0/ws');
    expect(choiceLabel({version: '3.1.0', kind: 'current'})).toBe('3.1.0 (current)');
    expect(choiceLabel({version: '3.2.0', kind: 'next'})).toBe('3.2.0 (upcoming)');
    expect(releaseDateText(null)).toBe('release date not published');
  });
});
