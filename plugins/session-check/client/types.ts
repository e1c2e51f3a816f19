/**
 * The shapes the session checker shares between the build (which writes the session model), the
 * checker (browser worker and command) and the page. Types only.
 */

/** Who sent a frame: the reader's client, or the provider's server. */
export type Side = 'client' | 'server';

/** One message a channel carries, in one direction. */
export interface SessionMessage {
  name: string;
  /** Who sends it (the document speaks for the server: `receive` operations are the client's). */
  from: Side;
  /** The validator target of its payload (`ws:<name>`). */
  target: string;
  /** Its anchor on the WebSocket reference (`/docs/ws#<anchor>`). */
  anchor: string;
  /** The one member its payload must have (the message envelope), when the schema says so. */
  envelope?: string;
  /** Where its correlation id is in the payload (tokens), when the document declares one. */
  correlation?: string[];
}

export interface SessionChannel {
  key: string;
  /** null when the provider does not publish it (AsyncAPI `address: null`). */
  address: string | null;
  anchor: string;
  messages: SessionMessage[];
  /** The client message that subscribes the channel, and its replies. */
  subscription?: {message: string; replies: string[]};
  /** The client messages that end the channel subscription. */
  unsubscriptions: string[];
}

/** A client request the documents answer (an operation with a reply). */
export interface ReplyPair {
  channel: string;
  request: string;
  replies: string[];
  /** Where the operation is: `#/operations/<key>`. */
  operation: string;
}

export interface RestParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  /** The JSON type a text value is read as before it is checked. */
  kind: 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';
}

export interface RestOperation {
  id: string;
  method: string;
  /** The path template as the document writes it (`/api/orders/bulk/{bulk_order_id}`). */
  path: string;
  anchor: string;
  parameters: RestParameter[];
  parametersTarget?: string;
  bodyTarget?: string;
  /** Status code (or `2XX`, `default`) → the validator target of its JSON body, if any. */
  responses: {status: string; target?: string}[];
}

/** The documents as the checker needs them, computed at build time (and by the command). */
export interface SessionModel {
  /** WebSocket servers: host and protocol (`wss`). */
  wsServers: {name: string; host: string; protocol: string}[];
  /** REST server URLs; their path is the prefix set aside before a path is matched. */
  restServers: string[];
  channels: SessionChannel[];
  pairs: ReplyPair[];
  operations: RestOperation[];
  /** Every element id on /docs/ws, so a field link goes to the deepest one that exists. */
  wsAnchors: string[];
  /** The routes the links point to. */
  routes: {ws: string; rest: string};
  /** Validator targets that were compiled (the others are reported as unavailable). */
  targets: string[];
}

/**
 * An Ajv error as the compiled validators report it (`verbose`: schema and data included). The one
 * declaration: the payload validator's wording (src/components/ApiReference/Validator/messages.ts)
 * reads it as `AjvErrorLike`.
 */
export interface ValidationError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  propertyName?: string;
  schema?: unknown;
  parentSchema?: unknown;
  data?: unknown;
}

/** A compiled standalone validator. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ValidationError[] | null;
}

/** An error in the reference's words (src/components/ApiReference/Validator/messages.ts). */
export interface WordedProblem {
  pointer: string;
  message: string;
  value: string | null;
  details: WordedProblem[];
}

/** Puts a validator's errors in words; the payload validator's wording is passed in. */
export type Describe = (errors: ValidationError[]) => WordedProblem[];

/** What the checker is given besides the capture. */
export interface CheckEnvironment {
  model: SessionModel;
  validator: (target: string) => CompiledValidator | undefined;
  describe: Describe;
  /** Called now and then with frames done and frames in all (for a progress bar). */
  progress?: (done: number, total: number) => void;
}

/** The page's route data (`session-model.json`): the model and each validator target's file. */
export interface SessionCheckData {
  model: SessionModel;
  files: Record<string, string>;
}

/** Props of the page component: one route module each (plugins/session-check/index.ts). */
export interface SessionCheckPageProps {
  data: SessionCheckData;
}
