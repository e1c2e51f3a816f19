/** Content maps (request bodies and responses): one view per media type, examples included. */
import type {IdRegistry} from '../client/anchors';
import {slug} from '../client/anchors';
import {asObject, deref, isObject, prettyJson, text, type Json} from '../document';
import {buildSchema} from '../schema/build';
import {sampleFromSchema} from '../schema/sample';
import type {ExampleView, MediaView} from '../types';

export function isJsonMedia(mediaType: string): boolean {
  return /^application\/(.+\+)?json\b/i.test(mediaType) || mediaType === '*/*';
}

function exampleView(mediaType: string, value: Json, name?: string, summary?: string): ExampleView {
  const json = isJsonMedia(mediaType) || typeof value !== 'string';
  const view: ExampleView = {
    value: json ? prettyJson(value) : value,
    language: json ? 'json' : /xml/i.test(mediaType) ? 'xml' : /yaml/i.test(mediaType) ? 'yaml' : 'text',
  };
  if (name !== undefined) view.name = name;
  if (summary !== undefined) view.summary = summary;
  return view;
}

/** Explicit examples (media `example`, named `examples`), else one made from the schema. */
export function mediaExamples(
  doc: Json,
  mediaType: string,
  media: Json,
  mode: 'request' | 'response',
): ExampleView[] {
  const m = asObject(media);
  const out: ExampleView[] = [];
  if (m.example !== undefined) out.push(exampleView(mediaType, m.example));
  for (const [name, raw] of Object.entries(asObject(m.examples))) {
    const example = asObject(deref(doc, raw).node);
    if (example.value !== undefined)
      out.push(exampleView(mediaType, example.value, name, text(example.summary)));
    else if (typeof example.externalValue === 'string')
      out.push({name, value: `See ${example.externalValue}`, language: 'text'});
  }
  if (out.length === 0) {
    const generated = sampleFromSchema(doc, m.schema, mode);
    if (generated !== undefined)
      out.push(
        exampleView(mediaType, generated, undefined, 'Made from the schema (the document gives no example)'),
      );
  }
  return out;
}

export function buildContent(
  doc: Json,
  ids: IdRegistry,
  prefix: string,
  content: Json | undefined,
  mode: 'request' | 'response',
): MediaView[] {
  const entries = Object.entries(asObject(content));
  return entries.map(([mediaType, media], index) => {
    // The first media type keeps the plain prefix, so anchors survive adding another.
    const idPrefix = index === 0 ? prefix : `${prefix}~${slug(mediaType)}`;
    const view: MediaView = {mediaType, idPrefix, examples: mediaExamples(doc, mediaType, media, mode)};
    if (isObject(media) && media.schema !== undefined)
      view.schema = buildSchema(media.schema, {doc, ids, mode}, idPrefix);
    return view;
  });
}
