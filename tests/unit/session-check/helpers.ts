/**
 * The session checker as the command runs it (the validators compiled by the payload validator's
 * compiler, the reference's wording), on the product's documents as the build loads them.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describeErrors} from '@site/src/components/ApiReference/Validator/messages';
import {checkCapture, type Report} from '@site/plugins/session-check/client/check';
import {readCapture} from '@site/plugins/session-check/client/read';
import type {Describe} from '@site/plugins/session-check/client/types';
import {nodeChecker, type NodeChecker} from '@site/scripts/tools/session-check';
import {specModels} from '../../helpers/specModels';

export const FIXTURES = path.resolve(__dirname, '../../fixtures/session');

let checker: Promise<NodeChecker> | undefined;

export function sessionChecker(): Promise<NodeChecker> {
  checker ??= specModels().then((models) =>
    nodeChecker({
      documents: {
        openapi: structuredClone(models.openapi),
        asyncapi: structuredClone(models.asyncapi),
        ws: models.ws,
      },
      describe: describeErrors as Describe,
    }),
  );
  return checker;
}

export function fixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, name)));
}

export async function checkFixture(name: string): Promise<Report> {
  return checkCapture(await readCapture(fixture(name)), await sessionChecker());
}
