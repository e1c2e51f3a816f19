/**
 * The diff: two versions of one document in, classified changes out, each keyed
 * by a stable identity (operationId or method + path, parameter name + `in`,
 * message name on its channel, JSON pointer of a field), never by position.
 *
 * The engine is `redocly diff` (engine.ts). It matches array items by position,
 * so when a parameter in the middle of a list is removed it "renames" the next
 * one into it. One correction step fixes that (alignParameters + the parameter
 * pass of classify): before the engine runs, each parameter list is reordered so
 * that the parameters both versions share sit at the same positions, in the same
 * order, first; the parameters only one version has follow. The engine's
 * findings on the shared ones are then right; what it says about the others is
 * replaced by an added / removed finding per parameter identity.
 *
 * Everything here but `diffDocuments` is pure.
 */
import {
  asArray,
  asObject,
  isObject,
  resolveRef as resolvePointer,
  type Json,
  type JsonObject,
} from '../api-reference/document';
import {runEngine, type EngineChange, type EngineReport, type Impact} from './engine';

export type {Impact} from './engine';
export type Api = 'rest' | 'ws';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** What a group of changes is about: an operation, a message, a channel, or the document as a whole. */
export interface Subject {
  kind: 'operation' | 'message' | 'channel' | 'document';
  /** Stable identity: operationId (or `METHOD path`), `channel/message`, channel key, `document`. */
  key: string;
  /** What a reader calls it: `GET /api/orders`, message `orderUpdate` on channel `orders`. */
  label: string;
  /** Candidate anchor in the reference (operation id, message id); resolved against the current pages later. */
  anchor?: string;
}

export interface Change {
  api: Api;
  subject: Subject;
  /** Whether the subject itself appeared, disappeared, or changed inside. */
  subjectChange: 'added' | 'removed' | 'changed';
  /** What happened to the item (the most precise anchor): added, removed or changed. */
  action: 'added' | 'removed' | 'changed';
  /** The item inside the subject, in words: "query parameter `side`", "field `orders[].price` of the 200 response". */
  item?: string;
  /** Candidate anchors, most precise first (field, parameter, then the subject). */
  anchors: string[];
  impact: Impact;
  /** A change that can break an integration built for the previous version (the engine's major impact). */
  breaking: boolean;
  /** The change in words; for a breaking change, followed by what it means for the integrator. */
  text: string;
  /** The rule that classified it, when one did. */
  rule?: string;
  /** Stable JSON pointer of what changed (parameters named, not numbered). */
  pointer: string;
  /** For a change of an enum: the values it added (each gets its own "New in X" in the references). */
  addedValues?: unknown[];
}

// ---------------------------------------------------------------------------
// Correction step, part 1: align parameter lists by identity before the engine runs.

function deref(doc: JsonObject, value: Json | undefined): Json | undefined {
  let node = value;
  for (let i = 0; i < 20 && isObject(node) && typeof node.$ref === 'string'; i += 1) {
    node = resolvePointer(doc, node.$ref);
  }
  return node;
}

/** `in:name`, a parameter's identity. */
export function parameterKey(doc: JsonObject, parameter: Json | undefined): string {
  const p = asObject(deref(doc, parameter));
  return `${String(p.in ?? '')}:${String(p.name ?? '')}`;
}

function alignList(
  baseDoc: JsonObject,
  revDoc: JsonObject,
  baseList: Json[],
  revList: Json[],
): {base: Json[]; revision: Json[]; shared: number} {
  const revByKey = new Map(revList.map((p) => [parameterKey(revDoc, p), p]));
  const baseKeys = new Set(baseList.map((p) => parameterKey(baseDoc, p)));
  const shared = baseList.filter((p) => revByKey.has(parameterKey(baseDoc, p)));
  return {
    base: [...shared, ...baseList.filter((p) => !revByKey.has(parameterKey(baseDoc, p)))],
    revision: [
      ...shared.map((p) => revByKey.get(parameterKey(baseDoc, p)) as Json),
      ...revList.filter((p) => !baseKeys.has(parameterKey(revDoc, p))),
    ],
    shared: shared.length,
  };
}

export interface Aligned {
  base: JsonObject;
  revision: JsonObject;
  /** Per parameter list (JSON pointer of the list), how many leading items both versions share. */
  shared: Map<string, number>;
}

