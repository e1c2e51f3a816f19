/**
 * The documents quote the contact address and hosts in their prose (for example
 * the disabled bulk order endpoint directs integrators to the contact address).
 * Those quotes must agree with the identity fields the site reads, so changing
 * the identity in one document cannot leave a stale address behind unnoticed.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {identityFromDocuments, readDocument} from '../../plugins/api-reference/identity';

const ROOT = path.resolve(__dirname, '../..');
const files = {
  openapi: path.join(ROOT, 'specs/openapi.yaml'),
  asyncapi: path.join(ROOT, 'specs/asyncapi.yaml'),
};
const identity = identityFromDocuments(
  readDocument(files.openapi),
  readDocument(files.asyncapi),
  files.openapi,
);

describe.each(Object.entries(files))('%s document', (_name, file) => {
  const text = readFileSync(file, 'utf8');

  test('every e-mail address it mentions is the contact address', () => {
    const emails = new Set(text.match(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g) ?? []);
    expect(emails.size).toBeGreaterThan(0);
    expect([...emails]).toEqual([identity.contactEmail]);
  });

  test('every host name it mentions is one of the identity hosts, the status page or the provider site', () => {
    const known = new Set(
      [
        ...identity.restServers,
        ...identity.wsServers,
        ...(identity.statusUrl ? [{url: identity.statusUrl}] : []),
      ].map((s) => new URL(s.url).hostname),
    );
    const hosts = new Set(
      [...text.matchAll(/\b(?:https?|wss?):\/\/([A-Za-z0-9.-]+)/g)]
        .map((m) => m[1] ?? '')
        .filter((h) => h !== ''),
    );
    const unknown = [...hosts].filter((h) => !known.has(h) && !h.startsWith('www.'));
    expect(unknown).toEqual([]);
  });
});
