/**
 * What the integration filter's tests read: the product's documents as the session model gives
 * them, the product's recorded history (specs/releases: 2.0.0 and its two amendments), and a
 * history of three releases made by editing the product's documents as a provider would.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {diffDocuments} from '../../../plugins/releases/diff';
import {history as recordedHistory, type HistoryEntry} from '../../../plugins/releases/store';
import {historyView} from '../../../plugins/releases/view';
import type {HistoryView} from '../../../plugins/releases/view';
import {releasesDirFor} from '../../../plugins/releases/load';
import {buildSessionModel} from '../../../plugins/session-check/model';
import type {SessionModel} from '../../../plugins/session-check/client/types';
import {SPECS, specModels} from '../../helpers/specModels';

export const ROOT = path.resolve(__dirname, '../../..');
export const FIXTURES = path.join(ROOT, 'tests/fixtures/integration');

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, name)));
}

export function fixtureText(name: string): string {
  return readFileSync(path.join(FIXTURES, name), 'utf8');
}

const anchors = {rest: new Set<string>(), ws: new Set<string>()};

export async function sessionModel(): Promise<SessionModel> {
  const {openapi, asyncapi, rest, ws} = await specModels();
  return buildSessionModel({
    openapi: structuredClone(openapi),
    asyncapi: structuredClone(asyncapi),
    rest,
    ws,
    compiled: new Set(),
  });
}

/** The product's recorded history as /version-history shows it. */
export async function productHistory(): Promise<HistoryView> {
  const dir = releasesDirFor(SPECS);
  if (dir === null) throw new Error('specs/releases is missing');
  return historyView(await recordedHistory(dir, SPECS), anchors);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- edits reach deep into untyped YAML
type Doc = any;

const read = (file: string): Doc => parse(readFileSync(path.join(ROOT, 'specs', file), 'utf8'));

function release(
  version: string,
  since: string | null,
  changes: HistoryEntry['changes'],
  extra: Partial<HistoryEntry> = {},
): HistoryEntry {
  return {
    id: `v${version.replace(/\./g, '-')}`,
    kind: 'release',
    version,
    date: null,
    recorded: `2026-0${version[0]}-01`,
    notes: [],
    initial: since === null,
    since,
    changes,
    bump: 'major',
    ...extra,
  };
}

/**
 * 2.0.0 (the product's documents); 3.0.0 adds `GET /api/positions` (getPositions), lowers
 * PageLimit's default and adds a field to `new_order`; 3.0.0's amendment makes the trade message's
 * `trade_id` pattern stricter; 4.0.0 removes getPositions and adds a value to Side.
 */
export async function threeReleases(): Promise<HistoryView> {
  const v2 = {rest: read('openapi.yaml'), ws: read('asyncapi.yaml')};
  const v3 = structuredClone(v2);
  v3.rest.components.schemas.PageLimit.default = 50;
  v3.rest.paths['/api/positions'] = {
    get: {
      operationId: 'getPositions',
      summary: 'Positions',
      responses: {
        '200': {description: 'The positions', content: {'application/json': {schema: {type: 'object'}}}},
      },
    },
  };
  v3.ws.components.schemas.NewOrder.properties.time_in_force = {type: 'string', enum: ['FOK']};
  const v3a = structuredClone(v3);
  v3a.ws.components.schemas.Trade.properties.trade_id = {
    ...v3a.ws.components.schemas.Trade.properties.trade_id,
    maxLength: 20,
  };
  const v4 = structuredClone(v3a);
  delete v4.rest.paths['/api/positions'];
  v4.rest.components.schemas.Side.enum.push('SELL_SHORT');
  const diff = async (a: typeof v2, b: typeof v2, asOf: string): Promise<HistoryEntry['changes']> => [
    ...(await diffDocuments('rest', a.rest, b.rest, {asOf})),
    ...(await diffDocuments('ws', a.ws, b.ws, {asOf})),
  ];
  const entries: HistoryEntry[] = [
    release('4.0.0', '3.0.0', await diff(v3a, v4, '2026-04-01')),
    release('3.0.0', '2.0.0', await diff(v3, v3a, '2026-03-15'), {
      id: 'v3-0-0-amendment-1',
      kind: 'amendment',
      reason: 'The trade id is at most 20 characters, as the provider says.',
      bump: 'none',
    }),
    release('3.0.0', '2.0.0', await diff(v2, v3, '2026-03-01')),
    release('2.0.0', null, []),
  ];
  return historyView(entries, anchors);
}
