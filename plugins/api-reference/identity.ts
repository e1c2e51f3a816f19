/**
 * The provider's identity (title, contact, hosts, status page) is not configured
 * anywhere in the site: it is read from the API documents, so that changing the
 * documents and rebuilding changes every page. This module is Node-only (build time).
 */
import path from 'node:path';
import {parseFile} from './load/read';
import {isObject} from './document';

/** One server of the REST or WebSocket API, in the order the document lists it. */
export interface ServerIdentity {
  /** Stable key: the AsyncAPI server name or the OpenAPI `x-environment`. */
  key: string;
  /** Human name, e.g. "Pre-production". */
  name: string;
  /** Absolute URL: https://… for REST, wss://… for WebSocket. */
  url: string;
  /** The documentation's default environment (the first server listed). */
  isDefault: boolean;
}

export interface SiteIdentity {
  /** `info.title` of the OpenAPI document: the site title. */
  title: string;
  /** `info.x-provider-name`, falling back to the title. */
  providerName: string;
  /** `info.contact.email` (OpenAPI, else AsyncAPI); empty when neither document gives one. */
  contactEmail: string;
  /** `info.x-status-page`, when the document gives one. */
  statusUrl: string | null;
  /** `info.version` of the OpenAPI document. */
  apiVersion: string;
  restServers: ServerIdentity[];
  wsServers: ServerIdentity[];
  /**
   * What the AsyncAPI document's API is called after its protocol: "WebSocket"
   * for ws/wss servers, "MQTT", "Kafka" … for others (the navbar label and the
   * title of its reference page).
   */
  asyncApiLabel: string;
}

/** Where the two API documents are read from; overridable for trying other documents. */
export interface SpecPaths {
  openapi: string;
  asyncapi: string;
}

/**
 * `OPENAPI_FILE` and `ASYNCAPI_FILE` point the build at other documents without
 * editing a file (relative paths are taken from the site directory).
 */
export function resolveSpecPaths(siteDir: string, env: NodeJS.ProcessEnv = process.env): SpecPaths {
  const pick = (value: string | undefined, fallback: string): string =>
    path.resolve(siteDir, value !== undefined && value !== '' ? value : fallback);
  return {
    openapi: pick(env.OPENAPI_FILE, 'specs/openapi.yaml'),
    asyncapi: pick(env.ASYNCAPI_FILE, 'specs/asyncapi.yaml'),
  };
}

/**
 * The paths as plugin options carry them: relative to the site directory, with forward slashes.
 * Docusaurus ships the site config, plugin options included, in the browser bundle, so an absolute
 * path there would publish the build machine's folders (tests/build/site-output.test.ts).
 */
export function siteRelativeSpecPaths(siteDir: string, paths: SpecPaths): SpecPaths {
  const relative = (file: string): string => path.relative(siteDir, file).split(path.sep).join('/');
  return {openapi: relative(paths.openapi), asyncapi: relative(paths.asyncapi)};
}

/** Plugin option paths made absolute against the site directory (an absolute one is kept). */
export function absoluteSpecPaths(siteDir: string, paths: SpecPaths): SpecPaths {
  return {openapi: path.resolve(siteDir, paths.openapi), asyncapi: path.resolve(siteDir, paths.asyncapi)};
}

/**
 * Reads a YAML or JSON document. A missing or unparsable file fails with the
 * loader's SpecError: the file, the line and what to do, without a stack trace
 * (this runs when docusaurus.config.ts loads, before any plugin).
 */
export function readDocument(file: string): Record<string, unknown> {
  return parseFile(file).doc;
}

function requireString(doc: Record<string, unknown>, pointer: string[], file: string): string {
  let node: unknown = doc;
  for (const key of pointer) {
    node = isObject(node) ? node[key] : undefined;
  }
  if (typeof node !== 'string' || node.trim() === '') {
    throw new Error(
      `${file}: missing required string at JSON pointer "/${pointer.join('/')}" (the site's identity is read from it)`,
    );
  }
  return node;
}

function optionalString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function restServers(doc: Record<string, unknown>): ServerIdentity[] {
  const servers = Array.isArray(doc.servers) ? doc.servers : [];
  return servers.filter(isObject).flatMap((server, index) => {
    const url = optionalString(server.url);
    if (url === null) return [];
    const key = optionalString(server['x-environment']) ?? `server-${index + 1}`;
    const name = optionalString(server.description) ?? url;
    return [{key, name, url, isDefault: index === 0}];
  });
}

