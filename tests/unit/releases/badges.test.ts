/**
 * "New in X" / "Changed in X" badges: from the newest releases' changes, on the
 * element of the current reference each change resolves to; none for the
 * product, which has one release. Runs the engine on a temp copy.
 */
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {parse, stringify} from 'yaml';
import {collectAnchors} from '../../../plugins/api-reference/guideFit';
import type {Json} from '../../../plugins/api-reference/document';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {applyBadges, badgesByAnchor} from '../../../plugins/api-reference/marks';
import {badgeCandidates} from '../../../plugins/releases/marks';
import {release, pathsIn} from '../../../plugins/releases/commands';
import {history} from '../../../plugins/releases/store';
import type {RestModel, WsModel} from '../../../plugins/api-reference/types';
import {specModels} from '../../helpers/specModels';

const ROOT = path.resolve(__dirname, '../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true});
});

function withAnchors(rest: RestModel, ws: WsModel) {
  return {models: {rest, ws}, anchors: {rest: collectAnchors(rest), ws: collectAnchors(ws)}};
}

/** The models of the copy of the documents under `root`, which the test has changed. */
function anchorsOf(root: string) {
  const openapi = parse(readFileSync(path.join(root, 'specs/openapi.yaml'), 'utf8')) as Json;
  const asyncapi = parse(readFileSync(path.join(root, 'specs/asyncapi.yaml'), 'utf8')) as Json;
  return withAnchors(buildRestModel(openapi), buildWsModel(asyncapi));
}

describe('release badges', () => {
  it('the product, with one release, shows none', async () => {
    const entries = await history(path.join(ROOT, 'specs/releases'), pathsIn(ROOT).working);
    const {rest, ws} = await specModels();
    const {anchors} = withAnchors(rest, ws);
    const badges = badgesByAnchor(badgeCandidates(entries, 2), anchors);
    expect(badges.rest.size + badges.ws.size).toBe(0);
  });

  it('a new parameter is "new", a moved channel and a removed parameter "changed", all linking to the release', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'release-badges-'));
    dirs.push(dir);
    cpSync(path.join(ROOT, 'specs'), path.join(dir, 'specs'), {recursive: true});
    const files = ['openapi', 'asyncapi'].map((f) => path.join(dir, 'specs', `${f}.yaml`));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach deep into untyped YAML
    const [openapi, asyncapi] = files.map((f) => parse(readFileSync(f, 'utf8')) as any);
    openapi.info.version = '3.0.0';
    asyncapi.info.version = '3.0.0';
    openapi.paths['/api/orders'].get.parameters.unshift({
      name: 'account_id',
      in: 'query',
      required: true,
      schema: {type: 'string'},
    });
    openapi.paths['/api/trades'].get.parameters = openapi.paths['/api/trades'].get.parameters.filter(
      (p: {$ref?: string}) => p.$ref !== '#/components/parameters/SideQuery',
    );
    asyncapi.channels.orders.address = '/ws/v3/orders';
    writeFileSync(files[0] as string, stringify(openapi));
    writeFileSync(files[1] as string, stringify(asyncapi));
    expect((await release(pathsIn(dir))).code).toBe(0);

    const entries = await history(pathsIn(dir).releasesDir, pathsIn(dir).working);
    const {models, anchors} = anchorsOf(dir);
    const badges = badgesByAnchor(badgeCandidates(entries, 1), anchors);
    const href = '/version-history#v3-0-0';
    expect(badges.rest.get('listOrders.query.account_id')).toEqual({kind: 'new', version: '3.0.0', href});
    expect(badges.rest.get('listTrades')).toEqual({kind: 'changed', version: '3.0.0', href});
    // A channel's new address reaches each of its messages: each is marked where it is listed.
    expect(badges.ws.get('new_order')).toEqual({kind: 'changed', version: '3.0.0', href});
    // Placed on the model elements with those ids.
    expect(applyBadges(models.rest, badges.rest)).toBeGreaterThanOrEqual(badges.rest.size);
    const listOrders = models.rest.tags.flatMap((t) => t.operations).find((o) => o.id === 'listOrders');
    expect(listOrders?.parameters.find((p) => p.name === 'account_id')?.release?.kind).toBe('new');
    // No badges when the setting is 0.
    expect(badgesByAnchor(badgeCandidates(entries, 0), anchors).rest.size).toBe(0);
  });
});
