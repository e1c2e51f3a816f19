/**
 * A security scheme in a reader's words: the kind of credential and where it goes ("a bearer
 * token (JWT) in the `Authorization` header", "an API key in the query parameter `key`"), read
 * from the scheme's type, in, name, scheme and bearerFormat (OpenAPI 3 and AsyncAPI 3). The
 * history's security sentences use these words, never the scheme's key in the document.
 */
import {code} from './rules';

type Obj = Record<string, unknown>;

function obj(value: unknown): Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};
}

function place(where: unknown, name: unknown): string {
  const n = typeof name === 'string' ? code(name) : '';
  switch (where) {
    case 'header':
      return ` in the ${n} header`;
    case 'query':
      return ` in the query parameter ${n}`;
    case 'cookie':
      return ` in the cookie ${n}`;
    case 'user':
      return ' as the user name';
    case 'password':
      return ' as the password';
    default:
      return '';
  }
}

/** One scheme as the credential it asks for. */
export function credentialWords(scheme: unknown): string {
  const s = obj(scheme);
  const type = typeof s.type === 'string' ? s.type : '';
  switch (type) {
    case 'http': {
      const kind = typeof s.scheme === 'string' ? s.scheme.toLowerCase() : '';
      if (kind === 'bearer')
        return `a bearer token${typeof s.bearerFormat === 'string' ? ` (${s.bearerFormat})` : ''} in the \`Authorization\` header`;
      if (kind === 'basic') return 'a user name and password (HTTP Basic) in the `Authorization` header';
      return `credentials of the HTTP ${code(kind || 'unnamed')} scheme in the \`Authorization\` header`;
    }
    case 'apiKey':
    case 'httpApiKey':
      return `an API key${place(s.in, s.name)}`;
    case 'oauth2':
      return 'an OAuth 2.0 access token';
    case 'openIdConnect':
      return 'an OpenID Connect token';
    case 'mutualTLS':
    case 'X509':
      return 'a client certificate (mutual TLS)';
    case 'userPassword':
      return 'a user name and password';
    case 'plain':
      return 'a user name and password (SASL PLAIN)';
    case 'scramSha256':
    case 'scramSha512':
      return 'a user name and password (SASL SCRAM)';
    case 'gssapi':
      return 'Kerberos (GSSAPI) credentials';
    case 'symmetricEncryption':
    case 'asymmetricEncryption':
      return 'an encryption key';
    default:
      return `credentials of type ${code(type || 'unknown')}`;
  }
}

function list(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

/** The schemes of a document, by key. */
function schemesOf(doc: Obj): Obj {
  return obj(obj(doc.components).securitySchemes);
}

/**
 * AsyncAPI 3 lets a server or an operation write a scheme in full in its `security` list. One that
 * is not a copy of a component is named by its text, after a prefix no component key can have
 * (keys match `^[a-zA-Z0-9.\-_]+$`), so that it is compared and described like the others.
 */
const INLINE = 'inline:';

export function inlineSchemeName(scheme: unknown): string {
  return `${INLINE}${JSON.stringify(scheme)}`;
}

export function isInlineSchemeName(name: string): boolean {
  return name.startsWith(INLINE);
}

/** The scheme a name stands for in `doc`: a component, or one written in full. */
function schemeNamed(doc: Obj, name: string): unknown {
  return isInlineSchemeName(name) ? JSON.parse(name.slice(INLINE.length)) : schemesOf(doc)[name];
}

/**
 * What changed in the credentials asked for, in words: "now asks for a bearer token (JWT) in the
 * `Authorization` header; no longer asks for an API key in the `X-Key` header".
 */
export function credentialsDetail(base: Obj, before: string[], revision: Obj, after: string[]): string {
  const added = after
    .filter((n) => !before.includes(n))
    .map((n) => credentialWords(schemeNamed(revision, n)));
  const removed = before.filter((n) => !after.includes(n)).map((n) => credentialWords(schemeNamed(base, n)));
  const parts = [
    ...(added.length > 0 ? [`now asks for ${list(added)}`] : []),
    ...(removed.length > 0 ? [`no longer asks for ${list(removed)}`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'the combination of credentials it asks for changed';
}
