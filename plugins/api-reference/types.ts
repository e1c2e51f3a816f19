/**
 * View models: what the build hands to the reference components (as JSON via
 * createData). Components import these types only (`import type`), so nothing
 * from the build-time builders reaches the client bundle. Keep the shapes lean:
 * the JSON ships as the page's data chunk.
 */
/** "New in 3.0.0" / "Changed in 3.0.0" on what one of the newest releases changed (plugins/api-reference/marks.ts). */
export interface ReleaseBadge {
  kind: 'new' | 'changed';
  version: string;
  /** The release's entry on /version-history. */
  href: string;
}

/** A field's flags, shown beside its name. */
export type FieldBadge = 'read-only' | 'write-only' | 'deprecated' | 'nullable';

/** Whether a field or parameter must be given (a request) or is always there (a response, a message). */
export type Presence = 'required' | 'optional';

/**
 * Every badge the references draw (src/components/ApiReference/Badge): a release's, a deprecation,
 * a field's flag, and whether a field or parameter is required.
 */
export type BadgeView =
  | ReleaseBadge
  | {kind: 'deprecated'; mark?: DeprecationMark | undefined}
  | {kind: Exclude<FieldBadge, 'deprecated'>}
  | {kind: Presence};

/**
 * What a "deprecated" mark says beyond the word (plugins/api-reference/marks.ts): the release that
 * deprecated it, when the recorded history shows it, and the `x-sunset` date the document gives.
 */
export interface DeprecationMark {
  since?: string;
  /** The release's entry on /version-history. */
  href?: string;
  sunset?: string;
}

/**
 * One release's changes to an operation or message, as its "History" disclosure lists them
 * (newest release first; plugins/api-reference/marks.ts places them).
 */
export interface ElementHistoryEntry {
  /** "3.0.0", "2.0.0, amendment 1" or "Unreleased". */
  title: string;
  /** The entry on /version-history. */
  href: string;
  /** A correction of the documents (an amendment): the API did not change. */
  correction?: boolean;
  /** Each change line: its verdict label ("Breaking", "Addition", "Correction") and its words. */
  lines: Array<{label: string; breaking: boolean; text: string}>;
}

import type {BindingsView} from './asyncapi/bindings';

/** HTML rendered at build time from a document's CommonMark (raw HTML in the source is escaped). */
export type Html = string;

/** The shape Docusaurus' TOC components expect. */
export interface TocItem {
  value: string;
  id: string;
  level: number;
}

/** One composition keyword and its branches, each titled for the reader. */
export interface SchemaGroup {
  kind: 'oneOf' | 'anyOf' | 'allOf' | 'not' | 'if' | 'then' | 'else';
  /** In words: "Exactly one of", "At least one of", "All of", … */
  label: string;
  branches: {title: string; node: SchemaNode}[];
}

export interface SchemaNode {
  /** Field name as shown: property name, `[]` for array items, `[0]` for a prefix item. */
  name?: string;
  /** "New in X" / "Changed in X": set when one of the newest releases changed it (plugins/api-reference/marks.ts). */
  release?: ReleaseBadge;
  /** Since when it is deprecated and its sunset date, when it is (plugins/api-reference/marks.ts). */
  deprecation?: DeprecationMark;
  /** Element id (anchor) of the field; every named field has one. */
  id?: string;
  /** Short type in words: "string (date-time)", "integer | null", "array", "object". */
  type: string;
  /** `title` or the name of the component it came from. */
  title?: string;
  required?: boolean;
  /** What a field is besides its type: drawn beside its name ("deprecated" by the Deprecated component, with `deprecation`). */
  badges?: FieldBadge[];
  description?: Html;
  /** Constraints in words; text between backticks is code. */
  constraints?: string[];
  /** Allowed values as JSON literals. */
  enum?: string[];
  /** "New in X" on the values of `enum` that one of the newest releases added, by literal (plugins/api-reference/marks.ts). */
  valueReleases?: Record<string, ReleaseBadge>;
  /** The only allowed value, as a JSON literal (kept for false, 0 and ""). */
  const?: string;
  default?: string;
  examples?: string[];
  discriminator?: {property: string; mapping: {value: string; target: string}[]};
  /** additionalProperties: false beside listed properties: no other field is allowed. */
  closed?: boolean;
  /** Object properties, pattern properties and "any other property". */
  fields?: SchemaNode[];
  /** The schema every array item (after any prefix items) must match. */
  items?: SchemaNode;
  /** Tuple positions (`prefixItems`), in order. */
  prefixItems?: SchemaNode[];
  groups?: SchemaGroup[];
  /** Set instead of children when the schema refers back to an ancestor (a recursive structure). */
  recursive?: {name: string; id?: string};
  /**
   * Set on a field whose type (its title, description, rules and examples) several fields share:
   * the anchor of the type, described once under the page's "Data types" (schema/dataTypes.ts).
   * The field's title links there.
   */
  dataType?: string;
  /**
   * Build only, never shipped: the referenced type's own description where the field's
   * (a description beside `$ref`) replaced it; '' when the type has none.
   */
  typeDescription?: Html;
  /**
   * Build only, never shipped: the `$ref` this node's schema came from (the last of a chain) and
   * that schema's own description; schema/describedOnce.ts describes a large or shared one once.
   */
  schemaRef?: {
    pointer: string;
    description?: Html;
    /** What the ids under this node start with: its own id's path (a body's root has no id of its own). */
    base: string;
    mode: 'request' | 'response' | 'message';
  };
  /**
   * Set on a node whose fields, items and branches are described once elsewhere on the page
   * (schema/describedOnce.ts): the anchor and name of that description. The node has no children.
   */
  describedAt?: {id: string; title: string};
}

