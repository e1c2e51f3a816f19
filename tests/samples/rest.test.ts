/**
 * Every REST sample shown on /rest, in every language, and every request of the
 * guides runs against a Prism mock of specs/openapi.yaml (validation on). Only
 * the host is rewritten. For each sample the mock must have received the
 * request the sample claims to make (the one it was generated from: method,
 * path, query, headers, body), Prism must report no violation, and the sample
 * must print Prism's answer. A language whose toolchain is missing is skipped
 * by name (scripts/setup/ensure-toolchains.ts installs them).
 */
import {rmSync} from 'node:fs';
import {formatWithOptions} from 'node:util';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {SAMPLE_TARGETS, buildSamples, type SampleRequest} from '../../plugins/api-reference/openapi/samples';
import {buildRestBuilders} from '../../plugins/api-reference/builder/model';
import type {Json} from '../../plugins/api-reference/document';
import {initialForm, restRequest} from '../../src/components/ApiReference/RequestBuilder/request';
import {curlCommand, TOKEN_VARIABLE, type RequestSpec} from '../../src/components/Guide/curl';
import {loadIdentity} from '../../plugins/api-reference/identity';
import {resolveSpecPaths} from '../../plugins/api-reference/identity';
import {startRestMock, violationsInLog, type Exchange, type RestMock} from '../../scripts/mock/rest';
import {TOOLCHAINS, available} from '../../scripts/samples/toolchains';
import {guideFiles, jsxElements} from '../unit/guides/mdx';
import {ROOT, failure, pool, prepare, run, workDir, type Language} from './run';
import {SPECS, specRest} from '../helpers/specModels';

const TOKEN = 'sample-tier-token';

/** A sample to run: its text as shown, the request it claims to make, and the server it calls. */
interface Case {
  language: Language;
  what: string;
  key: string;
  code: string;
  claim: SampleRequest;
  env?: Record<string, string>;
}

const {openapi: doc, rest: model} = await specRest();
const operations = model.tags.flatMap((t) => t.operations);
const builders = buildRestBuilders(doc, model);

/** The request behind each operation's samples: the builder's request at the examples. */
function claimOf(operationId: string): SampleRequest {
  const builder = builders.find((b) => b.target === `rest:${operationId}`);
  if (builder === undefined) throw new Error(`no request builder for ${operationId}`);
  const built = restRequest(builder, {
    server: 0,
    token: '',
    form: initialForm(builder),
    body: builder.body?.examples[0]?.value,
  });
  if (!built.ok) throw new Error(`${operationId}: ${built.problem}`);
  return {...built.request, body: built.request.body as {mediaType: string; value: Json} | undefined};
}

const referenceCases: Case[] = operations.flatMap((op) => {
  const claim = claimOf(op.id);
  // The claim is what the page shows: the samples regenerated from it are the page's samples.
  const regenerated = buildSamples(claim).map((s) => [s.language, s.code]);
  const shown = op.samples.map((s) => [s.language, s.code]);
  if (JSON.stringify(regenerated) !== JSON.stringify(shown))
    throw new Error(`${op.id}: the samples on the page are not the ones made from its example request`);
  return op.samples.map((s) => ({
    language: s.language as Language,
    what: `operation ${op.id}`,
    key: op.id,
    code: s.code,
    claim,
  }));
});

