/** Other documents (OPENAPI_FILE=…) may lack x- fields, a contact or servers: the identity degrades, it does not throw. */
import {describe, expect, it} from 'vitest';
import {
  asyncApiLabel,
  identityFromDocuments,
  resolveSpecPaths,
} from '../../../plugins/api-reference/identity';

describe('identityFromDocuments', () => {
  it('falls back when the documents have no contact, x- fields or servers', () => {
    const identity = identityFromDocuments(
      {openapi: '3.1.0', info: {title: 'Bare API', version: '0.1'}},
      {asyncapi: '3.0.0', info: {title: 'x', version: '1'}},
    );
    expect(identity).toEqual({
      title: 'Bare API',
      providerName: 'Bare API',
      contactEmail: '',
      statusUrl: null,
      apiVersion: '0.1',
      restServers: [],
      wsServers: [],
      asyncApiLabel: 'Event-driven',
    });
  });

  it('reads AsyncAPI 2.x servers (url and protocol) as well as 3.x ones (host, pathname)', () => {
    const identity = identityFromDocuments(
      {info: {title: 'T', version: '1'}},
      {
        asyncapi: '2.6.0',
        servers: {
          production: {url: 'broker.example.org:{port}', protocol: 'mqtt'},
          ws: {url: 'wss://ws.example.org/v1', protocol: 'wss'},
        },
      },
    );
    expect(identity.wsServers.map((s) => s.url)).toEqual([
      'mqtt://broker.example.org:{port}',
      'wss://ws.example.org/v1',
    ]);
  });

  it('names the AsyncAPI API after its protocol: servers first, then bindings', () => {
    const servers = (...protocols: string[]) => ({
      servers: Object.fromEntries(protocols.map((protocol, i) => [`s${i}`, {host: 'h', protocol}])),
    });
    expect(asyncApiLabel(servers('wss', 'ws'))).toBe('WebSocket');
    expect(asyncApiLabel(servers('mqtt'))).toBe('MQTT');
    expect(asyncApiLabel(servers('kafka-secure', 'amqp'))).toBe('Kafka and AMQP');
    expect(asyncApiLabel(servers('someproto'))).toBe('SOMEPROTO');
    expect(asyncApiLabel({channels: {a: {bindings: {ws: {}}}}})).toBe('WebSocket');
    expect(asyncApiLabel({channels: {}})).toBe('Event-driven');
    expect(asyncApiLabel(null)).toBe('Event-driven');
  });

  it('takes the contact from the AsyncAPI document when the OpenAPI one has none', () => {
    const identity = identityFromDocuments(
      {info: {title: 'T', version: '1'}},
      {info: {contact: {email: 'ws@example.com'}}},
    );
    expect(identity.contactEmail).toBe('ws@example.com');
  });

  it('still names the file and pointer when the title is missing', () => {
    expect(() => identityFromDocuments({info: {version: '1'}}, null, 'x.yaml')).toThrow(
      /x\.yaml: missing required string at JSON pointer "\/info\/title"/,
    );
  });

  it('reads other documents from OPENAPI_FILE and ASYNCAPI_FILE', () => {
    expect(resolveSpecPaths('/site', {OPENAPI_FILE: 'a.yaml', ASYNCAPI_FILE: '/abs/b.yaml'})).toEqual({
      openapi: '/site/a.yaml',
      asyncapi: '/abs/b.yaml',
    });
  });
});
