/**
 * Security schemes in a reader's words (changes/credentials.ts): the history's security sentences
 * name the credential and where it goes, read from the scheme (OpenAPI 3 and AsyncAPI 3 types),
 * never the scheme's key in the document. Checked for every kind of scheme, and for the sentence
 * that lists what a change now asks for and no longer asks for.
 */
import {describe, expect, it} from 'vitest';
import {credentialWords, credentialsDetail} from '../../../../plugins/releases/changes/credentials';

describe('credentialWords: each kind of scheme as the credential it asks for', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    [
      'HTTP bearer with its format',
      {type: 'http', scheme: 'Bearer', bearerFormat: 'JWT'},
      'a bearer token (JWT) in the `Authorization` header',
    ],
    [
      'HTTP bearer without a format',
      {type: 'http', scheme: 'bearer'},
      'a bearer token in the `Authorization` header',
    ],
    [
      'HTTP Basic',
      {type: 'http', scheme: 'basic'},
      'a user name and password (HTTP Basic) in the `Authorization` header',
    ],
    [
      'another HTTP scheme',
      {type: 'http', scheme: 'Digest'},
      'credentials of the HTTP `digest` scheme in the `Authorization` header',
    ],
    [
      'an HTTP scheme not named',
      {type: 'http'},
      'credentials of the HTTP `unnamed` scheme in the `Authorization` header',
    ],
    [
      'an API key in a header',
      {type: 'apiKey', in: 'header', name: 'X-Api-Key'},
      'an API key in the `X-Api-Key` header',
    ],
    [
      'an API key in the query',
      {type: 'apiKey', in: 'query', name: 'key'},
      'an API key in the query parameter `key`',
    ],
    [
      'an API key in a cookie',
      {type: 'apiKey', in: 'cookie', name: 'session'},
      'an API key in the cookie `session`',
    ],
    ['an AsyncAPI API key as the user name', {type: 'apiKey', in: 'user'}, 'an API key as the user name'],
    ['an AsyncAPI API key as the password', {type: 'apiKey', in: 'password'}, 'an API key as the password'],
    [
      'an AsyncAPI HTTP API key in a header',
      {type: 'httpApiKey', in: 'header', name: 'X-Token'},
      'an API key in the `X-Token` header',
    ],
    ['an API key without a place', {type: 'apiKey'}, 'an API key'],
    ['OAuth 2.0', {type: 'oauth2', flows: {}}, 'an OAuth 2.0 access token'],
    [
      'OpenID Connect',
      {type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com'},
      'an OpenID Connect token',
    ],
    ['mutual TLS (OpenAPI)', {type: 'mutualTLS'}, 'a client certificate (mutual TLS)'],
    ['X.509 (AsyncAPI)', {type: 'X509'}, 'a client certificate (mutual TLS)'],
    ['a user name and password (AsyncAPI)', {type: 'userPassword'}, 'a user name and password'],
    ['SASL PLAIN', {type: 'plain'}, 'a user name and password (SASL PLAIN)'],
    ['SASL SCRAM-SHA-256', {type: 'scramSha256'}, 'a user name and password (SASL SCRAM)'],
    ['SASL SCRAM-SHA-512', {type: 'scramSha512'}, 'a user name and password (SASL SCRAM)'],
    ['Kerberos', {type: 'gssapi'}, 'Kerberos (GSSAPI) credentials'],
    ['symmetric encryption', {type: 'symmetricEncryption'}, 'an encryption key'],
    ['asymmetric encryption', {type: 'asymmetricEncryption'}, 'an encryption key'],
    ['a type this list does not know', {type: 'ticket'}, 'credentials of type `ticket`'],
    ['a scheme without a type', {}, 'credentials of type `unknown`'],
  ];
  for (const [name, scheme, words] of cases)
    it(name, () => {
      expect(credentialWords(scheme)).toBe(words);
    });

  it('what is not a scheme object (a missing scheme) reads as credentials of an unknown type', () => {
    expect(credentialWords(undefined)).toBe('credentials of type `unknown`');
    expect(credentialWords(['apiKey'])).toBe('credentials of type `unknown`');
  });
});

describe('credentialsDetail: what a change now asks for and no longer asks for', () => {
  const doc = (securitySchemes: Record<string, unknown>): Record<string, unknown> => ({
    components: {securitySchemes},
  });
  const base = doc({
    Key: {type: 'apiKey', in: 'header', name: 'X-Key'},
    Basic: {type: 'http', scheme: 'basic'},
    Cert: {type: 'mutualTLS'},
  });
  const revision = doc({
    Key: {type: 'apiKey', in: 'header', name: 'X-Key'},
    Bearer: {type: 'http', scheme: 'bearer', bearerFormat: 'JWT'},
    Oidc: {type: 'openIdConnect'},
  });

  it('schemes added and removed, each list joined with commas and a final "and", added first', () => {
    expect(credentialsDetail(base, ['Basic', 'Cert', 'Key'], revision, ['Bearer', 'Key', 'Oidc'])).toBe(
      'now asks for a bearer token (JWT) in the `Authorization` header and an OpenID Connect token; no longer asks for a user name and password (HTTP Basic) in the `Authorization` header and a client certificate (mutual TLS)',
    );
  });

  it('three schemes removed are listed with commas; each side reads its own version', () => {
    expect(credentialsDetail(base, ['Basic', 'Cert', 'Key'], revision, [])).toBe(
      'no longer asks for a user name and password (HTTP Basic) in the `Authorization` header, a client certificate (mutual TLS) and an API key in the `X-Key` header',
    );
    expect(credentialsDetail(base, [], revision, ['Oidc'])).toBe('now asks for an OpenID Connect token');
  });

  it('the same schemes in another combination are said to be combined differently', () => {
    expect(credentialsDetail(base, ['Key'], revision, ['Key'])).toBe(
      'the combination of credentials it asks for changed',
    );
  });

  it('a scheme a version does not define is named as an unknown credential, not left out', () => {
    expect(credentialsDetail(doc({}), [], doc({}), ['Missing'])).toBe(
      'now asks for credentials of type `unknown`',
    );
  });
});