/** The guides' <RequestExample> requests, as curl commands on the documented host. */
const identity = loadIdentity(resolveSpecPaths(ROOT));
const guideCases: Case[] = guideFiles().flatMap((g) =>
  jsxElements(g.source, ['RequestExample']).map((e, i) => {
    const props = e.props as unknown as RequestSpec & {env?: string};
    const server = identity.restServers.find((s) =>
      props.env === undefined ? s.isDefault : s.key === props.env,
    );
    if (server === undefined)
      throw new Error(`${g.id}.mdx:${e.line}: no REST server for ${props.env ?? 'default'}`);
    const spec: RequestSpec = {
      method: props.method,
      path: props.path,
      ...(props.query !== undefined ? {query: props.query} : {}),
      ...(props.body !== undefined ? {body: props.body} : {}),
    };
    const query = Object.entries(props.query ?? {}).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((v) => ({name, value: String(v)})),
    );
    const claim: SampleRequest = {
      method: props.method,
      baseUrl: server.url,
      path: props.path,
      pathParams: {},
      query,
      headers: [
        {name: 'Authorization', value: `Bearer ${TOKEN}`},
        {name: 'Accept', value: 'application/json'},
      ],
      cookies: [],
      ...(props.body !== undefined ? {body: {mediaType: 'application/json', value: props.body as Json}} : {}),
    };
    return {
      language: 'curl' as const,
      what: `guide ${g.id}.mdx:${e.line} (${props.method} ${props.path})`,
      key: `${g.id}_${i}`,
      code: curlCommand(server.url, spec),
      claim,
      // The reader sets the token, as the guide says.
      env: {[TOKEN_VARIABLE]: TOKEN},
    };
  }),
);

/** Replaces the documented server's scheme and host (and only them) with the mock's. */
function rewriteHost(code: string, baseUrl: string, mock: string): string {
  const origin = new URL(baseUrl).origin;
  if (!code.includes(origin)) throw new Error(`the sample does not contain its server ${origin}`);
  return code.split(origin).join(mock);
}

function expectedPath(claim: SampleRequest): string {
  let p = claim.path;
  for (const [name, value] of Object.entries(claim.pathParams))
    p = p.split(`{${name}}`).join(encodeURIComponent(value));
  const base = new URL(claim.baseUrl).pathname.replace(/\/$/, '');
  return `${base}${p.startsWith('/') ? '' : '/'}${p}`;
}

/** What differs between the request a sample claims to make and the one the mock received. */
function requestProblems(claim: SampleRequest, got: Exchange): string[] {
  const problems: string[] = [];
  const [pathname = '', search = ''] = got.url.split(/\?(.*)/s);
  if (got.method !== claim.method.toUpperCase())
    problems.push(`method ${got.method}, claimed ${claim.method}`);
  if (pathname !== expectedPath(claim)) problems.push(`path ${pathname}, claimed ${expectedPath(claim)}`);
  const sorted = (pairs: string[][]): string => JSON.stringify([...pairs].sort());
  const query = [...new URLSearchParams(search).entries()];
  const claimedQuery = claim.query.map((q) => [q.name, q.value]);
  if (sorted(query) !== sorted(claimedQuery))
    problems.push(`query ${JSON.stringify(query)}, claimed ${JSON.stringify(claimedQuery)}`);
  for (const {name, value} of claim.headers) {
    const received = got.headers[name.toLowerCase()];
    if (received !== value) problems.push(`header ${name}: ${String(received)}, claimed ${value}`);
  }
  for (const {name, value} of claim.cookies)
    if (!(got.headers.cookie ?? '').split(/;\s*/).includes(`${name}=${value}`))
      problems.push(`cookie ${name}=${value} missing`);
  if (claim.body === undefined) {
    if (got.body !== '') problems.push(`a body was sent, none claimed: ${got.body}`);
  } else {
    const type = got.headers['content-type'] ?? '';
    if (!type.startsWith(claim.body.mediaType))
      problems.push(`Content-Type ${type}, claimed ${claim.body.mediaType}`);
    let body: unknown = got.body;
    try {
      body = JSON.parse(got.body);
    } catch {
      // Not JSON: compared as text below.
    }
    if (JSON.stringify(body) !== JSON.stringify(claim.body.value))
      problems.push(`body ${got.body}, claimed ${JSON.stringify(claim.body.value)}`);
  }
  return problems;
}

/** What the sample prints for the mock's answer, in its language's own way. */
function expectedOutput(language: Language, answer: string): string {
  if (language === 'curl') return answer;
  if (language === 'javascript') return `${formatWithOptions({}, JSON.parse(answer))}\n`;
  return `${answer}\n`;
}

