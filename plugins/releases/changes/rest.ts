/**
 * REST: each operation of `paths` (the reader calls it) and of `webhooks` (the provider calls the
 * reader, so directions flip), matched by method and path; its security and servers, parameters by
 * `in` and name, request body, responses by status, their headers and content. Pure.
 */
import {credentialWords, credentialsDetail} from './credentials';
import {mergeParameters, pathItemOperations} from '../../api-reference/document/operations';
import {operationId as operationAnchor, slug} from '../../api-reference/client/anchors';
import {isObject as isObj, type JsonObject} from '../../api-reference/document';
import {code, type Direction} from './rules';
import {compareSchema} from './schema';
import {
  at,
  examplesChanged,
  compareDeprecation,
  compareNotes,
  emit,
  esc,
  findingOf,
  obj,
  removal,
  sameValue,
  shown,
  jsonText,
  unchanged,
  withField,
  type Ctx,
  type Obj,
  type Place,
  type Subject,
} from './walk';

function operationSubject(route: string, method: string, op: Obj): Subject {
  const id = typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : undefined;
  const label = `${method.toUpperCase()} ${route}`;
  return {
    kind: 'operation',
    key: id ?? label,
    label: code(label),
    anchor: operationAnchor(id, method, route),
  };
}

interface Param {
  key: string;
  name: string;
  in: string;
  pointer: string;
  node: Obj;
}

/**
 * A path with its parameters' names set aside (`/api/orders/{}`): two paths that differ only in the
 * names of their parameters take the same URLs, so their operations are the same operations.
 */
export function pathTemplate(route: string): string {
  return route.replace(/\{[^}/]*\}/g, '{}');
}

/** The names of a path's parameters, in the order the path gives them. */
function pathParameterNames(route: string): string[] {
  return [...route.matchAll(/\{([^}/]*)\}/g)].map((m) => m[1] ?? '');
}

/**
 * The pairs of routes to compare: the same route in both versions, or two routes with the same
 * template (a path parameter renamed), when each version has one route of that template.
 */
function routePairs(base: Obj, rev: Obj): Array<{a?: string; b?: string}> {
  const routesA = Object.keys(base);
  const routesB = Object.keys(rev);
  const byTemplate = (routes: string[]): Map<string, string[]> => {
    const map = new Map<string, string[]>();
    for (const r of routes) map.set(pathTemplate(r), [...(map.get(pathTemplate(r)) ?? []), r]);
    return map;
  };
  const templatesA = byTemplate(routesA);
  const templatesB = byTemplate(routesB);
  const pairs: Array<{a?: string; b?: string}> = [];
  const pairedA = new Set<string>();
  for (const b of routesB) {
    const same = routesA.includes(b) ? b : undefined;
    const [onlyA, ...moreA] = templatesA.get(pathTemplate(b)) ?? [];
    const renamed =
      same === undefined &&
      onlyA !== undefined &&
      moreA.length === 0 &&
      (templatesB.get(pathTemplate(b)) ?? []).length === 1 &&
      !routesB.includes(onlyA)
        ? onlyA
        : undefined;
    const a = same ?? renamed;
    if (a !== undefined) pairedA.add(a);
    pairs.push(a !== undefined ? {a, b} : {b});
  }
  for (const a of routesA) if (!pairedA.has(a)) pairs.push({a});
  return pairs;
}

/** A path parameter's key: its place in the path (`path:#0`), so a renamed one is still the same parameter. */
function parameterKeyIn(route: string, where: string, name: string): string {
  if (where !== 'path') return `${where}:${name}`;
  const index = pathParameterNames(route).indexOf(name);
  return index < 0 ? `path:${name}` : `path:#${index}`;
}

