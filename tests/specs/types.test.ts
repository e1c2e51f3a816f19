/**
 * The TypeScript types the site publishes (/downloads/types/rest.d.ts and ws-messages.d.ts, issue 20)
 * compile under `--strict`, and every request, response and message example the references show
 * type-checks against its type: a generated `.ts` file of `const x: T = example` lines is compiled
 * with the TypeScript compiler, so an example with a wrong value, a missing required field or a
 * field its type does not have fails here (object literals get excess-property checks).
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import type {ExampleView, MediaView, RestModel, WsModel} from '../../plugins/api-reference/types';
import {restTypes, typeName, wsMessageTypes} from '../../plugins/machine-readable/types';
import {buildMessageSchemas, type MessageSchemas} from '../../plugins/machine-readable/ws-schemas';
import {specModels} from '../helpers/specModels';

const ROOT = path.resolve(__dirname, '../..');

interface Generated {
  rest: string;
  ws: string;
  schemas: MessageSchemas;
  restModel: RestModel;
  wsModel: WsModel;
}

/** One `const` per example the references show, with the type it must have. */
interface Line {
  where: string;
  type: string;
  value: string;
}

function key(value: string): string {
  return /^\d+$/.test(value) ? value : JSON.stringify(value);
}

/** The value of an example as TypeScript source: JSON is a TS expression; text is a string. */
function literal(example: ExampleView): string | undefined {
  if (example.language === 'json') return example.value;
  if (example.language === 'text') return JSON.stringify(example.value);
  return undefined;
}

function restLines(model: RestModel): Line[] {
  const lines: Line[] = [];
  const media = (where: string, base: string, contents: MediaView[]): void => {
    for (const content of contents)
      for (const example of content.examples) {
        const value = literal(example);
        if (value === undefined) continue;
        lines.push({
          where: `${where} ${content.mediaType}${example.name !== undefined ? ` (${example.name})` : ''}`,
          type: `${base}["content"][${JSON.stringify(content.mediaType)}]`,
          value,
        });
      }
  };
  for (const operation of model.tags.flatMap((tag) => tag.operations)) {
    const op = `paths[${JSON.stringify(operation.path)}][${JSON.stringify(operation.method.toLowerCase())}]`;
    if (operation.requestBody !== undefined)
      media(`${operation.id} request`, `NonNullable<${op}["requestBody"]>`, operation.requestBody.contents);
    for (const response of operation.responses)
      media(
        `${operation.id} response ${response.code}`,
        `${op}["responses"][${key(response.code)}]`,
        response.contents,
      );
  }
  return lines;
}

function wsLines(model: WsModel): Line[] {
  return model.channels.flatMap((channel) =>
    channel.messages.flatMap((message) =>
      message.examples.flatMap((example) => {
        const value = literal(example);
        return value === undefined
          ? []
          : [
              {
                where: `${channel.key} ${message.name} (${example.name ?? 'example'})`,
                type: `messages[${JSON.stringify(message.name)}]`,
                value,
              },
            ];
      }),
    ),
  );
}

function examplesSource(lines: Line[]): string {
  return [
    `import type {paths} from './rest';`,
    `import type {messages} from './ws-messages';`,
    '',
    ...lines.map(
      (line, i) =>
        `// ${line.where.replace(/\n/g, ' ')}\nexport const example${i}: ${line.type} = ${line.value};`,
    ),
    '',
  ].join('\n');
}

/** The published files' compiler options: --strict and then some. */
const COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  noUncheckedIndexedAccess: true,
  exactOptionalPropertyTypes: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2022.d.ts'],
  types: [],
  // The published files are declaration files: they must be checked, not skipped as libraries.
  // TypeScript's own lib files (lib.es2022.d.ts, …) are not checked again in every program.
  skipLibCheck: false,
  skipDefaultLibCheck: true,
};

/**
 * TypeScript's lib files, parsed once for every program here (each program parsed them anew):
 * keyed by file name, read only for files under the compiler's own folder.
 */