/** Copies of two OpenAPI documents whose parameter lists put the shared parameters first, in one order. */
export function alignParameters(base: JsonObject, revision: JsonObject): Aligned {
  const a = structuredClone(base);
  const b = structuredClone(revision);
  const shared = new Map<string, number>();
  const basePaths = asObject(a.paths);
  const revPaths = asObject(b.paths);
  for (const [route, rawItem] of Object.entries(basePaths)) {
    const baseItem = asObject(deref(a, rawItem));
    const revItem = asObject(deref(b, revPaths[route]));
    if (!isObject(revPaths[route])) continue;
    const owners: Array<[string, JsonObject, JsonObject]> = [[`/paths/${escape(route)}`, baseItem, revItem]];
    for (const method of HTTP_METHODS) {
      if (isObject(baseItem[method]) && isObject(revItem[method])) {
        owners.push([`/paths/${escape(route)}/${method}`, baseItem[method], revItem[method]]);
      }
    }
    for (const [where, baseOwner, revOwner] of owners) {
      if (!Array.isArray(baseOwner.parameters) || !Array.isArray(revOwner.parameters)) continue;
      const aligned = alignList(a, b, baseOwner.parameters, revOwner.parameters);
      baseOwner.parameters = aligned.base;
      revOwner.parameters = aligned.revision;
      shared.set(`${where}/parameters`, aligned.shared);
    }
  }
  return {base: a, revision: b, shared};
}

// ---------------------------------------------------------------------------
// Classification: the engine's findings, grouped by stable identity and put in words.

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function tokensOf(enginePath: string): string[] {
  const body = enginePath.startsWith('#') ? enginePath.slice(1) : enginePath;
  return body
    .split('/')
    .slice(1)
    .map((t) => unescape(decodeURIComponent(t)));
}

function code(value: unknown): string {
  return `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
}

/** Walks schema tokens (`properties/a/items/properties/b`) into a field path (`a[].b`) as the reference anchors it. */
function fieldPath(tokens: string[]): {path: string; rest: string[]} {
  let path = '';
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    if (t === 'properties' && i + 1 < tokens.length) {
      const name = tokens[i + 1] as string;
      path = path === '' ? name : `${path}.${name}`;
      i += 2;
    } else if (t === 'items') {
      path = `${path}[]`;
      i += 1;
    } else if ((t === 'allOf' || t === 'oneOf' || t === 'anyOf') && i + 1 < tokens.length) {
      i += 2;
    } else break;
  }
  return {path, rest: tokens.slice(i)};
}

function withField(prefix: string, path: string): string {
  if (path === '') return prefix;
  return path.startsWith('[') ? `${prefix}${path}` : `${prefix}.${path}`;
}

interface Located {
  subject: Subject;
  subjectChange: 'added' | 'removed' | 'changed';
  item?: string;
  anchors: string[];
  pointer: string;
  /** Request side (the client sends it) or response side (the client receives it). */
  direction?: 'request' | 'response';
  /** A parameter list position the correction step owns (not shared by both versions). */
  unsharedParameter?: boolean;
}

function operationSubject(doc: JsonObject, route: string, method: string): Subject {
  const op = asObject(asObject(deref(doc, asObject(doc.paths)[route]))[method]);
  const id = typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : undefined;
  const label = `${method.toUpperCase()} ${route}`;
  return {
    kind: 'operation',
    key: id ?? label,
    label: code(label),
    anchor:
      id ??
      `${method}-${route
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')}`,
  };
}

const DOCUMENT: Subject = {kind: 'document', key: 'document', label: 'the document as a whole'};