/** A named schema described once on its page, for the fields that link to it (schema/describedOnce.ts). */
export interface DescribedSchemaView {
  id: string;
  title: string;
  /** Its description, rules and everything under it; fields anchored `<id>.<path>`. */
  schema: SchemaNode;
  /** How many places of the page link to it. */
  uses: number;
}

/** A field type several fields share, described once per page (schema/dataTypes.ts). */
export interface DataTypeView {
  id: string;
  title: string;
  /** The type as one schema: type, description, rules, values and examples; no name, title or id. */
  schema: SchemaNode;
  /** How many fields of the page have it. */
  uses: number;
}

export interface ExampleView {
  name?: string;
  summary?: string;
  /** Pretty-printed value (JSON) or the raw text for non-JSON media. */
  value: string;
  language: 'json' | 'text' | 'yaml' | 'xml';
}

export interface MediaView {
  mediaType: string;
  /** Id prefix of the fields of this media type's schema. */
  idPrefix: string;
  schema?: SchemaNode;
  /** Instead of `schema`: an error body described once in the page's "Error bodies" (openapi/errorBodies.ts). */
  shared?: {id: string; title: string};
  examples: ExampleView[];
}

/** An error body several error responses share, described once per page. */
export interface ErrorBodyView {
  id: string;
  title: string;
  schema: SchemaNode;
  /** The error responses (their anchors) that have this body. */
  usedBy: {id: string; label: string}[];
}

export interface ParameterView {
  id: string;
  /** "New in X" / "Changed in X": set when one of the newest releases changed it (plugins/api-reference/marks.ts). */
  release?: ReleaseBadge;
  /** Since when it is deprecated and its sunset date, when it is (plugins/api-reference/marks.ts). */
  deprecation?: DeprecationMark;
  name: string;
  in: string;
  required: boolean;
  deprecated?: boolean;
  description?: Html;
  schema: SchemaNode;
  /** Serialisation when it differs from the default (style, explode, content type). */
  serialization?: string;
  example?: string;
}

export interface BodyView {
  required: boolean;
  description?: Html;
  contents: MediaView[];
}

export interface LinkView {
  name: string;
  /** operationId (anchor on the same page) or operationRef. */
  target?: string;
  targetIsAnchor: boolean;
  /** Set when the target operation is on another page of a multi-page reference: its route and anchor. */
  href?: string;
  description?: Html;
  parameters: string[];
}

export interface ResponseView {
  code: string;
  id: string;
  /** success, redirect, client or server error, default: drives the badge colour. */
  kind: 'info' | 'success' | 'redirect' | 'client-error' | 'server-error' | 'default';
  description?: Html;
  headers: ParameterView[];
  contents: MediaView[];
  links: LinkView[];
}

export interface CodeSample {
  /** Tab value shared across the site (the reader's language choice is remembered by it). */
  language: string;
  label: string;
  /** Prism language for highlighting. */
  prism: string;
  code: string;
}

