/**
 * The anchor scheme other pages link to. Anchors derive only from names in the
 * documents (operationId, tag, message and channel keys, field paths), never
 * from positions, so editing one part of a document cannot move another's.
 */

/**
 * Section anchors of the reference pages: claimed before any id taken from the
 * documents, and the ids the components give those sections.
 */
export const SECTION_IDS = {
  servers: 'servers',
  authentication: 'authentication',
  webhooks: 'webhooks',
  errorBodies: 'error-bodies',
  dataTypes: 'data-types',
  schemas: 'schemas',
} as const;

/**
 * The prefix of each kind of anchor derived from a name in the documents: the search
 * index, the release history and the reference pages read an anchor's kind from it.
 */
export const ANCHOR_PREFIXES = {
  /** `tag-<slug>`: a tag's section on /rest. */
  tag: 'tag-',
  /** `channel-<key>`, and `channel-<key>.<message>` for a message repeated under a second channel. */
  channel: 'channel-',
  /** `data-type-<slug>`: a field type described once in a reference's "Data types". */
  dataType: 'data-type-',
  /** `schema-<name>`: a shared schema described once on a page (schema/describedOnce.ts). */
  describedSchema: 'schema-',
  /** `error-body-<slug>`: an error body many responses share (/rest "Error bodies"). */
  errorBody: 'error-body-',
  /** `error-<code>`: a row of the error catalogue (on elements only, never a heading). */
  error: 'error-',
  /** `security-<key>`: a security scheme under "Authentication", by its key in the document. */
  securityScheme: 'security-',
} as const;

/** Lowercase, every run of non-alphanumerics becomes one `-`. */
export function slug(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function tagId(tag: string): string {
  return `${ANCHOR_PREFIXES.tag}${slug(tag)}`;
}

export function channelId(key: string): string {
  return `${ANCHOR_PREFIXES.channel}${key}`;
}

/** A field type's anchor in "Data types", from its title. */
export function dataTypeId(title: string): string {
  return `${ANCHOR_PREFIXES.dataType}${slug(title) || 'type'}`;
}

/** A shared error body's anchor, from its title. */
export function errorBodyId(title: string): string {
  return `${ANCHOR_PREFIXES.errorBody}${slug(title) || 'body'}`;
}

/** A shared schema's anchor where a page describes it once, from its component name (not its title). */
export function describedSchemaId(name: string): string {
  return `${ANCHOR_PREFIXES.describedSchema}${name.replace(/[^A-Za-z0-9_.-]+/g, '-').replace(/^-+|-+$/g, '') || 'schema'}`;
}

/** A security scheme's anchor under "Authentication", from its key in the document. */
export function securitySchemeId(key: string): string {
  return `${ANCHOR_PREFIXES.securityScheme}${key}`;
}

/** An error catalogue row's anchor, from its code. */
export function errorCodeId(code: string): string {
  return `${ANCHOR_PREFIXES.error}${code.replace(/\s+/g, '-')}`;
}

/** Operations without an operationId (allowed by OpenAPI) get `<method>-<path slug>`. */
export function operationId(operationIdValue: string | undefined, method: string, path: string): string {
  if (operationIdValue !== undefined && operationIdValue.trim() !== '') return operationIdValue;
  return `${method.toLowerCase()}-${slug(path)}`;
}

/** Joins a field path: `a` + `b` → `a.b`; array items are `[]` appended to their field. */
export function childPath(parent: string, segment: string): string {
  if (segment === '[]') return `${parent}[]`;
  return parent === '' ? segment : `${parent}.${segment}`;
}

/**
 * Hands out element ids for one page: the first claimant keeps the plain id,
 * a later duplicate (two branches declaring the same field) gets `~2`, `~3`.
 */
export class IdRegistry {
  private readonly used = new Set<string>();

  claim(id: string): string {
    if (!this.used.has(id)) {
      this.used.add(id);
      return id;
    }
    for (let n = 2; ; n += 1) {
      const candidate = `${id}~${n}`;
      if (!this.used.has(candidate)) {
        this.used.add(candidate);
        return candidate;
      }
    }
  }

  has(id: string): boolean {
    return this.used.has(id);
  }
}

/**
 * The page of an anchor, for the forwarder on /rest: the anchor itself, else its
 * longest prefix ending before a `.` (field anchors are `<operation>.<path>`).
 */
export function routeOfAnchor(anchorRoutes: Record<string, string>, anchor: string): string | undefined {
  let candidate = anchor;
  for (;;) {
    const route = anchorRoutes[candidate];
    if (route !== undefined) return route;
    const dot = candidate.lastIndexOf('.');
    if (dot <= 0) return undefined;
    candidate = candidate.slice(0, dot);
  }
}

/**
 * Where an old field anchor is now, on a page that describes a shared schema once
 * (schema/describedOnce.ts): `moved` maps each use's anchor to its description's, so
 * `getApp.response.200.spec.services[].name` becomes `schema-AppSpec.services[].name`,
 * hop by hop through schemas described inside others. When the field itself is gone, the
 * nearest anchor above it that exists. Undefined when the anchor exists or nothing fits.
 */
export function movedAnchorTarget(
  moved: Readonly<Record<string, string>>,
  anchor: string,
  exists: (id: string) => boolean,
): string | undefined {
  if (exists(anchor)) return undefined;
  // Cut points: before each `.` or `[` from the right, then the anchor itself. A use's own line
  // moves with the description that holds it (a shorter prefix); its own key leads to what it
  // links to, the fallback.
  const bases = (id: string): number[] => {
    const cuts: number[] = [];
    for (let i = id.length - 1; i > 0; i--) if (id[i] === '.' || id[i] === '[') cuts.push(i);
    cuts.push(id.length);
    return cuts;
  };
  let current = anchor;
  for (let hop = 0; hop < 32 && !exists(current); hop++) {
    const cut = bases(current).find((end) => moved[current.slice(0, end)] !== undefined);
    if (cut === undefined) break;
    current = `${moved[current.slice(0, cut)] ?? ''}${current.slice(cut)}`;
  }
  if (current === anchor) return undefined;
  if (exists(current)) return current;
  const nearest = bases(current)
    .slice(0, -1)
    .find((end) => exists(current.slice(0, end)));
  return nearest === undefined ? undefined : current.slice(0, nearest);
}