function locateRest(change: EngineChange, aligned: Aligned): Located {
  const tokens = tokensOf(change.path);
  const pointer = (list: string[]): string => list.map((t) => `/${escape(t)}`).join('');
  if (tokens[0] !== 'paths' || tokens.length < 2) {
    return {subject: DOCUMENT, subjectChange: 'changed', anchors: [], pointer: pointer(tokens)};
  }
  const route = tokens[1] as string;
  const method = tokens[2];
  const docFor = change.kind === 'removed' ? aligned.base : aligned.revision;
  if (method === undefined || !(HTTP_METHODS as readonly string[]).includes(method)) {
    // The path item itself, or its shared parameters.
    const subject: Subject = {kind: 'operation', key: route, label: `every operation on ${code(route)}`};
    if (tokens.length === 2) {
      return {
        subject,
        subjectChange: change.kind === 'added' ? 'added' : change.kind === 'removed' ? 'removed' : 'changed',
        anchors: [],
        pointer: pointer(tokens),
      };
    }
    return {subject, subjectChange: 'changed', anchors: [], pointer: pointer(tokens)};
  }
  const subject = operationSubject(docFor, route, method);
  const own = subject.anchor as string;
  const rest = tokens.slice(3);
  const base = pointer(tokens.slice(0, 3));
  if (rest.length === 0) {
    return {
      subject,
      subjectChange: change.kind === 'added' ? 'added' : change.kind === 'removed' ? 'removed' : 'changed',
      anchors: [own],
      pointer: base,
    };
  }
  if (rest[0] === 'parameters' && rest[1] !== undefined) {
    const index = Number(rest[1]);
    const listPointer = `${base}/parameters`;
    const shared = aligned.shared.get(listPointer) ?? 0;
    const list = asArray(asObject(asObject(deref(docFor, asObject(docFor.paths)[route]))[method]).parameters);
    const param = asObject(deref(docFor, list[index]));
    const name = String(param.name ?? '');
    const where = String(param.in ?? 'query');
    const field = fieldPath(rest.slice(3));
    return {
      subject,
      subjectChange: 'changed',
      item: `${where} parameter ${code(name)}`,
      anchors: [`${own}.${where}.${name}`, own],
      pointer: `${base}/parameters/${escape(where)}:${escape(name)}${pointer(rest.slice(2))}`,
      direction: 'request',
      unsharedParameter: index >= shared && Array.isArray(list) && aligned.shared.has(listPointer),
      ...(field.path !== '' ? {} : {}),
    };
  }
  if (rest[0] === 'requestBody') {
    const schemaAt = rest.indexOf('schema');
    const field = schemaAt >= 0 ? fieldPath(rest.slice(schemaAt + 1)).path : '';
    const anchor = withField(`${own}.request`, field);
    return {
      subject,
      subjectChange: 'changed',
      item: field !== '' ? `request body field ${code(field)}` : 'request body',
      anchors: [anchor, `${own}.request`, own],
      pointer: `${base}${pointer(rest)}`,
      direction: 'request',
    };
  }
  if (rest[0] === 'responses' && rest[1] !== undefined) {
    const status = rest[1];
    const schemaAt = rest.indexOf('schema');
    const field = schemaAt >= 0 ? fieldPath(rest.slice(schemaAt + 1)).path : '';
    const prefix = `${own}.response-${status}`;
    const header = rest[2] === 'headers' && rest[3] !== undefined ? rest[3] : undefined;
    return {
      subject,
      subjectChange: 'changed',
      item:
        header !== undefined
          ? `header ${code(header)} of the ${status} response`
          : field !== ''
            ? `field ${code(field)} of the ${status} response`
            : `the ${status} response`,
      anchors: [header !== undefined ? `${prefix}.header.${header}` : withField(prefix, field), prefix, own],
      pointer: `${base}${pointer(rest)}`,
      direction: 'response',
    };
  }
  return {subject, subjectChange: 'changed', anchors: [own], pointer: `${base}${pointer(rest)}`};
}

/** A message's name on the page: its `name`, else its key. */
function messageName(doc: JsonObject, channel: string, key: string): string {
  const message = asObject(deref(doc, asObject(asObject(asObject(doc.channels)[channel]).messages)[key]));
  return typeof message.name === 'string' && message.name !== '' ? message.name : key;
}

/** Whether the client sends a message on a channel (an AsyncAPI 3 `receive` operation of the server). */
function clientSends(doc: JsonObject, channel: string, key: string): boolean {
  const ref = `#/channels/${escape(channel)}/messages/${escape(key)}`;
  return Object.values(asObject(doc.operations)).some((raw) => {
    const op = asObject(deref(doc, raw));
    return op.action === 'receive' && asArray(op.messages).some((m) => isObject(m) && m.$ref === ref);
  });
}