export interface SecurityRequirementView {
  /** All of these together (AND); several requirements are alternatives (OR). */
  schemes: {key: string; scopes: string[]}[];
}

export interface SecuritySchemeView {
  key: string;
  type: string;
  /** In words: "HTTP bearer token (JWT) in the Authorization header". */
  summary: string;
  description?: Html;
  flows?: {name: string; urls: string[]; scopes: {name: string; description: string}[]}[];
}

export interface ServerView {
  url: string;
  name?: string;
  description?: Html;
  isDefault: boolean;
  variables: {name: string; default: string; enum?: string[]; description?: string}[];
  security?: string[];
  protocol?: string;
}

export interface CallbackView {
  name: string;
  expression: string;
  operations: OperationView[];
}

export interface OperationView {
  /** operationId, or `<method>-<path slug>` when the document gives none: the anchor. */
  id: string;
  /** "New in X" / "Changed in X": set when one of the newest releases changed it (plugins/api-reference/marks.ts). */
  release?: ReleaseBadge;
  /** Since when it is deprecated and its sunset date, when it is (plugins/api-reference/marks.ts). */
  deprecation?: DeprecationMark;
  /** The releases that changed it, newest first (plugins/api-reference/marks.ts). */
  history?: ElementHistoryEntry[];
  method: string;
  path: string;
  summary?: string;
  description?: Html;
  deprecated: boolean;
  tags: string[];
  parameters: ParameterView[];
  requestBody?: BodyView;
  responses: ResponseView[];
  /** undefined: the document-wide security applies; [] means no authentication. */
  security?: SecurityRequirementView[];
  servers?: ServerView[];
  callbacks: CallbackView[];
  samples: CodeSample[];
  /** The JSON request body example handed to the payload validator; undefined without one. */
  validatorExample?: string;
  hasJsonBody: boolean;
  externalDocs?: {url: string; description?: string};
}

export interface TagView {
  name: string;
  id: string;
  description?: Html;
  operations: OperationView[];
}

export interface RestModel {
  title: string;
  version: string;
  openapi: string;
  description?: Html;
  summary?: string;
  contact?: {name?: string; email?: string; url?: string};
  license?: {name: string; url?: string};
  termsOfService?: string;
  externalDocs?: {url: string; description?: string};
  servers: ServerView[];
  securitySchemes: SecuritySchemeView[];
  security: SecurityRequirementView[];
  tags: TagView[];
  /** OpenAPI 3.1 webhooks: requests the API sends to the reader. */
  webhooks: OperationView[];
  /** Error bodies shared by several error responses (openapi/errorBodies.ts). */
  errorBodies?: ErrorBodyView[];
  /** Field types several fields share (schema/dataTypes.ts). */
  dataTypes?: DataTypeView[];
  /** Named schemas this page describes once (schema/describedOnce.ts). */
  schemas?: DescribedSchemaView[];
  /** Old field anchors' bases → the anchor of the description they moved to: the page forwards old links. */
  movedAnchors?: Record<string, string>;
  toc: TocItem[];
  /** A multi-page reference's /rest: every tag and operation as a link to its page (see openapi/pages.ts). */
  index?: RestIndex;
  /** A multi-page reference's page for one tag (or part of one). */
  page?: {title: string; indexRoute: string};
  /** Which release this reference shows, and the others (banner and switcher); absent without a history. */
  release?: ReferenceRelease;
}

/** One reference of the site in the release switcher. */
export interface ReleaseChoice {
  /** null for the current reference; else a version or `next`. */
  id: string | null;
  version: string;
  kind: 'current' | 'release' | 'next';
  rest: string;
  ws: string;
}

/** The release a reference page shows, for its banner, its switcher and its links. */
export interface ReferenceRelease {
  /** null on the current reference (/rest, /docs/ws). */
  id: string | null;
  version: string;
  kind: 'current' | 'release' | 'next';
  /** The release date the provider published, or null. */
  date: string | null;
  /** The current reference. */
  current: {version: string; rest: string; ws: string};
  /** Every reference, the upcoming one first, then the current one, then older releases newest first. */
  choices: ReleaseChoice[];
  /** This release's documents (older and upcoming references; the current one has /downloads). */
  documents?: {openapi: string; asyncapi: string};
  /** Operations and messages other references have and this one lacks: when they were added or removed. */
  absent?: Record<string, {added?: string; removed?: string}>;
}

