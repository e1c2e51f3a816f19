/** A message's examples: the document's own (named, with summaries), else one made from the payload schema. */
import {asArray, asObject, deref, isObject, prettyJson, text, type Json, type JsonObject} from '../document';
import {sampleFromSchema} from '../schema/sample';
import type {ExampleView} from '../types';

/** The payload schema, unwrapping AsyncAPI's multi-format schema object. */
export function payloadSchema(message: JsonObject): Json | undefined {
  const payload = message.payload;
  if (isObject(payload) && typeof payload.schemaFormat === 'string' && payload.schema !== undefined)
    return payload.schema;
  return payload;
}

export interface ExampleValue {
  view: ExampleView;
  payload: Json;
  name?: string;
}

export function messageExamples(doc: Json, message: JsonObject): ExampleValue[] {
  const list = asArray(message.examples).flatMap((raw, i): ExampleValue[] => {
    const example = asObject(deref(doc, raw).node);
    if (example.payload === undefined) return [];
    const name = text(example.name);
    const view: ExampleView = {
      value: prettyJson(example.payload),
      language: 'json',
      ...(name !== undefined ? {name} : {}),
    };
    const summaryText = text(example.summary);
    if (summaryText !== undefined) view.summary = summaryText;
    return [{view, payload: example.payload, ...(name !== undefined ? {name} : {name: `example ${i + 1}`})}];
  });
  if (list.length > 0) return list;
  const made = sampleFromSchema(doc, payloadSchema(message), 'message');
  if (made === undefined) return [];
  return [
    {
      view: {
        value: prettyJson(made),
        language: 'json',
        summary: 'Made from the schema (the document gives no example)',
      },
      payload: made,
    },
  ];
}

function mentions(value: Json, needle: string): boolean {
  if (typeof value === 'string') return value === needle;
  if (Array.isArray(value)) return value.some((v) => mentions(v, needle));
  if (isObject(value)) return Object.values(value).some((v) => mentions(v, needle));
  return false;
}

/** A message shared by channels often has one example per channel: prefer those naming this channel. */
export function examplesFor(list: ExampleValue[], channel: string): ExampleValue[] {
  const matching = list.filter((e) => mentions(e.payload, channel));
  return matching.length > 0 ? matching : list;
}