function locateWs(change: EngineChange, aligned: Aligned): Located {
  const tokens = tokensOf(change.path);
  const pointer = (list: string[]): string => list.map((t) => `/${escape(t)}`).join('');
  const docFor = change.kind === 'removed' ? aligned.base : aligned.revision;
  if (tokens[0] === 'channels' && tokens[1] !== undefined) {
    const channel = tokens[1];
    const channelSubject: Subject = {
      kind: 'channel',
      key: channel,
      label: `channel ${code(channel)}`,
      anchor: `channel-${channel}`,
    };
    if (tokens[2] === 'messages' && tokens[3] !== undefined) {
      const key = tokens[3];
      const name = messageName(docFor, channel, key);
      const subject: Subject = {
        kind: 'message',
        key: `${channel}/${name}`,
        label: `message ${code(name)} on channel ${code(channel)}`,
        anchor: name,
      };
      const rest = tokens.slice(4);
      const direction = clientSends(docFor, channel, key) ? 'request' : 'response';
      const messageAnchors = [`channel-${channel}.${name}`, name];
      if (rest.length === 0) {
        return {
          subject,
          subjectChange:
            change.kind === 'added' ? 'added' : change.kind === 'removed' ? 'removed' : 'changed',
          anchors: messageAnchors,
          pointer: pointer(tokens),
          direction,
        };
      }
      const inPayload = rest[0] === 'payload' ? fieldPath(rest.slice(1)).path : '';
      return {
        subject,
        subjectChange: 'changed',
        ...(inPayload !== ''
          ? {item: `field ${code(inPayload)}`}
          : rest[0] === 'headers'
            ? {item: 'headers'}
            : {}),
        anchors: [
          ...(inPayload !== '' ? messageAnchors.map((a) => withField(a, inPayload)) : []),
          ...messageAnchors,
        ],
        pointer: pointer(tokens),
        direction,
      };
    }
    return {
      subject: channelSubject,
      subjectChange: tokens.length === 2 && change.kind !== 'modified' ? change.kind : 'changed',
      anchors: [channelSubject.anchor as string],
      pointer: pointer(tokens),
    };
  }
  if (tokens[0] === 'operations' && tokens[1] !== undefined) {
    const op = asObject(deref(docFor, asObject(docFor.operations)[tokens[1]]));
    const channelRef = asObject(op.channel).$ref;
    const channel = typeof channelRef === 'string' ? unescape(channelRef.split('/').pop() ?? '') : undefined;
    const subject: Subject = {
      kind: 'channel',
      key: channel ?? tokens[1],
      label: channel !== undefined ? `channel ${code(channel)}` : `operation ${code(tokens[1])}`,
      ...(channel !== undefined ? {anchor: `channel-${channel}`} : {}),
    };
    return {
      subject,
      subjectChange: 'changed',
      item: `operation ${code(tokens[1])}`,
      anchors: subject.anchor !== undefined ? [subject.anchor] : [],
      pointer: pointer(tokens),
    };
  }
  return {subject: DOCUMENT, subjectChange: 'changed', anchors: [], pointer: pointer(tokens)};
}

const CONSEQUENCES: Record<string, {request?: string; response?: string; any?: string}> = {
  'operation-removed': {any: 'calls to it will fail'},
  'path-removed': {any: 'calls to it will fail'},
  'parameter-removed': {any: 'clients that send it must stop sending it'},
  'parameter-became-required': {any: 'requests without it are refused'},
  'request-body-became-required': {any: 'requests without a body are refused'},
  'required-properties-added': {
    request: 'requests without it are refused',
    response: 'clients must be ready to receive it',
  },
  'required-properties-removed': {response: 'it may be absent: clients must not rely on it'},
  'property-removed': {
    response: 'clients that read it will no longer find it',
    request: 'clients that send it must stop sending it',
  },
  'enum-values-removed': {request: 'requests that send a removed value are refused'},
  'enum-values-added': {
    response: 'clients must be ready to receive the new values',
    request: 'requests that send a removed value are refused',
  },
  'schema-constraint-changed': {
    request: 'requests that were valid before may now be refused',
    response: 'clients must accept values within the new limits',
  },
  'schema-type-changed': {any: 'the value has a different type: clients must handle the new one'},
  'schema-combinator-changed': {any: 'the accepted shapes changed: clients must check their payloads'},
  'channel-address-changed': {any: 'clients must connect to the new address'},
  'channel-removed': {any: 'clients using it will fail'},
  'message-removed': {any: 'clients that send or handle it must stop'},
  'message-content-type-changed': {any: 'clients must read and write the new content type'},
  'response-removed': {any: 'clients that handle that response will no longer receive it'},
  'response-header-removed': {any: 'clients that read it will no longer find it'},
  'media-type-removed': {any: 'clients that use that media type must switch'},
  'security-requirement-changed': {any: 'clients must authenticate as the document now says'},
  'security-scheme-changed': {any: 'clients must authenticate as the document now says'},
  'server-removed': {any: 'clients using that server must switch'},
  'operation-id-changed': {any: 'generated clients that name the operation must be regenerated'},
  'operation-action-changed': {any: 'the direction of the operation changed'},
  'parameter-serialization-changed': {any: 'clients must serialise the parameter as the document now says'},
};