function parametersOf(doc: Obj, itemPointer: string, opPointer: string, route: string): Param[] {
  const list = (owner: string): Param[] => {
    const raw = (at(doc, owner)?.node as Obj | undefined)?.parameters;
    if (!Array.isArray(raw)) return [];
    return raw.flatMap((_p, i): Param[] => {
      const found = at(doc, `${owner}/parameters/${i}`);
      if (found === undefined || !isObj(found.node)) return [];
      const name = String(found.node.name ?? '');
      const where = String(found.node.in ?? 'query');
      return [
        {key: parameterKeyIn(route, where, name), name, in: where, pointer: found.pointer, node: found.node},
      ];
    });
  };
  return mergeParameters([...list(itemPointer), ...list(opPointer)], (p) => p.key);
}

function securityNames(requirements: unknown): string[] {
  if (!Array.isArray(requirements)) return [];
  return [...new Set(requirements.flatMap((r) => Object.keys(obj(r))))].sort();
}

function normalisedSecurity(requirements: unknown): string {
  if (!Array.isArray(requirements)) return '[]';
  return jsonText(
    requirements
      .map((r) =>
        Object.entries(obj(r))
          .map(([k, v]) => `${k}:${Array.isArray(v) ? [...v].map(String).sort().join(',') : ''}`)
          .sort()
          .join('&'),
      )
      .sort(),
  );
}

const SCHEME_FIELDS = ['type', 'name', 'in', 'scheme', 'bearerFormat', 'flows', 'openIdConnectUrl'] as const;

/** What changed in a security scheme, field by field (its description aside). */
export function schemeChanges(a: Obj, b: Obj): string[] {
  return SCHEME_FIELDS.filter((k) => !sameValue(a[k], b[k])).map((k) =>
    a[k] === undefined
      ? `${code(k)} set to ${code(b[k])}`
      : b[k] === undefined
        ? `${code(k)} ${code(a[k])} removed`
        : `${code(k)} changed from ${code(a[k])} to ${code(b[k])}`,
  );
}

function isError(status: string): boolean {
  return status === 'default' || /^[45]/.test(status);
}

/** A webhook (OpenAPI 3.1): the provider calls the reader, so the reader receives its request and sends its answer. */
function webhookSubject(name: string, method: string, op: Obj): Subject {
  const id = typeof op.operationId === 'string' && op.operationId.trim() !== '' ? op.operationId : undefined;
  return {
    kind: 'operation',
    key: id ?? `webhook ${name} ${method.toUpperCase()}`,
    label: `webhook ${code(name)} (${method.toUpperCase()})`,
    anchor: id ?? `webhook-${slug(name)}-${method}`,
  };
}

export function compareRest(ctx: Ctx): void {
  comparePathItems(ctx, 'paths');
  comparePathItems(ctx, 'webhooks');
}

/** The operations of `paths` (the reader calls them) or of `webhooks` (the provider calls the reader). */
function comparePathItems(ctx: Ctx, container: 'paths' | 'webhooks'): void {
  const flip = container === 'webhooks';
  const pairs =
    container === 'paths'
      ? routePairs(obj(ctx.base[container]), obj(ctx.rev[container]))
      : [...new Set([...Object.keys(obj(ctx.base[container])), ...Object.keys(obj(ctx.rev[container]))])].map(
          (name) => ({
            ...(Object.hasOwn(obj(ctx.base[container]), name) ? {a: name} : {}),
            ...(Object.hasOwn(obj(ctx.rev[container]), name) ? {b: name} : {}),
          }),
        );
  for (const {a: routeA, b: routeB} of pairs) {
    const route = (routeB ?? routeA) as string;
    const itemUse = `/${container}/${esc(route)}`;
    const itemA = routeA !== undefined ? at(ctx.base, `/${container}/${esc(routeA)}`) : undefined;
    const itemB = routeB !== undefined ? at(ctx.rev, itemUse) : undefined;
    const opsA = itemA !== undefined ? pathItemOperations(obj(itemA.node) as JsonObject) : [];
    const opsB = itemB !== undefined ? pathItemOperations(obj(itemB.node) as JsonObject) : [];
    const methods = new Set([...opsA, ...opsB].map((o) => o.method));
    for (const method of methods) {
      const a = opsA.find((o) => o.method === method);
      const b = opsB.find((o) => o.method === method);
      const subject = (flip ? webhookSubject : operationSubject)(route, method, (b ?? a)?.operation ?? {});
      const use = `${itemUse}${(b ?? a)?.at ?? ''}`;
      const place: Place = {
        subject,
        direction: 'send',
        what: () => 'operation',
        anchors: () => [subject.anchor as string],
      };
      if (a === undefined && b !== undefined) {
        ctx.out.push({
          ...findingOf(ctx, place, use, `${itemB?.pointer ?? itemUse}${b.at}`, 'operation-added'),
          subjectChange: 'added',
        });
      } else if (a !== undefined && b === undefined) {
        const before = ctx.out.length;
        removal(ctx, place, '', use, `${itemA?.pointer ?? itemUse}${a.at}`, a.operation, 'operation-removed');
        for (const f of ctx.out.slice(before)) {
          f.subjectChange = 'removed';
          delete f.item;
        }
      } else if (a !== undefined && b !== undefined && itemA !== undefined && itemB !== undefined) {
        ctx.compared.add(subject.key);
        compareOperation(
          ctx,
          subject,
          use,
          {item: itemA.pointer, op: `${itemA.pointer}${a.at}`, route: routeA ?? route},
          {item: itemB.pointer, op: `${itemB.pointer}${b.at}`, route},
          flip,
        );
      }
    }
  }
}

