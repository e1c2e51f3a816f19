/**
 * The documents in specs/ as the build loads them (bundled, converted), and the view models
 * built from them: the one way a test gets the product's models. Loaded once per test file
 * (each file runs in its own process) however many tests ask.
 */
import path from 'node:path';
import {buildWsModel} from '../../plugins/api-reference/asyncapi/build';
import type {JsonObject} from '../../plugins/api-reference/document';
import {loadAsyncApi, loadOpenApi} from '../../plugins/api-reference/load';
import {buildRestModel} from '../../plugins/api-reference/openapi/build';
import type {RestModel, WsModel} from '../../plugins/api-reference/types';

export const SPECS = {
  openapi: path.resolve(__dirname, '../../specs/openapi.yaml'),
  asyncapi: path.resolve(__dirname, '../../specs/asyncapi.yaml'),
} as const;

export interface SpecModels {
  readonly openapi: JsonObject;
  readonly asyncapi: JsonObject;
  readonly rest: RestModel;
  readonly ws: WsModel;
}

let loaded: Promise<SpecModels> | undefined;

/** The product's documents and their models. Read-only: tests that change one build their own. */
export function specModels(): Promise<SpecModels> {
  loaded ??= (async () => {
    const [openapi, asyncapi] = await Promise.all([loadOpenApi(SPECS.openapi), loadAsyncApi(SPECS.asyncapi)]);
    return {openapi, asyncapi, rest: buildRestModel(openapi), ws: buildWsModel(asyncapi)};
  })();
  return loaded;
}