function consequence(rule: string | undefined, direction: 'request' | 'response' | undefined): string {
  const entry = rule !== undefined ? CONSEQUENCES[rule] : undefined;
  return (
    (direction !== undefined ? entry?.[direction] : undefined) ??
    entry?.any ??
    'clients built for the previous version may fail'
  );
}

function list(values: unknown[]): string {
  return values.map(code).join(', ');
}

/** The values an enum change added (none when the change is not to an enum). */
function addedEnumValues(change: EngineChange): unknown[] {
  const before = change.base?.value;
  const after = change.revision?.value;
  if (change.property !== 'enum' || !Array.isArray(after)) return [];
  const a = asArray(before);
  return asArray(after).filter((v) => !a.some((w) => JSON.stringify(w) === JSON.stringify(v)));
}

/** The change in words, without its consequence. */
function describe(change: EngineChange, at: Located): string {
  const what = at.item ?? (at.subject.kind === 'document' ? undefined : at.subject.label);
  const property = change.property;
  const before = change.base?.value;
  const after = change.revision?.value;
  if (property === 'enum' && (Array.isArray(before) || Array.isArray(after))) {
    const a = asArray(before);
    const b = asArray(after);
    const removed = a.filter((v) => !b.some((w) => JSON.stringify(w) === JSON.stringify(v)));
    const added = b.filter((v) => !a.some((w) => JSON.stringify(w) === JSON.stringify(v)));
    const parts = [
      ...(removed.length > 0
        ? [`${removed.length === 1 ? 'value' : 'values'} ${list(removed)} removed`]
        : []),
      ...(added.length > 0 ? [`${added.length === 1 ? 'value' : 'values'} ${list(added)} added`] : []),
    ];
    return `${what ?? 'an enum'}: ${parts.length > 0 ? parts.join('; ') : 'allowed values changed'}`;
  }
  if (property !== undefined && change.kind === 'modified') {
    const from = before === undefined ? 'unset' : code(before).slice(0, 120);
    const to = after === undefined ? 'unset' : code(after).slice(0, 120);
    const long = typeof before === 'string' && before.length > 60;
    return long || property === 'description'
      ? `${what !== undefined ? `${what}: ` : ''}${property} changed`
      : `${what !== undefined ? `${what}: ` : ''}${code(property)} changed from ${from} to ${to}`;
  }
  const verb = change.kind === 'added' ? 'added' : change.kind === 'removed' ? 'removed' : 'changed';
  const tokens = tokensOf(change.path);
  const last = tokens[tokens.length - 1];
  if (at.item !== undefined && at.anchors.length > 1 && change.typeName === 'Schema' && last !== 'schema') {
    return `${at.item} ${verb}`;
  }
  if (at.item !== undefined) return `${at.item} ${verb}`;
  if (at.subjectChange !== 'changed') return `${at.subject.label} ${verb}`;
  if (at.subject.kind !== 'document' && tokens.length <= 3) return `${at.subject.label} ${verb}`;
  return `${change.typeName ?? 'item'} at ${code(change.path.replace(/^#/, ''))} ${verb}`;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
}

/** Turns one engine report into changes in words, with the parameter correction applied. */
export function classify(api: Api, report: EngineReport, aligned: Aligned): Change[] {
  const out: Change[] = [];
  for (const change of expandPaths(api, report.changes, aligned)) {
    const at = api === 'rest' ? locateRest(change, aligned) : locateWs(change, aligned);
    if (at.unsharedParameter === true) continue; // replaced below, by identity
    // info.version is the release itself, not a change to it.
    if (change.path === '#/info' && change.property === 'version') continue;
    const verdict = change.verdicts.find((v) => v.impact === change.impact) ?? change.verdicts[0];
    const breaking = change.impact === 'major';
    const words = describe(change, at);
    const addedValues = addedEnumValues(change);
    out.push({
      api,
      subject: at.subject,
      subjectChange: at.subjectChange,
      action: change.kind === 'modified' ? 'changed' : change.kind,
      ...(at.item !== undefined ? {item: at.item} : {}),
      anchors: at.anchors,
      impact: change.impact,
      breaking,
      text: sentence(breaking ? `${words}: ${consequence(verdict?.ruleId, at.direction)}` : words),
      ...(verdict !== undefined ? {rule: verdict.ruleId} : {}),
      pointer: at.pointer,
      ...(addedValues.length > 0 ? {addedValues} : {}),
    });
  }
  if (api === 'rest') out.push(...parameterChanges(aligned));
  return out;
}