/** Where one version writes an operation: its path item, the operation, and the path. */
interface Side {
  item: string;
  op: string;
  route: string;
}

/** One operation in both versions, and the reader's side of its request and of its responses. */
interface OperationPair {
  subject: Subject;
  use: string;
  a: Side;
  b: Side;
  /** The reader's side of the request: `send`, or `receive` for a webhook (the provider calls the reader). */
  asks: Direction;
  answers: Direction;
  /** The operation's anchor in the reference. */
  own: string;
  flip: boolean;
}

function compareOperation(
  ctx: Ctx,
  subject: Subject,
  use: string,
  a: Side,
  b: Side,
  /** A webhook: the reader receives the request and sends the response. */
  flip = false,
): void {
  const pair: OperationPair = {
    subject,
    use,
    a,
    b,
    asks: flip ? 'receive' : 'send',
    answers: flip ? 'send' : 'receive',
    own: subject.anchor as string,
    flip,
  };
  compareOperationItself(ctx, pair);
  compareParameters(ctx, pair);
  compareRequestBody(ctx, pair);
  compareResponses(ctx, pair);
}

/** The operation as a whole: deprecation, wording, operationId, security and servers. */
function compareOperationItself(ctx: Ctx, pair: OperationPair): void {
  const {subject, use, a, b, own} = pair;
  const opA = obj(at(ctx.base, a.op)?.node);
  const opB = obj(at(ctx.rev, b.op)?.node);
  const itemA = obj(at(ctx.base, a.item)?.node);
  const itemB = obj(at(ctx.rev, b.item)?.node);
  const whole: Place = {subject, direction: 'send', what: () => 'operation', anchors: () => [own]};
  const before = ctx.out.length;
  compareDeprecation(ctx, whole, '', use, b.op, opA, opB);
  compareNotes(ctx, whole, '', use, b.op, opA, opB);
  if (
    !sameValue(opA.operationId, opB.operationId) &&
    opA.operationId !== undefined &&
    opB.operationId !== undefined
  )
    emit(ctx, whole, '', use, b.op, 'operation-id-changed', {
      before: opA.operationId,
      after: opB.operationId,
    });
  // Security: the operation's own requirements, else the document's.
  const secA = opA.security ?? ctx.base.security;
  const secB = opB.security ?? ctx.rev.security;
  if (normalisedSecurity(secA) !== normalisedSecurity(secB))
    emit(ctx, whole, '', use, b.op, 'security-changed', {
      detail: credentialsDetail(ctx.base, securityNames(secA), ctx.rev, securityNames(secB)),
    });
  for (const name of securityNames(secB).filter((n) => securityNames(secA).includes(n))) {
    const pointer = `/components/securitySchemes/${esc(name)}`;
    const sa = obj(at(ctx.base, pointer)?.node);
    const sb = obj(at(ctx.rev, pointer)?.node);
    for (const detail of schemeChanges(sa, sb))
      ctx.out.push({
        ...findingOf(ctx, whole, use, pointer, 'security-scheme-changed'),
        words: {item: code(name), detail, before: credentialWords(sa), after: credentialWords(sb)},
      });
  }
  // Servers: the operation's, else its path's, else the document's; matched by URL.
  const servers = (doc: Obj, op: Obj, item: Obj): string[] =>
    (Array.isArray(op.servers)
      ? op.servers
      : Array.isArray(item.servers)
        ? item.servers
        : Array.isArray(doc.servers)
          ? doc.servers
          : []
    )
      .map((s) => obj(s).url)
      .filter((u): u is string => typeof u === 'string');
  const serversA = servers(ctx.base, opA, itemA);
  const serversB = servers(ctx.rev, opB, itemB);
  for (const url of serversB.filter((u) => !serversA.includes(u)))
    ctx.out.push({...findingOf(ctx, whole, use, '/servers', 'server-added'), words: {item: code(url)}});
  for (const url of serversA.filter((u) => !serversB.includes(u)))
    ctx.out.push({...findingOf(ctx, whole, use, '/servers', 'server-removed'), words: {item: code(url)}});
  for (const f of ctx.out.slice(before)) delete f.item;
}

