/**
 * From the reader's form to a request: pure functions shared by the builder and
 * the parity tests. The form opens with the values the build-time samples use
 * (required parameters at their examples, the first body example, the default
 * server, no token), so that, untouched, it yields exactly the sample's request.
 */
import type {
  BuilderField,
  FieldKind,
  RestBuilderModel,
  WsBuilderModel,
} from '@site/plugins/api-reference/builder/types';
import type {SnippetRequest} from './snippet';
import type {NodeScriptInput} from '@site/plugins/api-reference/client/wsScript';

export interface FieldState {
  text: string;
  /** Optional parameters are sent only when ticked (typing in one ticks it). */
  send: boolean;
}

export type FormState = Record<string, FieldState>;

export function fieldKey(field: Pick<BuilderField, 'in' | 'name'>): string {
  return `${field.in}:${field.name}`;
}

export function initialForm(model: RestBuilderModel): FormState {
  const state: FormState = {};
  for (const field of model.fields) state[fieldKey(field)] = {text: field.value, send: field.required};
  return state;
}

function scalar(text: string, kind: Exclude<FieldKind, 'array'> | undefined): unknown {
  const trimmed = text.trim();
  if ((kind === 'integer' || kind === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(trimmed))
    return Number(trimmed);
  if (kind === 'boolean' && (trimmed === 'true' || trimmed === 'false')) return trimmed === 'true';
  return text;
}

/** The items of an array parameter as the reader wrote them (comma-separated, blanks dropped). */
function items(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The value the parameter validator checks: typed as the schema expects, so a wrong type is named. */
export function typedValue(field: BuilderField, text: string): unknown {
  if (field.kind === 'array') return items(text).map((item) => scalar(item, field.itemKind));
  return scalar(text, field.kind);
}

/** The parameters as one object (name → typed value), for the precompiled parameter validator. */
export function parameterObject(model: RestBuilderModel, form: FormState): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of model.fields) {
    const state = form[fieldKey(field)];
    if (state === undefined || !state.send) continue;
    // Empty is not sent: a required field is then missing (the validator says "required").
    if (state.text === '') continue;
    out[field.name] = typedValue(field, state.text);
  }
  return out;
}

/** The text sent for one parameter, or several for an exploded array. */
function serialised(field: BuilderField, text: string): string[] {
  if (field.kind === 'array') {
    const list = items(text);
    return field.explode === false ? [list.join(',')] : list;
  }
  return [field.kind === 'string' ? text : text.trim()];
}

export interface RestInputs {
  server: number;
  token: string;
  form: FormState;
  /** The body as the reader wrote it; undefined when the operation has none. */
  body?: string;
}

export type Built = {ok: true; request: SnippetRequest} | {ok: false; problem: string};

export function restRequest(model: RestBuilderModel, inputs: RestInputs): Built {
  const token = inputs.token.trim();
  const request: SnippetRequest = {
    method: model.method,
    baseUrl: (model.servers[inputs.server] ?? model.servers[0])?.url ?? 'https://api.example.com',
    path: model.path,
    pathParams: {},
    query: [],
    headers: [],
    cookies: [],
  };
  const lists = {query: request.query, header: request.headers, cookie: request.cookies};
  for (const credential of model.credentials) {
    const value =
      token === '' ? credential.value : credential.value.split(credential.placeholder).join(token);
    lists[credential.in].push({name: credential.name, value});
  }
  for (const field of model.fields) {
    const state = inputs.form[fieldKey(field)];
    if (field.in === 'path') {
      request.pathParams[field.name] = state?.text ?? '';
      continue;
    }
    if (state === undefined || !state.send || (state.text === '' && !field.required)) continue;
    for (const value of serialised(field, state.text)) lists[field.in].push({name: field.name, value});
  }
  const body = model.body;
  if (body !== undefined && inputs.body !== undefined && inputs.body.trim() !== '') {
    if (body.json) {
      try {
        request.body = {mediaType: body.mediaType, value: JSON.parse(inputs.body) as unknown};
      } catch {
        return {ok: false, problem: 'The request body is not valid JSON.'};
      }
    } else {
      request.body = {mediaType: body.mediaType, value: inputs.body};
    }
  } else if (body?.required === true) {
    return {ok: false, problem: 'The request body is required.'};
  }
  return {ok: true, request};
}

export interface WsInputs {
  server: number;
  token: string;
  body: string;
}

export type BuiltScript = {ok: true; input: NodeScriptInput} | {ok: false; problem: string};

export function wsScriptInput(model: WsBuilderModel, inputs: WsInputs): BuiltScript {
  if (model.address === null)
    return {
      ok: false,
      problem: `The address of the ${model.channel} channel is not published by the provider, so no script can be written for it.`,
    };
  let payload: unknown;
  try {
    payload = JSON.parse(inputs.body);
  } catch {
    return {ok: false, problem: 'The message is not valid JSON.'};
  }
  const token = inputs.token.trim();
  const server = model.servers[inputs.server] ?? model.servers[0];
  const input: NodeScriptInput = {url: `${server?.url ?? 'wss://example.com'}${model.address}`, payload};
  if (model.auth !== undefined)
    input.auth = {
      header: model.auth.header,
      value: token === '' ? model.auth.value : model.auth.value.split(model.auth.placeholder).join(token),
    };
  if (model.subscribe !== undefined)
    input.subscribe = {
      message: model.subscribe.message,
      payload: JSON.parse(model.subscribe.payload) as unknown,
      ...(model.subscribe.confirmation !== undefined ? {confirmation: model.subscribe.confirmation} : {}),
    };
  return {ok: true, input};
}