let mock: RestMock;
const dir = workDir('rest');
const ran = new Map<Language, number>();

beforeAll(async () => {
  mock = await startRestMock(SPECS.openapi);
});

afterAll(async () => {
  await mock.stop();
  rmSync(dir, {recursive: true, force: true});
  console.log(
    `REST samples run per language: ${[...ran].map(([l, n]) => `${l} ${n}`).join(', ')}` +
      (skipped.length > 0 ? `; skipped (toolchain missing): ${skipped.join(', ')}` : ''),
  );
});

/** Languages whose toolchain is missing here (Node.js, which runs this, never is). */
const skipped: string[] = TOOLCHAINS.filter((t) => t.name !== 'gpg' && !available(t)).map((t) => t.name);

async function runCases(language: Language, cases: Case[]): Promise<string[]> {
  const recorders = await Promise.all(cases.map(() => mock.recorder()));
  const runnable = cases.map((c, i) => rewriteHost(c.code, c.claim.baseUrl, recorders[i]?.url ?? ''));
  const prepared = await prepare(
    language,
    cases.map((c, i) => ({key: c.key, code: runnable[i] ?? ''})),
    dir,
  );
  const failures = await pool(cases, 2, async (c) => {
    const i = cases.indexOf(c);
    const recorder = recorders[i];
    const code = runnable[i] ?? '';
    const how = prepared.get(c.key);
    if (recorder === undefined || how === undefined) return 'not prepared';
    if (!how.ok) return failure(language, c.what, code, how.complaint);
    const outcome = await run(how.command, how.args, {...(c.env !== undefined ? {env: c.env} : {})});
    const problems: string[] = [];
    if (outcome.code !== 0)
      problems.push(
        `exited with ${String(outcome.code)}${outcome.timedOut ? ' (timed out)' : ''}: ${outcome.stderr}`,
      );
    if (recorder.exchanges.length !== 1)
      problems.push(`the mock received ${recorder.exchanges.length} requests, not 1`);
    const got = recorder.exchanges[0];
    if (got !== undefined) {
      problems.push(...requestProblems(c.claim, got));
      if (got.violations !== undefined) problems.push(`Prism reports violations: ${got.violations}`);
      if (got.status >= 400) problems.push(`Prism answered ${got.status}: ${got.responseBody}`);
      const expected = expectedOutput(language, got.responseBody);
      if (outcome.stdout !== expected)
        problems.push(
          `it printed ${JSON.stringify(outcome.stdout)}, not the mock's answer ${JSON.stringify(expected)}`,
        );
    }
    await recorder.close();
    return problems.length === 0 ? undefined : failure(language, c.what, code, problems.join('; '));
  });
  ran.set(language, (ran.get(language) ?? 0) + cases.length);
  return failures.filter((f): f is string => f !== undefined);
}

describe('REST reference samples run against the mock', () => {
  it('shows the languages the tier runs', () => {
    expect(SAMPLE_TARGETS.map((t) => t.language)).toEqual([
      'curl',
      'python',
      'javascript',
      'go',
      'java',
      'csharp',
    ]);
    expect(referenceCases.length).toBe(operations.length * SAMPLE_TARGETS.length);
  });

  for (const {language, label} of SAMPLE_TARGETS) {
    const missing = skipped.includes(language);
    it.skipIf(missing)(`${label}: every operation's sample`, async () => {
      const failures = await runCases(
        language,
        referenceCases.filter((c) => c.language === language),
      );
      expect(failures.join('\n\n')).toBe('');
    });
  }
});

describe("the guides' requests run against the mock", () => {
  it('finds them', () => {
    expect(guideCases.length).toBeGreaterThanOrEqual(10);
  });
  it.skipIf(skipped.includes('curl'))('curl: every <RequestExample>', async () => {
    const failures = await runCases('curl', guideCases);
    expect(failures.join('\n\n')).toBe('');
  });
});

describe('the mock', () => {
  it('logged no violation for any request', () => {
    expect(violationsInLog(mock.log())).toEqual([]);
  });
});
