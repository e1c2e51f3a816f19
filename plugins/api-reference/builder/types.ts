/**
 * The request builder's form models: built from the documents at build time,
 * written one JSON file per operation or message, and fetched by the browser
 * only when a reader opens "Build request" (none of it is in the page data).
 * Shared by the plugin (which writes them) and the builder (which reads them):
 * import type only.
 */

/** One environment the reader can send to; the first is the documentation's default. */
export interface BuilderServer {
  label: string;
  /** Absolute URL, variables at their defaults. */
  url: string;
}

/** Where the credential goes and what it looks like; `placeholder` is replaced by the reader's token. */
export interface BuilderCredential {
  in: 'header' | 'query' | 'cookie';
  name: string;
  /** The value as the samples write it, e.g. `Bearer <token>`. */
  value: string;
  /** The part the token replaces, e.g. `<token>`. */
  placeholder: string;
}

export type FieldKind = 'string' | 'integer' | 'number' | 'boolean' | 'array';

export interface BuilderField {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  kind: FieldKind;
  /** Kind of each item, for arrays (the reader writes them separated by commas). */
  itemKind?: Exclude<FieldKind, 'array'>;
  /** Arrays: one parameter per item (form, exploded: the default) or one comma-separated value. */
  explode?: boolean;
  /** Allowed values, as the reader writes them: a select. */
  enum?: string[];
  format?: string;
  /** The text the field opens with: the value the samples use when required, else default or example. */
  value: string;
  default?: string;
  example?: string;
  /** The rule in short, e.g. `integer, 10–9999`: named with every error. */
  rule: string;
  /** Plain-text description (first sentence). */
  description?: string;
}

export interface BuilderExample {
  label: string;
  /** JSON text (pretty) or raw text for non-JSON media. */
  value: string;
}

export interface RestBuilderModel {
  kind: 'rest';
  /** `rest:<operationId>`: also the payload validator's target. */
  target: string;
  method: string;
  path: string;
  servers: BuilderServer[];
  credentials: BuilderCredential[];
  fields: BuilderField[];
  body?: {
    mediaType: string;
    json: boolean;
    required: boolean;
    /** The first is what the samples send. */
    examples: BuilderExample[];
    /** Validator file of the body (JSON bodies). */
    validator?: string;
  };
  /** Validator file of the parameters, when there are any. */
  parametersValidator?: string;
}

export interface WsBuilderModel {
  kind: 'ws';
  /** `ws:<messageName>`. */
  target: string;
  message: string;
  channel: string;
  /** null: the document does not publish the channel's address, so no script can be written. */
  address: string | null;
  servers: BuilderServer[];
  /** The handshake header carrying the credential. */
  auth?: {header: string; value: string; placeholder: string};
  /** The message that subscribes the channel, sent first (absent when this message is it). */
  subscribe?: {message: string; payload: string; confirmation?: string};
  examples: BuilderExample[];
  validator: string;
}

export type BuilderModel = RestBuilderModel | WsBuilderModel;