/** A path added or removed as a whole: one finding per operation on it, so each is grouped by its identity. */
function expandPaths(api: Api, changes: EngineChange[], aligned: Aligned): EngineChange[] {
  if (api !== 'rest') return changes;
  return changes.flatMap((change) => {
    const tokens = tokensOf(change.path);
    if (tokens[0] !== 'paths' || tokens.length !== 2 || change.kind === 'modified') return [change];
    const doc = change.kind === 'removed' ? aligned.base : aligned.revision;
    const item = asObject(deref(doc, asObject(doc.paths)[tokens[1] as string]));
    const methods = HTTP_METHODS.filter((m) => isObject(item[m]));
    if (methods.length === 0) return [change];
    return methods.map((method) => ({...change, path: `${change.path}/${method}`}));
  });
}

/** Correction step, part 2: parameters only one version has, as one added or removed finding each. */
function parameterChanges(aligned: Aligned): Change[] {
  const out: Change[] = [];
  for (const [listPointer, shared] of aligned.shared) {
    const tokens = tokensOf(`#${listPointer}`);
    const route = tokens[1] as string;
    const method = tokens.length === 4 ? (tokens[2] as string) : undefined;
    const lists = [aligned.base, aligned.revision].map((doc) => {
      const item = asObject(deref(doc, asObject(doc.paths)[route]));
      return asArray(asObject(method !== undefined ? item[method] : item).parameters);
    });
    const sides: Array<['removed' | 'added', JsonObject, Json[]]> = [
      ['removed', aligned.base, (lists[0] ?? []).slice(shared)],
      ['added', aligned.revision, (lists[1] ?? []).slice(shared)],
    ];
    for (const [kind, doc, params] of sides) {
      for (const raw of params) {
        const p = asObject(deref(doc, raw));
        const name = String(p.name ?? '');
        const where = String(p.in ?? 'query');
        const required = p.required === true || where === 'path';
        const subject: Subject =
          method !== undefined
            ? operationSubject(doc, route, method)
            : {kind: 'operation', key: route, label: `every operation on ${code(route)}`};
        const own = subject.anchor;
        const item = `${where} parameter ${code(name)}`;
        const rule =
          kind === 'removed' ? 'parameter-removed' : required ? 'parameter-became-required' : undefined;
        const breaking = rule !== undefined;
        const words =
          kind === 'removed'
            ? `the ${item} was removed`
            : `${required ? 'a required' : 'an optional'} ${item} was added`;
        out.push({
          api: 'rest',
          subject,
          subjectChange: 'changed',
          action: kind,
          item,
          anchors: own !== undefined ? [`${own}.${where}.${name}`, own] : [],
          impact: breaking ? 'major' : 'minor',
          breaking,
          text: sentence(breaking ? `${words}: ${consequence(rule, 'request')}` : words),
          ...(rule !== undefined ? {rule} : {}),
          pointer: `${listPointer}/${escape(where)}:${escape(name)}`,
        });
      }
    }
  }
  return out;
}

/** The semver bump a list of changes needs. */
export function requiredBump(changes: readonly Change[]): Impact | 'none' {
  if (changes.some((c) => c.impact === 'major')) return 'major';
  if (changes.some((c) => c.impact === 'minor')) return 'minor';
  return changes.length > 0 ? 'patch' : 'none';
}

/** Diffs two versions of one document (runs the engine). Same bytes or same JSON: no changes. */
export async function diffDocuments(api: Api, base: JsonObject, revision: JsonObject): Promise<Change[]> {
  if (JSON.stringify(base) === JSON.stringify(revision)) return [];
  const aligned = api === 'rest' ? alignParameters(base, revision) : {base, revision, shared: new Map()};
  const report: EngineReport = await runEngine(aligned.base, aligned.revision);
  return classify(api, report, aligned);
}
