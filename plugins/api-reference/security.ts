/**
 * Security schemes and requirements, shared by both references (OpenAPI and
 * AsyncAPI use the same vocabulary, AsyncAPI adds a few types). Each scheme is
 * summarised in words so a reader knows what to send without decoding fields.
 */
import {asArray, asObject, deref, isObject, refName, text, type Json, type JsonObject} from './document';
import {markdown} from './markdown';
import type {SecurityRequirementView, SecuritySchemeView} from './types';

function schemeSummary(scheme: JsonObject): string {
  const type = text(scheme.type) ?? 'unknown';
  switch (type) {
    case 'http': {
      const name = (text(scheme.scheme) ?? '').toLowerCase();
      if (name === 'bearer') {
        const format = text(scheme.bearerFormat);
        return `HTTP bearer token${format !== undefined ? ` (${format})` : ''} in the Authorization header: \`Authorization: Bearer <token>\``;
      }
      if (name === 'basic')
        return 'HTTP basic authentication: user name and password in the Authorization header';
      return `HTTP ${text(scheme.scheme) ?? ''} authentication in the Authorization header`;
    }
    case 'apiKey':
    case 'httpApiKey': {
      const where = text(scheme.in) ?? 'header';
      const name = text(scheme.name);
      if (where === 'user' || where === 'password') return `API key sent as the connection's ${where}`;
      return `API key in the ${where}${name !== undefined ? ` \`${name}\`` : ''}`;
    }
    case 'oauth2':
      return 'OAuth 2.0 access token (bearer)';
    case 'openIdConnect':
      return `OpenID Connect${text(scheme.openIdConnectUrl) !== undefined ? ` (discovery at ${String(scheme.openIdConnectUrl)})` : ''}`;
    case 'mutualTLS':
    case 'X509':
      return 'Mutual TLS: a client certificate';
    case 'userPassword':
      return 'User name and password';
    case 'symmetricEncryption':
      return 'Symmetric encryption';
    case 'asymmetricEncryption':
      return 'Asymmetric encryption';
    case 'plain':
    case 'scramSha256':
    case 'scramSha512':
    case 'gssapi':
      return `SASL ${type}`;
    default:
      return type;
  }
}

function flows(scheme: JsonObject): SecuritySchemeView['flows'] {
  if (!isObject(scheme.flows)) return undefined;
  return Object.entries(scheme.flows).map(([name, flow]) => {
    const f = asObject(flow);
    const urls = (['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const).flatMap((k) =>
      typeof f[k] === 'string' ? [`${k}: ${String(f[k])}`] : [],
    );
    const scopesSource = isObject(f.scopes) ? f.scopes : isObject(f.availableScopes) ? f.availableScopes : {};
    const scopes = Object.entries(scopesSource).map(([scope, description]) => ({
      name: scope,
      description: String(description ?? ''),
    }));
    return {name, urls, scopes};
  });
}

function schemeView(key: string, scheme: JsonObject): SecuritySchemeView {
  const view: SecuritySchemeView = {
    key,
    type: text(scheme.type) ?? 'unknown',
    summary: schemeSummary(scheme),
  };
  const description = markdown(scheme.description, 4);
  if (description !== undefined) view.description = description;
  const f = flows(scheme);
  if (f !== undefined && f.length > 0) view.flows = f;
  return view;
}

/** `components.securitySchemes`, in document order. */
export function buildSecuritySchemes(doc: Json): SecuritySchemeView[] {
  const schemes = asObject(asObject(asObject(doc).components).securitySchemes);
  return Object.entries(schemes).map(([key, value]) => schemeView(key, asObject(deref(doc, value).node)));
}

/**
 * AsyncAPI lets a server or operation define a scheme inline instead of
 * referring to components; those get a key from their owner (`<owner>-scheme-<n>`)
 * so they are listed and linkable like the others.
 */
export function inlineAsyncSchemes(list: Json | undefined, owner: string): SecuritySchemeView[] {
  return asArray(list).flatMap((item, index) =>
    isObject(item) && typeof item.$ref !== 'string' ? [schemeView(inlineKey(item, owner, index), item)] : [],
  );
}

function inlineKey(item: JsonObject, owner: string, index: number): string {
  return `${owner}-scheme-${index + 1}`;
}

/** OpenAPI form: `[{scheme: [scopes]}]`, each object one alternative. */
export function buildRequirements(list: Json | undefined): SecurityRequirementView[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list.filter(isObject).map((requirement) => ({
    schemes: Object.entries(requirement).map(([key, scopes]) => ({
      key,
      scopes: asArray(scopes).filter((s): s is string => typeof s === 'string'),
    })),
  }));
}

/** AsyncAPI 3 form: a list of `$ref`s to schemes (or inline schemes), each one alternative. */
export function asyncRequirementKeys(list: Json | undefined, owner: string): string[] {
  return asArray(list).flatMap((item, index) => {
    if (isObject(item) && typeof item.$ref === 'string') return [refName(item.$ref)];
    if (isObject(item)) return [inlineKey(item, owner, index)];
    return [];
  });
}

/** A scheme by key, for code samples. */
export function findScheme(doc: Json, key: string): JsonObject | undefined {
  const schemes = asObject(asObject(asObject(doc).components).securitySchemes);
  const scheme = deref(doc, schemes[key]).node;
  return isObject(scheme) ? scheme : undefined;
}
