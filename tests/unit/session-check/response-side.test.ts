/**
 * REST response bodies are judged as what the server returns (plugins/session-check/responseSide.ts):
 * a read-only field is returned and required as the schema says, a write-only one never comes
 * back. The document (tests/fixtures/session/response-side/openapi.yaml) has a webhook whose `id`
 * is read-only and whose `signing_secret` is write-only, both required.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {loadOpenApi} from '@site/plugins/api-reference/load';
import {checkCapture} from '@site/plugins/session-check/client/check';
import {readCapture} from '@site/plugins/session-check/client/read';
import {describeErrors} from '@site/src/components/ApiReference/Validator/messages';
import type {Describe} from '@site/plugins/session-check/client/types';
import {nodeChecker} from '@site/scripts/tools/session-check';
import {specWs} from '../../helpers/specModels';
import {fixture, FIXTURES} from './helpers';

describe('REST responses in a HAR, judged on the response side of the document', () => {
  it('a response carrying the read-only id holds without the write-only secret; one missing the id fails there', async () => {
    const {asyncapi, ws} = await specWs();
    const checker = await nodeChecker({
      documents: {
        openapi: await loadOpenApi(path.join(FIXTURES, 'response-side/openapi.yaml')),
        asyncapi: structuredClone(asyncapi),
        ws,
      },
      describe: describeErrors as Describe,
    });
    const report = checkCapture(await readCapture(fixture('response-side.har')), checker);
    expect(report.calls.map((c) => [c.method, c.operation, c.status, c.verdict])).toEqual([
      // The request leaves out the read-only id (request side); the response returns it, not the secret.
      ['POST', 'createWebhook', 201, 'valid'],
      ['GET', 'getWebhook', 200, 'valid'],
      ['GET', 'getWebhook', 200, 'invalid'],
    ]);
    expect(report.calls[2]?.problems).toEqual([
      expect.objectContaining({part: 'response', pointer: '', link: '/rest#getWebhook'}),
    ]);
    expect(report.calls[2]?.problems[0]?.message).toContain('"id"');
    expect(report.ok).toBe(false);
  });
});
