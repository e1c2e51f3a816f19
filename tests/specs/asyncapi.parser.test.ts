/**
 * specs/asyncapi.yaml must parse cleanly with @asyncapi/parser and its default ruleset,
 * and describe exactly the WebSocket API of the specification (section 7): three
 * channels, fifteen messages, two servers, the AuthenticationToken scheme, and a
 * reply listing the possible answers of every client request.
 */
import {readFileSync} from 'node:fs';
import {
  DiagnosticSeverity,
  Parser,
  type AsyncAPIDocumentInterface,
  type Diagnostic,
  type OperationInterface,
} from '@asyncapi/parser';
import {beforeAll, describe, expect, it} from 'vitest';
import {ASYNCAPI_PATH, isObject, loadYamlDocument} from './helpers/asyncapi-schemas';

const CLIENT_MESSAGES = [
  'subscribe_price_channel',
  'unsubscribe_channel',
  'subscribe_instruments',
  'unsubscribe_instruments',
  'subscribe_order_channel',
  'new_order',
  'subscribe_trade_channel',
] as const;

const SERVER_MESSAGES = [
  'channel_subscription_confirmation',
  'channel_subscription_error',
  'heartbeat',
  'price_update',
  'price_subscription_error',
  'order_execution',
  'order_status',
  'trade',
] as const;

const CHANNEL_CONFIRMATION = ['channel_subscription_confirmation', 'channel_subscription_error'];

/** For each channel: the client requests sent on it and the answers each can get. */
// Unsubscribing has no reply: the provider publishes no answer to unsubscribe_channel or
// unsubscribe_instruments, so the document must not invent one (issue 13).
const EXPECTED_REPLIES: Record<string, Record<string, string[]>> = {
  prices: {
    subscribe_price_channel: CHANNEL_CONFIRMATION,
    unsubscribe_channel: [],
    subscribe_instruments: ['price_update', 'price_subscription_error'],
    unsubscribe_instruments: [],
  },
  orders: {
    subscribe_order_channel: CHANNEL_CONFIRMATION,
    unsubscribe_channel: [],
    new_order: ['order_execution', 'order_status'],
  },
  trades: {
    subscribe_trade_channel: CHANNEL_CONFIRMATION,
    unsubscribe_channel: [],
  },
};

/** Server messages each channel carries. */
const EXPECTED_SERVER_MESSAGES: Record<string, string[]> = {
  prices: [...CHANNEL_CONFIRMATION, 'heartbeat', 'price_update', 'price_subscription_error'],
  orders: [...CHANNEL_CONFIRMATION, 'heartbeat', 'order_execution', 'order_status'],
  trades: [...CHANNEL_CONFIRMATION, 'heartbeat', 'trade'],
};

const sorted = (values: Iterable<string>): string[] => [...values].sort();

function severityName(severity: DiagnosticSeverity): string {
  return DiagnosticSeverity[severity] ?? String(severity);
}

function describeDiagnostics(diagnostics: readonly Diagnostic[]): string {
  return diagnostics
    .map((d) => `${severityName(d.severity)} ${String(d.code)} at ${d.path.join('.')}: ${d.message}`)
    .join('\n');
}

let document: AsyncAPIDocumentInterface;
let diagnostics: Diagnostic[];

function messageNamesOf(operation: OperationInterface): string[] {
  return sorted(
    operation
      .messages()
      .all()
      .map((m) => m.id()),
  );
}

