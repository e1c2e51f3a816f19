/** Shared helpers for the reference tests: corpus location and small walkers over view models. */
import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {SchemaNode} from '../../../plugins/api-reference/types';
import type {SiteIdentity} from '../../../plugins/api-reference/identity';

export const ROOT = path.resolve(__dirname, '../../..');
export const CORPUS = path.resolve(ROOT, '../shared/corpus');
export const HAS_CORPUS = existsSync(CORPUS);
export const CORPUS_SKIP_REASON = `corpus folder ${CORPUS} is absent (a fresh clone outside CI): corpus tests skipped`;

export function corpusFiles(kind: 'openapi' | 'asyncapi'): string[] {
  if (!HAS_CORPUS) return [];
  const dir = path.join(CORPUS, kind);
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$|\.json$/.test(f))
    .map((f) => path.join(dir, f));
}

/** Every node under a schema view (fields, items, tuple items, branches), depth first. */
export function walkNodes(node: SchemaNode | undefined, visit: (n: SchemaNode) => void): void {
  if (node === undefined) return;
  visit(node);
  for (const f of node.fields ?? []) walkNodes(f, visit);
  for (const p of node.prefixItems ?? []) walkNodes(p, visit);
  walkNodes(node.items, visit);
  for (const g of node.groups ?? []) for (const b of g.branches) walkNodes(b.node, visit);
}

export function findField(node: SchemaNode | undefined, id: string): SchemaNode | undefined {
  let found: SchemaNode | undefined;
  walkNodes(node, (n) => {
    if (found === undefined && n.id === id) found = n;
  });
  return found;
}

/** Public documents kept in tests/fixtures (see its README): the entry document of each. */
export const FIXTURES = path.resolve(ROOT, 'tests/fixtures');
export const FIXTURE_DOCUMENTS = {
  openapi: [
    'openapi/redocly-cafe/openapi/openapi.yaml',
    'openapi/oas-3.2/path-item-object-example.yaml',
    'openapi/oas-3.2/3.2-tags-example.yaml',
    'openapi/redoc-demo/openapi.yaml',
  ].map((f) => path.join(FIXTURES, f)),
  asyncapi: [
    'asyncapi/social-media/backend/asyncapi.yaml',
    'asyncapi/v2/streetlights-mqtt-2.6.0.yml',
    'asyncapi/v2/websocket-gemini-2.6.0.yml',
  ].map((f) => path.join(FIXTURES, f)),
};

/** A site identity for rendering a reference page in a test (the page's own text does not use it). */
export const TEST_IDENTITY: SiteIdentity = {
  title: 'T',
  providerName: 'T',
  contactEmail: '',
  statusUrl: null,
  apiVersion: '1',
  restServers: [],
  asyncApiLabel: 'WebSocket',
  wsServers: [],
};