/** Parameters, matched by `in` and name. */
function compareParameters(ctx: Ctx, pair: OperationPair): void {
  const {subject, use, a, b, asks, own} = pair;
  // Parameters, by `in` and name.
  const paramsA = parametersOf(ctx.base, a.item, a.op, a.route);
  const paramsB = parametersOf(ctx.rev, b.item, b.op, b.route);
  for (const key of new Set([...paramsA.map((p) => p.key), ...paramsB.map((p) => p.key)])) {
    const pa = paramsA.find((p) => p.key === key);
    const pb = paramsB.find((p) => p.key === key);
    const p = (pb ?? pa) as Param;
    const place: Place = {
      subject,
      direction: asks,
      what: (field) =>
        field === ''
          ? `${p.in} parameter ${code(p.name)}`
          : field === '[]'
            ? `each item of ${p.in} parameter ${code(p.name)}`
            : `field ${code(field)} of ${p.in} parameter ${code(p.name)}`,
      anchors: () => [`${own}.${p.in}.${p.name}`, own],
    };
    const paramUse = `${use}/parameters/${esc(p.in)}:${esc(p.name)}`;
    const required = (x: Param): boolean => x.node.required === true || x.in === 'path';
    if (pa === undefined && pb !== undefined)
      emit(
        ctx,
        place,
        '',
        paramUse,
        pb.pointer,
        required(pb) ? 'required-field-added' : 'optional-field-added',
      );
    else if (pa !== undefined && pb === undefined)
      removal(ctx, place, '', paramUse, pa.pointer, pa.node, 'field-removed');
    else if (pa !== undefined && pb !== undefined) {
      if (pa.name !== pb.name)
        emit(ctx, place, '', paramUse, pb.pointer, 'parameter-renamed', {
          detail: 'path parameter',
          before: pa.name,
          after: pb.name,
        });
      if (!required(pa) && required(pb)) emit(ctx, place, '', paramUse, pb.pointer, 'field-became-required');
      if (required(pa) && !required(pb)) emit(ctx, place, '', paramUse, pb.pointer, 'field-became-optional');
      compareDeprecation(ctx, place, '', paramUse, pb.pointer, pa.node, pb.node);
      compareNotes(ctx, place, '', paramUse, pb.pointer, pa.node, pb.node);
      const serial = (['style', 'explode', 'allowReserved'] as const).filter(
        (k) => !sameValue(pa.node[k], pb.node[k]),
      );
      if (serial.length > 0)
        emit(ctx, place, '', paramUse, pb.pointer, 'serialization-changed', {
          detail: serial
            .map(
              (k) =>
                `${code(k)} changed from ${pa.node[k] === undefined ? 'unset' : shown(pa.node[k])} to ${pb.node[k] === undefined ? 'unset' : shown(pb.node[k])}`,
            )
            .join(', '),
        });
      if (isObj(pa.node.schema) && isObj(pb.node.schema))
        compareSchema(ctx, place, '', `${paramUse}/schema`, `${pa.pointer}/schema`, `${pb.pointer}/schema`);
      compareContent(ctx, place, `${paramUse}/content`, `${pa.pointer}/content`, `${pb.pointer}/content`);
    }
  }
}