describe('specs/asyncapi.yaml parsed by @asyncapi/parser', () => {
  beforeAll(async () => {
    const parser = new Parser();
    const output = await parser.parse(readFileSync(ASYNCAPI_PATH, 'utf8'), {source: ASYNCAPI_PATH});
    diagnostics = output.diagnostics;
    if (!output.document) {
      throw new Error(`The parser returned no document:\n${describeDiagnostics(diagnostics)}`);
    }
    document = output.document;
  });

  it('reports no errors and no warnings with the default ruleset', () => {
    const problems = diagnostics.filter(
      (d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning,
    );
    expect(problems, `All diagnostics:\n${describeDiagnostics(diagnostics)}`).toEqual([]);
  });

  it('is an AsyncAPI 3.0.0 document with the fixed identity', () => {
    expect(document.version()).toBe('3.0.0');
    const info = document.info();
    expect(info.title()).toBe('Example Provider WebSocket API');
    expect(info.version()).toBe('2.0.0');
    expect(info.contact()?.name()).toBe('Example Provider API support');
    expect(info.contact()?.email()).toBe('api@example.com');
    expect(info.license()?.name()).toBe('Proprietary');
    expect(info.license()?.url()).toBe('https://www.example.com/legal/api-licence');
    expect(document.defaultContentType()).toBe('application/json');
  });

  it('has the pre-production and production servers, pre-production first, secured by AuthenticationToken', () => {
    const servers = document.servers().all();
    expect(servers.map((s) => s.id())).toEqual(['preproduction', 'production']);
    const byId = Object.fromEntries(servers.map((s) => [s.id(), s]));
    expect(byId.preproduction?.host()).toBe('api.preprod.example.com');
    expect(byId.production?.host()).toBe('api.example.com');
    expect(byId.preproduction?.title?.()).toBe('Pre-production');
    expect(byId.production?.title?.()).toBe('Production');
    const tokenScheme = document.securitySchemes().get('AuthenticationToken')?.json();
    expect(tokenScheme).toBeDefined();
    // The parser resolves a server's security references without keeping the scheme's
    // name, so compare the resolved scheme, and check the reference in the YAML itself.
    const rawServers = loadYamlDocument(ASYNCAPI_PATH).servers;
    for (const server of servers) {
      expect(server.protocol(), server.id()).toBe('wss');
      const schemes = server
        .security()
        .flatMap((requirements) => requirements.all().map((r) => r.scheme().json()));
      expect(schemes, server.id()).toEqual([tokenScheme]);
      const rawServer = isObject(rawServers) ? rawServers[server.id()] : undefined;
      expect(isObject(rawServer) ? rawServer.security : undefined, server.id()).toEqual([
        {$ref: '#/components/securitySchemes/AuthenticationToken'},
      ]);
    }
  });

  it('defines the AuthenticationToken scheme as a JWT bearer token in the Authorization header', () => {
    const schemes = document.securitySchemes().all();
    expect(schemes.map((s) => s.id())).toEqual(['AuthenticationToken']);
    const [scheme] = schemes;
    expect(scheme?.type()).toBe('http');
    expect(scheme?.scheme()).toBe('bearer');
    expect(scheme?.bearerFormat()).toBe('JWT');
    expect(scheme?.description()).toMatch(/Authorization/);
  });

  it('has exactly the three channels at their addresses', () => {
    const addresses = Object.fromEntries(
      document
        .channels()
        .all()
        .map((c) => [c.id(), c.address()]),
    );
    // The provider does not publish the trades channel's address: AsyncAPI 3's null, not a guess.
    expect(addresses).toEqual({prices: '/ws/prices', orders: '/ws/orders', trades: null});
    expect(document.channels().get('trades')?.description()).toMatch(/not published by the provider/);
  });

  it('has exactly the fifteen messages of section 7, each named after its key', () => {
    const messages = document.allMessages().all();
    expect(sorted(messages.map((m) => m.id()))).toEqual(sorted([...CLIENT_MESSAGES, ...SERVER_MESSAGES]));
    expect(messages).toHaveLength(15);
    for (const message of messages) {
      expect(message.name(), message.id()).toBe(message.id());
    }
    expect(
      sorted(
        document
          .components()
          .messages()
          .all()
          .map((m) => m.id()),
      ),
    ).toEqual(sorted([...CLIENT_MESSAGES, ...SERVER_MESSAGES]));
  });

  it('gives every client message of every channel a receive operation with a reply of its possible answers', () => {
    const found: Record<string, Record<string, string[]>> = {};
    for (const operation of document.operations().all()) {
      if (operation.action() !== 'receive') continue;
      const channels = operation.channels().all();
      expect(channels, operation.id()).toHaveLength(1);
      const channelId = channels[0]?.id() ?? '';
      const requestNames = messageNamesOf(operation);
      expect(requestNames, `${operation.id()} receives one client message`).toHaveLength(1);
      const reply = operation.reply();
      if (reply !== undefined)
        expect(reply.channel()?.id(), `${operation.id()} replies on its own channel`).toBe(channelId);
      const answers = sorted(
        reply
          ?.messages()
          .all()
          .map((m) => m.id()) ?? [],
      );
      found[channelId] = {...found[channelId], [requestNames[0] ?? '']: answers};
    }
    const expected = Object.fromEntries(
      Object.entries(EXPECTED_REPLIES).map(([channel, requests]) => [
        channel,
        Object.fromEntries(Object.entries(requests).map(([name, answers]) => [name, sorted(answers)])),
      ]),
    );
    expect(found).toEqual(expected);
  });

  it('puts every client message on a receive operation and every server message only on send operations or replies', () => {
    const received = new Set<string>();
    const sentOrReplied = new Set<string>();
    for (const operation of document.operations().all()) {
      const names = messageNamesOf(operation);
      if (operation.action() === 'receive') {
        names.forEach((n) => received.add(n));
        operation
          .reply()
          ?.messages()
          .all()
          .forEach((m) => sentOrReplied.add(m.id()));
      } else {
        expect(operation.action(), operation.id()).toBe('send');
        expect(operation.reply(), `${operation.id()} is a plain send`).toBeUndefined();
        names.forEach((n) => sentOrReplied.add(n));
      }
    }
    expect(sorted(received)).toEqual(sorted(CLIENT_MESSAGES));
    expect(sorted(sentOrReplied)).toEqual(sorted(SERVER_MESSAGES));
  });

  it('carries the server messages on the channels that use them', () => {
    for (const [channelId, serverMessages] of Object.entries(EXPECTED_SERVER_MESSAGES)) {
      const channel = document.channels().get(channelId);
      const names = sorted(
        channel
          ?.messages()
          .all()
          .map((m) => m.id()) ?? [],
      );
      const clientNames = Object.keys(EXPECTED_REPLIES[channelId] ?? {});
      expect(names, channelId).toEqual(sorted([...clientNames, ...serverMessages]));
    }
  });

  it('streams heartbeats on every channel, price updates on prices and trades on trades', () => {
    const sends = document
      .operations()
      .all()
      .filter((o) => o.action() === 'send')
      .map((o) => `${o.channels().all()[0]?.id() ?? '?'}:${messageNamesOf(o).join(',')}`);
    expect(sorted(sends)).toEqual(
      sorted([
        'prices:heartbeat',
        'orders:heartbeat',
        'trades:heartbeat',
        'prices:price_update',
        'trades:trade',
      ]),
    );
  });
});