/** One operation as the index of a multi-page reference lists it. */
export interface RestIndexEntry {
  id: string;
  method: string;
  path: string;
  summary?: string;
  deprecated: boolean;
  /** The operation's "deprecated" mark: the release that deprecated it and its sunset, when known. */
  deprecation?: DeprecationMark;
  /** Route of the page that documents it. */
  route: string;
}

export interface RestIndexTag {
  name: string;
  id: string;
  description?: Html;
  /** Route of the tag's (first) page. */
  route: string;
  operations: RestIndexEntry[];
}

export interface RestIndex {
  tags: RestIndexTag[];
  webhooks: RestIndexEntry[];
  /** Operation and tag anchors → the route of their page: old /rest#<anchor> links are forwarded. */
  anchorRoutes: Record<string, string>;
}

export interface FlowStep {
  from: string;
  to: string;
  label: string;
  kind?: 'request' | 'reply' | 'stream' | 'note';
  alternative?: string;
}

export interface FlowView {
  title: string;
  description?: string;
  participants: string[];
  steps: FlowStep[];
}

export interface MessageRef {
  name: string;
  id: string;
  title?: string;
}

export interface MessageView {
  /** The message name (components/messages key): its anchor on first rendering. */
  name: string;
  id: string;
  /** "New in X" / "Changed in X": set when one of the newest releases changed it (plugins/api-reference/marks.ts). */
  release?: ReleaseBadge;
  /** Since when it is deprecated and its sunset date, when it is (plugins/api-reference/marks.ts). */
  deprecation?: DeprecationMark;
  /** The releases that changed it, newest first (plugins/api-reference/marks.ts). */
  history?: ElementHistoryEntry[];
  /** False when the message was rendered in full in an earlier channel: this entry links there. */
  primary: boolean;
  /** Where the full entry is (set when `primary` is false). */
  primaryRef?: {id: string; channel: string};
  title?: string;
  summary?: string;
  description?: Html;
  /** From the reader's side: the reader sends it (server `receive`) and/or receives it (server `send`). */
  youSend: boolean;
  youReceive: boolean;
  /** Operations that use this message on this channel, from the reader's side. */
  operations: {key: string; title: string; youSend: boolean; description?: Html; security?: string[]}[];
  /** Replies the reader can get after sending this message. */
  replies: MessageRef[];
  /** Requests this message answers. */
  replyTo: MessageRef[];
  contentType?: string;
  correlationId?: {location: string; description?: Html};
  headers?: SchemaNode;
  payload?: SchemaNode;
  examples: ExampleView[];
  samples: CodeSample[];
  validatorExample?: string;
  /** Protocols it has bindings for (asyncapi/bindings.ts). */
  bindings?: BindingsView;
  tags?: string[];
  deprecated?: boolean;
}

export interface ChannelView {
  key: string;
  id: string;
  title?: string;
  /** null when the document leaves the address open (dynamic channels). */
  address: string | null;
  description?: Html;
  parameters: {
    name: string;
    description?: Html;
    enum?: string[];
    default?: string;
    examples?: string[];
    location?: string;
  }[];
  servers?: string[];
  /** Protocols it has bindings for (asyncapi/bindings.ts). */
  bindings?: BindingsView;
  messages: MessageView[];
  flows: FlowView[];
}

export interface WsModel {
  title: string;
  version: string;
  asyncapi: string;
  /** The AsyncAPI 2.x version the document was written in, when the build converted it to 3.0. */
  convertedFrom?: string;
  description?: Html;
  defaultContentType?: string;
  servers: ServerView[];
  securitySchemes: SecuritySchemeView[];
  channels: ChannelView[];
  /** Field types several fields share (schema/dataTypes.ts). */
  dataTypes?: DataTypeView[];
  /** Named schemas the page describes once (schema/describedOnce.ts). */
  schemas?: DescribedSchemaView[];
  /** Old field anchors' bases → the anchor of the description they moved to: the page forwards old links. */
  movedAnchors?: Record<string, string>;
  toc: TocItem[];
  /** Which release this reference shows, and the others (banner and switcher); absent without a history. */
  release?: ReferenceRelease;
}
