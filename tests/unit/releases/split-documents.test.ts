/**
 * A document split over several files keeps its history: `npm run release` keeps every file the
 * documents reach, and the diff reads them as the build does (bundled), so a change made in another
 * file is found, judged and gated like one made in the document itself.
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';
import {stringify} from 'yaml';
import {check, pathsIn, release} from '../../../plugins/releases/commands';
import {history} from '../../../plugins/releases/store';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, {recursive: true, force: true});
});

/** A site folder whose openapi.yaml takes its Order schema from schemas/order.yaml. */
function splitSite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'split-release-'));
  made.push(dir);
  const specs = path.join(dir, 'specs');
  mkdirSync(path.join(specs, 'schemas'), {recursive: true});
  writeFileSync(
    path.join(specs, 'openapi.yaml'),
    stringify({
      openapi: '3.1.0',
      info: {title: 'T', version: '1.0.0'},
      paths: {
        '/orders': {
          get: {
            operationId: 'listOrders',
            responses: {
              '200': {
                description: 'OK',
                content: {'application/json': {schema: {$ref: 'schemas/order.yaml#/Order'}}},
              },
            },
          },
        },
      },
    }),
  );
  writeOrder(dir, ['id', 'side']);
  writeFileSync(
    path.join(specs, 'asyncapi.yaml'),
    stringify({asyncapi: '3.0.0', info: {title: 'T', version: '1.0.0'}, channels: {}, operations: {}}),
  );
  return dir;
}

function writeOrder(dir: string, fields: string[]): void {
  writeFileSync(
    path.join(dir, 'specs/schemas/order.yaml'),
    stringify({
      Order: {type: 'object', properties: Object.fromEntries(fields.map((f) => [f, {type: 'string'}]))},
    }),
  );
}

function setVersion(dir: string, version: string): void {
  for (const file of ['openapi.yaml', 'asyncapi.yaml']) {
    const target = path.join(dir, 'specs', file);
    writeFileSync(target, readFileSync(target, 'utf8').replace(/version: .*/, `version: ${version}`));
  }
}

describe('split documents through npm run release', () => {
  it('a release keeps the other files; a field removed there is breaking, refused as a minor bump, and listed in the history', async () => {
    const dir = splitSite();
    const paths = pathsIn(dir);
    expect((await release(paths)).code).toBe(0);
    expect(existsSync(path.join(dir, 'specs/releases/1.0.0/schemas/order.yaml'))).toBe(true);
    expect((await check(paths)).code).toBe(0);

    // The change is made in the other file only.
    writeOrder(dir, ['id']);
    setVersion(dir, '1.1.0');
    const refused = await release(paths);
    expect(refused.code).toBe(1);
    expect(refused.message).toMatch(/need a major bump/);
    expect(refused.message).toContain('`side`');

    setVersion(dir, '2.0.0');
    expect((await release(paths)).code).toBe(0);
    expect(readFileSync(path.join(dir, 'specs/releases/2.0.0/schemas/order.yaml'), 'utf8')).not.toContain(
      'side',
    );
    const entries = await history(path.join(dir, 'specs/releases'), null);
    const v2 = entries.find((e) => e.version === '2.0.0');
    expect(v2?.changes.map((c) => [c.rule, c.verdict])).toEqual([['field-removed', 'breaking']]);
    expect(v2?.bump).toBe('major');
  });

  it('release:check sees a change made only in another file', async () => {
    const dir = splitSite();
    const paths = pathsIn(dir);
    await release(paths);
    writeOrder(dir, ['id', 'side', 'price']);
    const result = await check(paths);
    expect(result.code).toBe(1);
    expect(result.message).toContain('`price`');
  });
});