/** The request body. */
function compareRequestBody(ctx: Ctx, pair: OperationPair): void {
  const {subject, use, a, b, asks, own} = pair;
  // The request body.
  const bodyA = at(ctx.base, `${a.op}/requestBody`);
  const bodyB = at(ctx.rev, `${b.op}/requestBody`);
  const body: Place = {
    subject,
    direction: asks,
    what: (field) => (field === '' ? 'request body' : `request body field ${code(field)}`),
    anchors: (field) => [withField(`${own}.request`, field), `${own}.request`, own],
  };
  const bodyUse = `${use}/requestBody`;
  if (bodyA === undefined && bodyB !== undefined)
    emit(
      ctx,
      body,
      '',
      bodyUse,
      bodyB.pointer,
      obj(bodyB.node).required === true ? 'required-field-added' : 'optional-field-added',
    );
  else if (bodyA !== undefined && bodyB === undefined)
    emit(ctx, body, '', bodyUse, bodyA.pointer, 'field-removed');
  else if (bodyA !== undefined && bodyB !== undefined) {
    const was = obj(bodyA.node).required === true;
    const is = obj(bodyB.node).required === true;
    if (!was && is) emit(ctx, body, '', bodyUse, bodyB.pointer, 'field-became-required');
    if (was && !is) emit(ctx, body, '', bodyUse, bodyB.pointer, 'field-became-optional');
    compareNotes(ctx, body, '', bodyUse, bodyB.pointer, obj(bodyA.node), obj(bodyB.node));
    compareContent(ctx, body, `${bodyUse}/content`, `${bodyA.pointer}/content`, `${bodyB.pointer}/content`);
  }
}