const libFiles = new Map<string, ts.SourceFile>();
const host = ts.createCompilerHost(COMPILER_OPTIONS);
const libFolder = path.dirname(host.getDefaultLibFileName(COMPILER_OPTIONS));
const readSourceFile = host.getSourceFile.bind(host);
host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
  if (path.dirname(fileName) !== libFolder)
    return readSourceFile(fileName, languageVersion, onError, shouldCreate);
  let file = libFiles.get(fileName);
  if (file === undefined) {
    file = readSourceFile(fileName, languageVersion, onError, shouldCreate);
    if (file !== undefined) libFiles.set(fileName, file);
  }
  return file;
};

/** Compiles the files of a folder under --strict; returns each problem as "file:line: message". */
function compile(folder: string, files: string[]): string[] {
  const program = ts.createProgram(
    files.map((f) => path.join(folder, f)),
    COMPILER_OPTIONS,
    host,
  );
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const text = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (d.file === undefined || d.start === undefined) return text;
    const {line} = d.file.getLineAndCharacterOfPosition(d.start);
    return `${path.basename(d.file.fileName)}:${line + 1}: ${text}`;
  });
}

describe('TypeScript types generated from the documents', () => {
  let folder = '';
  let generated: Generated;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'types-'));
    const {openapi, asyncapi, rest, ws: wsModel} = await specModels();
    const schemas = buildMessageSchemas(asyncapi, {
      baseUrl: 'https://docs.example.com/downloads/ws-schemas/',
    });
    const ws = await wsMessageTypes(schemas, asyncapi);
    expect(ws.warnings).toEqual([]);
    generated = {
      rest: await restTypes(openapi),
      ws: ws.text,
      schemas,
      restModel: rest,
      wsModel,
    };
    writeFileSync(path.join(folder, 'rest.d.ts'), generated.rest);
    writeFileSync(path.join(folder, 'ws-messages.d.ts'), generated.ws);
  }, 120_000);

  afterAll(() => {
    if (folder !== '') rmSync(folder, {recursive: true, force: true});
  });

  it('both files compile under --strict on their own', () => {
    expect(compile(folder, ['rest.d.ts', 'ws-messages.d.ts'])).toEqual([]);
    expect(generated.rest).toMatch(/export interface operations \{/);
    expect(generated.rest).toMatch(/\bcreateSettlementRequest: \{/);
  });

  it('has one type per WebSocket message, and the unions of what you send and receive', () => {
    const {messages} = generated.schemas;
    expect(messages.length).toBeGreaterThanOrEqual(15);
    for (const message of messages) {
      expect(generated.ws).toContain(`    ${JSON.stringify(message.name)}: components["schemas"]`);
      expect(generated.ws).toContain(
        `export type ${typeName(message.name)} = messages[${JSON.stringify(message.name)}];`,
      );
    }
    const union = (name: string): string[] =>
      [
        ...(new RegExp(`export type ${name} = ([^;]*);`).exec(generated.ws)?.[1] ?? '').matchAll(
          /messages\["([^"]+)"\]/g,
        ),
      ].map((m) => m[1] ?? '');
    const sent = messages.filter((m) => m.sentBy === 'client' || m.sentBy === 'both').map((m) => m.name);
    const received = messages.filter((m) => m.sentBy === 'server' || m.sentBy === 'both').map((m) => m.name);
    // The specification: 7 messages the client sends, 8 the server sends.
    expect(sent).toHaveLength(7);
    expect(received).toHaveLength(8);
    expect(union('ClientMessage')).toEqual(sent);
    expect(union('ServerMessage')).toEqual(received);
  });

  it('every request, response and message example the references show type-checks against its type', () => {
    const rest = restLines(generated.restModel);
    const ws = wsLines(generated.wsModel);
    // The three JSON request bodies, a response example for each of the 14 operations, every message.
    expect(rest.filter((l) => l.where.includes(' request ')).length).toBeGreaterThanOrEqual(3);
    expect(
      new Set(rest.filter((l) => l.where.includes(' response ')).map((l) => l.where.split(' ')[0])).size,
    ).toBe(14);
    expect(new Set(ws.map((l) => l.type)).size).toBe(generated.schemas.messages.length);
    writeFileSync(path.join(folder, 'examples.ts'), examplesSource([...rest, ...ws]));
    expect(compile(folder, ['examples.ts'])).toEqual([]);
  });

  it('a wrong example fails to compile, at its line (the check can fail)', () => {
    const ws = wsLines(generated.wsModel);
    const newOrder = ws.find((l) => l.type === 'messages["new_order"]');
    const bulk = restLines(generated.restModel).find((l) => l.where.startsWith('createBulkOrder request'));
    expect(newOrder).toBeDefined();
    expect(bulk).toBeDefined();
    if (newOrder === undefined || bulk === undefined) return;
    const wrongSide = {...newOrder, value: newOrder.value.replace(/"side": "(BUY|SELL)"/, '"side": "HOLD"')};
    const extraField = {...bulk, value: bulk.value.replace(/^\{/, '{"not_in_the_schema": 1, ')};
    expect(wrongSide.value).toContain('"HOLD"');
    writeFileSync(path.join(folder, 'wrong.ts'), examplesSource([wrongSide, extraField]));
    const problems = compile(folder, ['wrong.ts']);
    expect(
      problems.some((p) => /^wrong\.ts:\d+: .*"HOLD"/s.test(p)),
      problems.join('\n'),
    ).toBe(true);
    expect(
      problems.some((p) => /^wrong\.ts:\d+: .*not_in_the_schema/s.test(p)),
      problems.join('\n'),
    ).toBe(true);
  });

  /**
   * Issue 31, item 3: the types keep the rules the schemas state. Each wrong value below is refused
   * by the schema; it must be refused by the compiler too. Checked twice: with `@ts-expect-error`
   * on each line the file compiles cleanly (so every line errs: an unused directive is an error),
   * and without the directives every wrong line, and only those, has an error of its own.
   */
  const ANTI_EXAMPLES: [what: string, line: string][] = [
    [
      'Amount with both legs',
      `const a1: components['schemas']['Amount'] = {leg_1_amount: '1', leg_2_amount: '2'};`,
    ],
    ['Amount with neither leg', `const a2: components['schemas']['Amount'] = {};`],
    [
      'bulk item of type MARKET',
      `const b1: components['schemas']['BulkOrderItem'] = {order_ref: 'r', instrument: 'BTC-EUR', order_type: 'MARKET', side: 'BUY', amount: {leg_1_amount: '1'}};`,
    ],
    [
      'bulk item without order_type',
      `const b2: components['schemas']['BulkOrderItem'] = {order_ref: 'r', instrument: 'BTC-EUR', side: 'BUY', amount: {leg_1_amount: '1'}};`,
    ],
    [
      'bulk order of type MARKET',
      `const b3: components['schemas']['NewBulkOrder'] = {order_type: 'MARKET', orders: []};`,
    ],
    [
      'bulk confirmation of type MARKET',
      `const b4: components['schemas']['OrderConfirmation'] = {order_id: 'o', instrument: 'BTC-EUR', order_type: 'MARKET', side: 'BUY', amount: {leg_1_amount: '1'}};`,
    ],
    [
      'WebSocket amount with both legs',
      `const w1: NewOrder['new_order']['amount'] = {leg_1_amount: '1', leg_2_amount: '2'};`,
    ],
    [
      'new_order of type BULK_MARKET',
      `const w2: NewOrder = {new_order: {order_ref: 'r', order_type: 'BULK_MARKET', instrument: 'BTC-EUR', side: 'BUY', amount: {leg_1_amount: '1'}}};`,
    ],
    [
      'trade subscription with seq_number and execution_time',
      `const w3: SubscribeTradeChannel = {subscribe_trade_channel: {channel: 'trades', seq_number: 1, execution_time: '2025-06-02T08:00:00.000000Z'}};`,
    ],
  ];
  const RIGHT_VALUES = [
    `const r1: components['schemas']['Amount'] = {leg_1_amount: '1'};`,
    `const r2: components['schemas']['Amount'] = {leg_2_amount: '2'};`,
    `const r3: components['schemas']['BulkOrderItem'] = {order_ref: 'r', instrument: 'BTC-EUR', order_type: 'BULK_MARKET', side: 'BUY', amount: {leg_2_amount: '1'}};`,
    `const r4: SubscribeTradeChannel = {subscribe_trade_channel: {channel: 'trades', seq_number: 1}};`,
    `const r5: SubscribeTradeChannel = {subscribe_trade_channel: {channel: 'trades', execution_time: '2025-06-02T08:00:00.000000Z'}};`,
    `const r6: SubscribeTradeChannel = {subscribe_trade_channel: {channel: 'trades'}};`,
    `const r7: NewOrder = {new_order: {order_ref: 'r', order_type: 'MARKET', instrument: 'BTC-EUR', side: 'BUY', amount: {leg_2_amount: '1'}}};`,
  ];
  const antiSource = (directives: boolean): string =>
    [
      `import type {components} from './rest';`,
      `import type {NewOrder, SubscribeTradeChannel} from './ws-messages';`,
      ...RIGHT_VALUES,
      ...ANTI_EXAMPLES.flatMap(([what, line]) => [
        `// ${what}`,
        ...(directives ? ['// @ts-expect-error'] : []),
        line,
      ]),
      'export {};',
      '',
    ].join('\n');

  it('the types refuse what the schemas refuse: exactly one leg, BULK_MARKET in bulk orders, seq_number or execution_time', () => {
    writeFileSync(path.join(folder, 'anti.ts'), antiSource(true));
    expect(compile(folder, ['anti.ts'])).toEqual([]);
    writeFileSync(path.join(folder, 'anti-bare.ts'), antiSource(false));
    const lines = antiSource(false).split('\n');
    const problems = compile(folder, ['anti-bare.ts']);
    const erring = new Set(problems.map((p) => Number(/^anti-bare\.ts:(\d+):/.exec(p)?.[1])));
    const expected = ANTI_EXAMPLES.map(([, line]) => lines.indexOf(line) + 1);
    expect(
      [...erring].sort((a, b) => a - b),
      problems.join('\n'),
    ).toEqual(expected);
  });

  it("the header lists the rules the types do not check, and the document's readings", () => {
    for (const text of [generated.rest, generated.ws]) {
      const head = text.slice(0, text.indexOf('*/'));
      expect(head).toContain('Rules these types do NOT check');
      expect(head).toMatch(/string patterns and formats \(`pattern`, `format`\): /);
      expect(head).toMatch(/number ranges and steps/);
      expect(head).toContain("Readings of the provider's specification that the document makes");
    }
    const ws = generated.ws.slice(0, generated.ws.indexOf('*/'));
    expect(ws).toMatch(/conditional rules \(`if`[^)]*\): subscribe_instruments/);
    // The envelope is the document's reading, not a fact (issue 31, item 9).
    expect(ws).not.toContain('sent on the wire');
    expect(ws).toMatch(
      /- The specification names each message and its fields but shows no message on the wire;/,
    );
  });

  it('the README example compiles against the published files', () => {
    const readme = readFileSync(path.join(ROOT, 'plugins/machine-readable/README.md'), 'utf8');
    const example = /### Typed models[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(
      example,
      'plugins/machine-readable/README.md has a ts block under "### Typed models"',
    ).toBeDefined();
    const socket =
      'declare const socket: {send(data: string): void; onmessage: ((event: {data: string}) => void) | null};\n';
    writeFileSync(path.join(folder, 'readme.ts'), `${example ?? ''}${socket}export {};\n`);
    expect(compile(folder, ['readme.ts'])).toEqual([]);
  });
});
