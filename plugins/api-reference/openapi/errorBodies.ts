/**
 * Error bodies that several error responses share, described once per page.
 *
 * Real documents give most operations the same few error responses (401, 404, 500 …),
 * each with the same body schema. Repeating that schema under every operation made the
 * product's /rest a quarter longer without one new word: a screen-reader user stepping
 * through fields heard the error catalogue twenty times, and the browser laid it out
 * twenty times. Here an error response (4xx, 5xx, `default`) whose body schema is, field
 * for field, the same as another error response's keeps its code, description, headers
 * and content type, and links to one full description of the body in the page's
 * "Error bodies" section. Bodies used once stay where they are; success bodies always do.
 *
 * "The same" is decided on the rendered schema (types, titles, descriptions, rules,
 * examples), not on `$ref` names: two components with equal content are one body, and a
 * component whose copy a document edited in one place stays apart.
 */
import type {IdRegistry} from '../client/anchors';
import {errorBodyId} from '../client/anchors';
import type {ErrorBodyView, MediaView, OperationView, RestModel, SchemaNode} from '../types';
import {operationLabel} from './operations';

const ERROR_KINDS = new Set(['client-error', 'server-error', 'default']);

/** Every operation of a page, callbacks included, in page order. */
export function pageOperations(model: Pick<RestModel, 'tags' | 'webhooks'>): OperationView[] {
  const out: OperationView[] = [];
  const visit = (op: OperationView): void => {
    out.push(op);
    for (const callback of op.callbacks) callback.operations.forEach(visit);
  };
  for (const tag of model.tags) tag.operations.forEach(visit);
  model.webhooks.forEach(visit);
  return out;
}

/** The schema as a reader sees it, without its anchors (they name the operation it sits in). */
function contentKey(node: SchemaNode): string {
  return JSON.stringify(node, (key, value: unknown) =>
    key === 'id' || key === 'schemaRef' ? undefined : value,
  );
}

/** The schema with every anchor moved from one prefix to another. */
function reanchor(node: SchemaNode, from: string, to: string): SchemaNode {
  const move = (id: string): string =>
    id === from || id.startsWith(`${from}.`) ? to + id.slice(from.length) : id;
  return JSON.parse(JSON.stringify(node), (key, value: unknown) =>
    (key === 'id' || key === 'base') && typeof value === 'string' ? move(value) : value,
  ) as SchemaNode;
}

function structured(node: SchemaNode): boolean {
  return (
    (node.fields?.length ?? 0) > 0 ||
    node.items !== undefined ||
    (node.prefixItems?.length ?? 0) > 0 ||
    (node.groups?.length ?? 0) > 0
  );
}

interface Use {
  media: MediaView;
  schema: SchemaNode;
  op: OperationView;
  code: string;
  responseId: string;
}

/**
 * Moves every error body used by two or more error responses into `model.errorBodies`;
 * the responses' media keep a `shared` link instead of the schema. Ids come from the
 * model's registry, so a body's anchors never take another element's.
 */
export function shareErrorBodies(model: RestModel, ids: IdRegistry): void {
  const uses = new Map<string, Use[]>();
  for (const op of pageOperations(model)) {
    for (const response of op.responses) {
      if (!ERROR_KINDS.has(response.kind)) continue;
      for (const media of response.contents) {
        // A scalar body (a plain-text error, a bare string) reads best where it is.
        if (media.schema === undefined || !structured(media.schema)) continue;
        const key = contentKey(media.schema);
        const list = uses.get(key) ?? [];
        list.push({media, schema: media.schema, op, code: response.code, responseId: response.id});
        uses.set(key, list);
      }
    }
  }
  const bodies: ErrorBodyView[] = [];
  for (const list of uses.values()) {
    // Two media types of one response count once: sharing needs two responses.
    if (new Set(list.map((use) => use.responseId)).size < 2) continue;
    const [first] = list;
    if (first === undefined) continue;
    const title = first.schema.title ?? `Error body ${bodies.length + 1}`;
    const id = ids.claim(errorBodyId(title));
    bodies.push({
      id,
      title,
      schema: reanchor(first.schema, first.media.idPrefix, id),
      usedBy: list
        .filter((use, i) => list.findIndex((other) => other.responseId === use.responseId) === i)
        .map((use) => ({id: use.responseId, label: `${operationLabel(use.op)} (${use.code})`})),
    });
    for (const use of list) {
      delete use.media.schema;
      use.media.shared = {id, title};
    }
  }
  if (bodies.length > 0) model.errorBodies = bodies;
}

/** The shared bodies a page needs: those its own error responses link to. */
export function errorBodiesOf(
  bodies: readonly ErrorBodyView[] | undefined,
  page: Pick<RestModel, 'tags' | 'webhooks'>,
): ErrorBodyView[] {
  if (bodies === undefined) return [];
  const linked = new Set<string>();
  const onPage = new Set<string>();
  for (const op of pageOperations(page))
    for (const response of op.responses) {
      onPage.add(response.id);
      for (const media of response.contents) if (media.shared !== undefined) linked.add(media.shared.id);
    }
  return bodies
    .filter((body) => linked.has(body.id))
    .map((body) => ({...body, usedBy: body.usedBy.filter((use) => onPage.has(use.id))}));
}