function wsServers(doc: Record<string, unknown> | null): ServerIdentity[] {
  if (doc === null || !isObject(doc.servers)) return [];
  return Object.entries(doc.servers).flatMap(([key, server], index) => {
    if (!isObject(server)) return [];
    const protocol = optionalString(server.protocol) ?? 'wss';
    const name = optionalString(server.title) ?? key;
    const host = optionalString(server.host);
    if (host !== null) {
      const pathname = optionalString(server.pathname) ?? '';
      return [{key, name, url: `${protocol}://${host}${pathname}`, isDefault: index === 0}];
    }
    // AsyncAPI 2.x (converted at build time; the identity is read from the file as written): `url`.
    const url = optionalString(server.url);
    if (url === null) return [];
    return [
      {
        key,
        name,
        url: /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `${protocol}://${url}`,
        isDefault: index === 0,
      },
    ];
  });
}

/** AsyncAPI protocol names (servers' `protocol`, bindings' keys) as readers know them. */
const PROTOCOL_NAMES: Record<string, string> = {
  ws: 'WebSocket',
  wss: 'WebSocket',
  mqtt: 'MQTT',
  'secure-mqtt': 'MQTT',
  mqtt5: 'MQTT',
  kafka: 'Kafka',
  'kafka-secure': 'Kafka',
  amqp: 'AMQP',
  amqps: 'AMQP',
  amqp1: 'AMQP',
  http: 'HTTP',
  https: 'HTTP',
  ibmmq: 'IBM MQ',
  jms: 'JMS',
  sns: 'Amazon SNS',
  sqs: 'Amazon SQS',
  stomp: 'STOMP',
  stomps: 'STOMP',
  redis: 'Redis',
  nats: 'NATS',
  pulsar: 'Pulsar',
  solace: 'Solace',
  googlepubsub: 'Google Pub/Sub',
  mercure: 'Mercure',
  anypointmq: 'Anypoint MQ',
};

/**
 * The protocol label of an AsyncAPI document: from its servers, else from the
 * bindings its channels and operations declare; "Event-driven" when it names none.
 */
export function asyncApiLabel(doc: Record<string, unknown> | null): string {
  if (doc === null) return 'Event-driven';
  const protocols: string[] = [];
  const servers = isObject(doc.servers) ? Object.values(doc.servers) : [];
  for (const server of servers) {
    if (isObject(server) && typeof server.protocol === 'string')
      protocols.push(server.protocol.toLowerCase());
  }
  if (protocols.length === 0) {
    for (const section of ['channels', 'operations']) {
      const items = isObject(doc[section]) ? Object.values(doc[section]) : [];
      for (const item of items) {
        if (isObject(item) && isObject(item.bindings)) protocols.push(...Object.keys(item.bindings));
      }
    }
  }
  const names = Array.from(new Set(protocols.map((p) => PROTOCOL_NAMES[p] ?? p.toUpperCase())));
  return names.length === 0 ? 'Event-driven' : names.join(' and ');
}

/** Builds the identity from parsed documents (pure; `file` only names errors). */
export function identityFromDocuments(
  openapi: Record<string, unknown>,
  asyncapi: Record<string, unknown> | null,
  file = 'OpenAPI document',
): SiteIdentity {
  const info = isObject(openapi.info) ? openapi.info : {};
  const title = requireString(openapi, ['info', 'title'], file);
  // Documents we did not write (OPENAPI_FILE=…) may lack a contact or x- fields:
  // the site then shows less rather than failing to build.
  const contactOf = (doc: Record<string, unknown> | null): string | null => {
    const docInfo = doc !== null && isObject(doc.info) ? doc.info : {};
    return isObject(docInfo.contact) ? optionalString(docInfo.contact.email) : null;
  };
  return {
    title,
    providerName: optionalString(info['x-provider-name']) ?? title,
    contactEmail: contactOf(openapi) ?? contactOf(asyncapi) ?? '',
    statusUrl: optionalString(info['x-status-page']),
    apiVersion: optionalString(info.version) ?? '',
    restServers: restServers(openapi),
    wsServers: wsServers(asyncapi),
    asyncApiLabel: asyncApiLabel(asyncapi),
  };
}

/** Reads the identity from the documents the build uses. */
export function loadIdentity(paths: SpecPaths): SiteIdentity {
  const openapi = readDocument(paths.openapi);
  const asyncapi = readDocument(paths.asyncapi);
  return identityFromDocuments(openapi, asyncapi, paths.openapi);
}
