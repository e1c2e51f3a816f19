/**
 * "New in X" on each enum value a recent release added: carried by the badges, put on the
 * list of values of the field (or of the parameter's schema), and rendered right after that
 * value only. Runs the engine on a temp copy of the documents.
 */
import {cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {renderToStaticMarkup} from 'react-dom/server';
import {afterAll, describe, expect, it} from 'vitest';
import {parse, stringify} from 'yaml';
import {collectAnchors} from '../../../plugins/api-reference/guideFit';
import {objectsIn, type Json} from '../../../plugins/api-reference/document';
import {buildRestModel} from '../../../plugins/api-reference/openapi/build';
import {buildWsModel} from '../../../plugins/api-reference/asyncapi/build';
import {schemaNodes} from '../../../plugins/api-reference/schema/dataTypes';
import type {RestModel, SchemaNode, WsModel} from '../../../plugins/api-reference/types';
import {applyBadges, badgesByAnchor} from '../../../plugins/api-reference/marks';
import {badgeCandidates} from '../../../plugins/releases/marks';
import {release, pathsIn} from '../../../plugins/releases/commands';
import {history} from '../../../plugins/releases/store';
import Schema from '../../../src/components/ApiReference/Schema';
import ParameterTable from '../../../src/components/ApiReference/ParameterTable';
import {specModels} from '../../helpers/specModels';

const ROOT = path.resolve(__dirname, '../../..');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, {recursive: true, force: true});
});

function withAnchors(rest: RestModel, ws: WsModel) {
  return {rest, ws, anchors: {rest: collectAnchors(rest), ws: collectAnchors(ws)}};
}

/** The models of the copy of the documents under `root`, which the test has changed. */
function models(root: string) {
  const openapi = parse(readFileSync(path.join(root, 'specs/openapi.yaml'), 'utf8')) as Json;
  const asyncapi = parse(readFileSync(path.join(root, 'specs/asyncapi.yaml'), 'utf8')) as Json;
  return withAnchors(buildRestModel(openapi), buildWsModel(asyncapi));
}

/** Every schema node of a model (fields of messages, bodies, responses, parameters). */
function nodesOf(model: unknown): SchemaNode[] {
  const out: SchemaNode[] = [];
  for (const record of objectsIn(model))
    if (typeof record.type === 'string' && 'valueReleases' in record)
      out.push(...schemaNodes(record as unknown as SchemaNode));
  return out.filter((n) => n.valueReleases !== undefined);
}

describe('release badges on enum values', () => {
  it('the product, with one release, marks no value', async () => {
    const entries = await history(path.join(ROOT, 'specs/releases'), pathsIn(ROOT).working);
    // applyBadges writes into the models it is given: a copy of the shared (frozen) ones.
    const product = await specModels();
    const {rest, ws, anchors} = withAnchors(structuredClone(product.rest), structuredClone(product.ws));
    const badges = badgesByAnchor(badgeCandidates(entries, 2), anchors);
    applyBadges(rest, badges.rest);
    applyBadges(ws, badges.ws);
    expect(nodesOf(rest).length + nodesOf(ws).length).toBe(0);
    expect(JSON.stringify({rest, ws})).not.toContain('valueReleases');
  });

  it('a value added to a field and to a parameter is "New in X" right after that value; the field stays "Changed"', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'release-value-badges-'));
    dirs.push(dir);
    cpSync(path.join(ROOT, 'specs'), path.join(dir, 'specs'), {recursive: true});
    const files = ['openapi', 'asyncapi'].map((f) => path.join(dir, 'specs', `${f}.yaml`));
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach deep into untyped YAML
    const [openapi, asyncapi] = files.map((f) => parse(readFileSync(f, 'utf8')) as any);
    openapi.info.version = '3.0.0';
    asyncapi.info.version = '3.0.0';
    asyncapi.components.schemas.PriceStatus.enum.push('STALE');
    openapi.components.parameters.SideQuery.schema = {type: 'string', enum: ['BUY', 'SELL', 'SHORT']};
    writeFileSync(files[0] as string, stringify(openapi));
    writeFileSync(files[1] as string, stringify(asyncapi));
    expect((await release(pathsIn(dir))).code).toBe(0);

    const entries = await history(pathsIn(dir).releasesDir, pathsIn(dir).working);
    const {rest, ws, anchors} = models(dir);
    const badges = badgesByAnchor(badgeCandidates(entries, 1), anchors);
    const href = '/version-history#v3-0-0';
    const withValues = [...badges.ws.values()].filter((b) => b.values !== undefined);
    expect(withValues.length).toBeGreaterThan(0);
    for (const badge of withValues) {
      expect(badge.kind).toBe('changed');
      expect(badge.values).toEqual({'"STALE"': {kind: 'new', version: '3.0.0', href}});
    }
    applyBadges(rest, badges.rest);
    applyBadges(ws, badges.ws);

    // /docs/ws: the field lists the values, the added one marked, the field itself "Changed".
    const fields = nodesOf(ws);
    expect(fields.length).toBeGreaterThan(0);
    const field = fields[0] as SchemaNode;
    expect(field.enum).toContain('"STALE"');
    expect(field.release?.kind).toBe('changed');
    expect(field.release).not.toHaveProperty('values');
    const html = renderToStaticMarkup(<Schema label="x" node={{type: 'object', fields: [field]}} />);
    expect(html).toMatch(
      /&quot;STALE&quot;<\/code> <a href="\/version-history#v3-0-0"[^>]*>New in 3\.0\.0<\/a>\.<\/p>/,
    );
    expect(html.match(/New in 3\.0\.0/g)).toHaveLength(1);
    expect(html).toMatch(/&quot;ERROR&quot;<\/code>, <code/); // the other values: no badge, no wrapper
    expect(html).toContain('Changed in 3.0.0');

    // /rest: the parameter's values, the added one marked.
    const operation = rest.tags
      .flatMap((t) => t.operations)
      .find((o) => o.parameters.some((p) => p.schema.valueReleases !== undefined));
    expect(operation).toBeDefined();
    const side = operation?.parameters.find((p) => p.name === 'side');
    expect(side?.schema.valueReleases).toEqual({'"SHORT"': {kind: 'new', version: '3.0.0', href}});
    const table = renderToStaticMarkup(
      <ParameterTable caption="Parameters" parameters={operation?.parameters ?? []} />,
    );
    expect(table).toMatch(
      /<code>&quot;SHORT&quot;<\/code> <a href="\/version-history#v3-0-0"[^>]*>New in 3\.0\.0<\/a>\./,
    );
    expect(table.match(/New in 3\.0\.0/g)).toHaveLength(1);
  });
});
