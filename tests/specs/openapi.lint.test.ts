/**
 * specs/openapi.yaml passes `redocly lint` (recommended ruleset plus redocly.yaml) with no error
 * and no warning, describes exactly the 14 operations of section 7 of the specification, each
 * fully documented and secured, and lists pre-production as the first (default) server.
 */
import {execFile} from 'node:child_process';
import {join} from 'node:path';
import {promisify} from 'node:util';
import {beforeAll, describe, expect, it} from 'vitest';
import {
  HTTP_METHODS,
  OPENAPI_PATH,
  REPO_ROOT,
  isObject,
  loadOpenApi,
  type Json,
  type JsonObject,
} from './helpers/openapi-document';

const run = promisify(execFile);
const doc = loadOpenApi();

/** Section 7 of the product specification: method and path of every REST operation. */
const SECTION_7 = [
  'GET /api/instruments',
  'GET /api/v1/riskfigures/report',
  'POST /api/orders/bulk',
  'GET /api/orders/bulk/{bulk_order_id}',
  'GET /api/orders/bulk/{bulk_order_id}/status',
  'GET /api/orders',
  'GET /api/orders/sequence',
  'GET /api/trades',
  'GET /api/trades/sequence',
  'POST /api/settlement-request',
  'GET /api/settlement-requests/{settlement_request_id}/status',
  'GET /api/settlement-requests/{settlement_request_id}',
  'GET /api/transactions',
  'PATCH /api/transaction/{transaction_id}',
];

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location?: {pointer?: string}[];
}
interface LintReport {
  totals: {errors: number; warnings: number; ignored: number};
  problems: LintProblem[];
}

async function redoclyLint(): Promise<LintReport> {
  const bin = join(REPO_ROOT, 'node_modules', '.bin', 'redocly');
  const args = ['lint', OPENAPI_PATH, '--config', join(REPO_ROOT, 'redocly.yaml'), '--format=json'];
  // Telemetry and update checks would try the network, which this machine does not have.
  const env = {
    ...process.env,
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
    NO_COLOR: '1',
  };
  const {stdout} = await run(bin, args, {
    cwd: REPO_ROOT,
    env,
    timeout: 60_000,
    maxBuffer: 16 * 1024 * 1024,
  }).catch(
    // redocly exits non-zero when it finds errors; its report is still on stdout.
    (error: {stdout?: string; message: string}) => {
      if (error.stdout) return {stdout: error.stdout};
      throw new Error(`redocly lint failed to run: ${error.message}`);
    },
  );
  const start = stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint printed no JSON report:\n${stdout}`);
  return JSON.parse(stdout.slice(start)) as LintReport;
}

interface OperationEntry {
  key: string;
  pointer: string;
  operation: JsonObject;
}

function operations(): OperationEntry[] {
  const paths = isObject(doc.paths) ? doc.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => isObject(isObject(item) ? item[method] : undefined)).map((method) => {
      const operation = (item as JsonObject)[method] as JsonObject;
      return {key: `${method.toUpperCase()} ${path}`, pointer: `paths.${path}.${method}`, operation};
    }),
  );
}

const nonEmptyString = (value: Json | undefined): boolean =>
  typeof value === 'string' && value.trim().length > 0;

describe('OpenAPI lint', () => {
  let report: LintReport;

  beforeAll(async () => {
    report = await redoclyLint();
  }, 90_000);

  it('redocly lint reports 0 errors and 0 warnings', () => {
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? '?'}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals.errors).toBe(0);
    expect(report.totals.warnings).toBe(0);
  });

  it('declares OpenAPI 3.1.0', () => {
    expect(doc.openapi).toBe('3.1.0');
  });
});

describe('OpenAPI operations (section 7)', () => {
  const entries = operations();

  it('has exactly the 14 method + path pairs of section 7', () => {
    expect(entries.map((e) => e.key).sort()).toEqual([...SECTION_7].sort());
  });

  it.each(entries.map((e) => [e.key, e] as const))(
    '%s has operationId, summary, description, tags and security',
    (_key, entry) => {
      const {operation} = entry;
      expect(nonEmptyString(operation.operationId), `${entry.pointer}.operationId`).toBe(true);
      expect(nonEmptyString(operation.summary), `${entry.pointer}.summary`).toBe(true);
      expect(nonEmptyString(operation.description), `${entry.pointer}.description`).toBe(true);
      expect(Array.isArray(operation.tags) && operation.tags.length > 0, `${entry.pointer}.tags`).toBe(true);
      const security = operation.security ?? doc.security;
      expect(Array.isArray(security) && security.length > 0, `${entry.pointer}.security`).toBe(true);
      expect(security).toEqual([{bearerAuth: []}]);
    },
  );

  it('secures every operation with a bearer JWT scheme', () => {
    const schemes =
      isObject(doc.components) && isObject(doc.components.securitySchemes)
        ? doc.components.securitySchemes
        : {};
    expect(schemes.bearerAuth).toMatchObject({type: 'http', scheme: 'bearer', bearerFormat: 'JWT'});
  });

  it('documents the bulk order endpoint as disabled and gives the contact address', () => {
    const bulk = entries.find((e) => e.key === 'POST /api/orders/bulk');
    expect(bulk?.operation.description).toMatch(/disabled/i);
    expect(bulk?.operation.description).toContain('api@example.com');
  });
});

describe('OpenAPI identity and servers', () => {
  it('has the fixed info fields', () => {
    expect(doc.info).toMatchObject({
      title: 'Example Provider API',
      version: '2.0.0',
      'x-provider-name': 'Example Provider',
      'x-status-page': 'https://status.example.com',
      contact: {
        name: 'Example Provider API support',
        email: 'api@example.com',
        url: 'https://www.example.com',
      },
      license: {name: 'Proprietary', url: 'https://www.example.com/legal/api-licence'},
    });
  });

  it('lists pre-production first (the documentation default), then production', () => {
    expect(doc.servers).toEqual([
      {
        url: 'https://api.preprod.example.com',
        description: 'Pre-production',
        'x-environment': 'preproduction',
      },
      {url: 'https://api.example.com', description: 'Production', 'x-environment': 'production'},
    ]);
  });
});
