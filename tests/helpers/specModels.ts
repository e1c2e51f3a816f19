/**
 * The documents in specs/ as the build loads them (bundled, converted), and the view models
 * built from them: the one way a test gets the product's models (tests/unit/helpers/
 * specModelsGuard.test.ts keeps it so); specRest() and specWs() load one document when a test needs
 * only one. Loaded once per test file (each file runs in its own
 * process) however many tests ask, and frozen: a test or a function under test that changes
 * them fails at once instead of leaking the change into the next test. A test that needs to
 * change one works on a copy (`structuredClone`) or builds its own from a modified document.
 */
import path from 'node:path';
import {buildWsModel} from '../../plugins/api-reference/asyncapi/build';
import type {JsonObject} from '../../plugins/api-reference/document';
import {resolveSpecPaths} from '../../plugins/api-reference/identity';
import {loadAsyncApi, loadOpenApi} from '../../plugins/api-reference/load';
import {buildRestModel} from '../../plugins/api-reference/openapi/build';
import type {RestModel, WsModel} from '../../plugins/api-reference/types';

/** The files the build reads: specs/openapi.yaml and specs/asyncapi.yaml unless OPENAPI_FILE / ASYNCAPI_FILE say otherwise. */
export const SPECS = resolveSpecPaths(path.resolve(__dirname, '../..'));

export interface SpecModels {
  readonly openapi: JsonObject;
  readonly asyncapi: JsonObject;
  readonly rest: RestModel;
  readonly ws: WsModel;
}

/** Freezes a value and everything reachable from it (the models share nodes: each is visited once). */
function deepFreeze<T>(value: T, seen = new Set<object>()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  for (const child of Object.values(value)) deepFreeze(child, seen);
  return Object.freeze(value);
}

let rest: Promise<Pick<SpecModels, 'openapi' | 'rest'>> | undefined;
let ws: Promise<Pick<SpecModels, 'asyncapi' | 'ws'>> | undefined;

/** The product's OpenAPI document and REST model only (the AsyncAPI loader takes a second or two more). */
export function specRest(): Promise<Pick<SpecModels, 'openapi' | 'rest'>> {
  rest ??= loadOpenApi(SPECS.openapi).then((openapi) => deepFreeze({openapi, rest: buildRestModel(openapi)}));
  return rest;
}

/** The product's AsyncAPI document and WebSocket model only. */
export function specWs(): Promise<Pick<SpecModels, 'asyncapi' | 'ws'>> {
  ws ??= loadAsyncApi(SPECS.asyncapi).then((asyncapi) => deepFreeze({asyncapi, ws: buildWsModel(asyncapi)}));
  return ws;
}

/** The product's documents and their models. Read-only (frozen): tests that change one build their own. */
export async function specModels(): Promise<SpecModels> {
  const [openapi, asyncapi] = await Promise.all([specRest(), specWs()]);
  return {...openapi, ...asyncapi};
}