/** Responses, matched by status. */
function compareResponses(ctx: Ctx, pair: OperationPair): void {
  const {subject, use, a, b, answers, own, flip} = pair;
  // Responses, by status.
  const responsesA = obj(at(ctx.base, `${a.op}/responses`)?.node);
  const responsesB = obj(at(ctx.rev, `${b.op}/responses`)?.node);
  for (const status of new Set([...Object.keys(responsesA), ...Object.keys(responsesB)])) {
    const prefix = `${own}.response-${status}`;
    const responseUse = `${use}/responses/${esc(status)}`;
    const place: Place = {
      subject,
      direction: answers,
      ...(flip ? {sends: 'responses'} : {}),
      what: (field) =>
        field === '' ? `the ${status} response` : `field ${code(field)} of the ${status} response`,
      anchors: (field) => [withField(prefix, field), prefix, own],
    };
    const ra = Object.hasOwn(responsesA, status)
      ? at(ctx.base, `${a.op}/responses/${esc(status)}`)
      : undefined;
    const rb = Object.hasOwn(responsesB, status)
      ? at(ctx.rev, `${b.op}/responses/${esc(status)}`)
      : undefined;
    if (ra === undefined && rb !== undefined) {
      ctx.out.push({
        ...findingOf(
          ctx,
          place,
          responseUse,
          rb.pointer,
          isError(status) ? 'error-response-added' : 'response-added',
        ),
        item: `the ${status} response`,
        words: {item: isError(status) ? `${status} error response` : `${status} response`},
      });
    } else if (ra !== undefined && rb === undefined) {
      emit(
        ctx,
        place,
        '',
        responseUse,
        ra.pointer,
        isError(status) ? 'error-response-removed' : 'response-removed',
      );
    } else if (ra !== undefined && rb !== undefined) {
      if (unchanged(ctx, ra.pointer, rb.pointer)) continue;
      compareNotes(ctx, place, '', responseUse, rb.pointer, obj(ra.node), obj(rb.node));
      const headersA = obj(obj(ra.node).headers);
      const headersB = obj(obj(rb.node).headers);
      for (const name of new Set([...Object.keys(headersA), ...Object.keys(headersB)])) {
        const header: Place = {
          ...place,
          what: (field) =>
            field === ''
              ? `header ${code(name)} of the ${status} response`
              : `field ${code(field)} of header ${code(name)} of the ${status} response`,
          anchors: () => [`${prefix}.header.${name}`, prefix, own],
        };
        const headerUse = `${responseUse}/headers/${esc(name)}`;
        const ha = Object.hasOwn(headersA, name)
          ? at(ctx.base, `${ra.pointer}/headers/${esc(name)}`)
          : undefined;
        const hb = Object.hasOwn(headersB, name)
          ? at(ctx.rev, `${rb.pointer}/headers/${esc(name)}`)
          : undefined;
        if (ha === undefined && hb !== undefined)
          emit(
            ctx,
            header,
            '',
            headerUse,
            hb.pointer,
            obj(hb.node).required === true ? 'required-field-added' : 'optional-field-added',
          );
        else if (ha !== undefined && hb === undefined)
          removal(ctx, header, '', headerUse, ha.pointer, obj(ha.node), 'field-removed');
        else if (ha !== undefined && hb !== undefined) {
          const was = obj(ha.node).required === true;
          const is = obj(hb.node).required === true;
          if (!was && is) emit(ctx, header, '', headerUse, hb.pointer, 'field-became-required');
          if (was && !is) emit(ctx, header, '', headerUse, hb.pointer, 'field-became-optional');
          compareDeprecation(ctx, header, '', headerUse, hb.pointer, obj(ha.node), obj(hb.node));
          if (isObj(obj(ha.node).schema) && isObj(obj(hb.node).schema))
            compareSchema(
              ctx,
              header,
              '',
              `${headerUse}/schema`,
              `${ha.pointer}/schema`,
              `${hb.pointer}/schema`,
            );
        }
      }
      compareContent(ctx, place, `${responseUse}/content`, `${ra.pointer}/content`, `${rb.pointer}/content`);
    }
  }
}

/** A `content` map: media types added and removed, and each shared one's schema and examples. */
function compareContent(ctx: Ctx, place: Place, use: string, basePointer: string, revPointer: string): void {
  const ca = obj(at(ctx.base, basePointer)?.node);
  const cb = obj(at(ctx.rev, revPointer)?.node);
  for (const media of new Set([...Object.keys(ca), ...Object.keys(cb)])) {
    const mediaUse = `${use}/${esc(media)}`;
    if (!Object.hasOwn(ca, media))
      emit(ctx, place, '', mediaUse, `${revPointer}/${esc(media)}`, 'media-type-added', {after: media});
    else if (!Object.hasOwn(cb, media))
      emit(ctx, place, '', mediaUse, `${basePointer}/${esc(media)}`, 'media-type-removed', {before: media});
    else {
      const ma = at(ctx.base, `${basePointer}/${esc(media)}`);
      const mb = at(ctx.rev, `${revPointer}/${esc(media)}`);
      if (ma === undefined || mb === undefined || unchanged(ctx, ma.pointer, mb.pointer)) continue;
      const na = obj(ma.node);
      const nb = obj(mb.node);
      if (examplesChanged(ctx, na, nb)) emit(ctx, place, '', mediaUse, mb.pointer, 'example-changed');
      if (isObj(na.schema) && isObj(nb.schema))
        compareSchema(ctx, place, '', `${mediaUse}/schema`, `${ma.pointer}/schema`, `${mb.pointer}/schema`);
    }
  }
}
