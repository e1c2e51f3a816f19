/**
 * The diagrams are rendered twice: on the server (SSG, Node) and again in the
 * browser during hydration, from a bundle that Docusaurus compiles with Babel's
 * preset-env in LOOSE mode. Loose mode changes semantics (spreading a Map
 * iterator yields [iterator]); a layout that differs between the two makes
 * React throw the server HTML away. This test compiles the layout module
 * exactly as the client build does and compares its output with the source's.
 */
import {mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterAll, describe, expect, it} from 'vitest';
import * as source from '../../../src/components/Diagram/layout';
import {ROOT} from '../guides/documents';

const require = createRequire(import.meta.url);
const dir = mkdtempSync(path.join(tmpdir(), 'client-transpile-'));

afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** The one @babel/core function used here (the package ships no types). */
interface BabelCore {
  transformFileSync(file: string, options: Record<string, unknown>): {code?: string | null} | null;
}

/** Compiles one file as the client build does; relative imports point at the compiled siblings. */
function compile(absolute: string): string {
  const babel = require('@babel/core') as BabelCore;
  const result = babel.transformFileSync(absolute, {
    babelrc: false,
    configFile: false,
    presets: [require.resolve('@docusaurus/babel/preset')],
    caller: {name: 'client', supportsStaticESM: true},
    filename: absolute,
  });
  if (result?.code == null) throw new Error(`Babel produced nothing for ${absolute}`);
  const out = path.join(dir, `${path.basename(absolute, '.ts')}.mjs`);
  writeFileSync(out, result.code.replace(/(from ['"]\.\/[^'"]+)(['"])/g, '$1.mjs$2'));
  return out;
}

/** `file` compiled as the client build does, with the modules of its folder it imports. */
async function asClientBuilds(file: string): Promise<typeof source> {
  const absolute = path.resolve(ROOT, file);
  const folder = path.dirname(absolute);
  const stem = path.basename(absolute, '.ts');
  for (const sibling of readdirSync(folder)) {
    if (sibling !== `${stem}.ts` && sibling.startsWith(stem) && sibling.endsWith('.ts')) {
      compile(path.join(folder, sibling));
    }
  }
  return (await import(pathToFileURL(compile(absolute)).href)) as typeof source;
}

const states = [
  {id: 'RECEIVED', label: 'RECEIVED', initial: true},
  {id: 'DONE', label: 'DONE', terminal: true},
  {id: 'REJECTED', label: 'REJECTED', terminal: true},
  {id: 'OPEN', label: 'OPEN'},
  {id: 'UNSPECIFIED', label: 'UNSPECIFIED'},
];
const transitions = [
  {from: 'RECEIVED', to: 'DONE', label: 'order_execution'},
  {from: 'RECEIVED', to: 'REJECTED'},
  {from: 'DONE', to: 'RECEIVED'},
];
const steps = [
  {from: 'Client', to: 'API', label: 'subscribe_price_channel (heartbeat_interval)'},
  {
    from: 'API',
    to: 'Client',
    label: 'channel_subscription_confirmation',
    kind: 'reply' as const,
    alternative: 'accepted',
  },
  {
    from: 'API',
    to: 'Client',
    label: 'channel_subscription_error',
    kind: 'reply' as const,
    alternative: 'refused',
  },
  {from: 'Client', to: 'Client', label: 'note', kind: 'note' as const},
];

describe('layout under the client build’s Babel (loose mode)', () => {
  it('computes the same layouts as the source', async () => {
    const client = await asClientBuilds('src/components/Diagram/layout.ts');
    expect(client.layoutState(states, transitions)).toEqual(source.layoutState(states, transitions));
    expect(client.layoutSequence(['Client', 'API'], steps)).toEqual(
      source.layoutSequence(['Client', 'API'], steps),
    );
    expect(client.layoutFlow([{label: 'a', detail: 'b'}, {label: 'c'}])).toEqual(
      source.layoutFlow([{label: 'a', detail: 'b'}, {label: 'c'}]),
    );
    expect(client.wrapText('settlement_request_amount_id and more', 12)).toEqual(
      source.wrapText('settlement_request_amount_id and more', 12),
    );
  });

  it('would catch a loose-mode difference (iterator spread)', async () => {
    const probe = path.join(dir, 'probe.ts');
    writeFileSync(probe, 'export const keys = (m: Map<string, number>): string[] => [...m.keys()];\n');
    const client = (await asClientBuilds(probe)) as unknown as {keys: (m: Map<string, number>) => unknown[]};
    expect(client.keys(new Map([['a', 1]]))).not.toEqual(['a']);
  });
});
