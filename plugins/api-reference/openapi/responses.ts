/** Responses of one operation: every code with its description, headers, content and links. */
import type {IdRegistry} from '../client/anchors';
import {asObject, deref, isObject, text, type Json} from '../document';
import {markdown} from '../markdown';
import type {LinkView, ResponseView} from '../types';
import {buildContent} from './media';
import {buildParameter} from './parameters';
import {describe} from '../readings';

export function responseKind(code: string): ResponseView['kind'] {
  if (code === 'default') return 'default';
  switch (code[0]) {
    case '1':
      return 'info';
    case '2':
      return 'success';
    case '3':
      return 'redirect';
    case '4':
      return 'client-error';
    default:
      return 'server-error';
  }
}

function links(doc: Json, raw: Json | undefined): LinkView[] {
  return Object.entries(asObject(raw)).map(([name, value]) => {
    const link = asObject(deref(doc, value).node);
    const view: LinkView = {
      name,
      targetIsAnchor: typeof link.operationId === 'string',
      parameters: Object.entries(asObject(link.parameters)).map(
        ([k, v]) => `${k} = ${typeof v === 'string' ? v : JSON.stringify(v)}`,
      ),
    };
    const target = text(link.operationId) ?? text(link.operationRef);
    if (target !== undefined) view.target = target;
    const description = markdown(link.description, 5);
    if (description !== undefined) view.description = description;
    return view;
  });
}

export function buildResponses(
  doc: Json,
  ids: IdRegistry,
  operationId: string,
  responses: Json | undefined,
): ResponseView[] {
  return Object.entries(asObject(responses))
    .filter(([code]) => !code.startsWith('x-'))
    .map(([code, raw]) => {
      const response = asObject(deref(doc, raw).node);
      const prefix = `${operationId}.response-${code}`;
      const id = ids.claim(prefix);
      const view: ResponseView = {
        code,
        id,
        kind: responseKind(code),
        headers: Object.entries(asObject(response.headers)).flatMap(([name, header]) => {
          const h = deref(doc, header).node;
          return isObject(h) ? [buildParameter(doc, ids, prefix, {...h, name, in: 'header'}, 'header')] : [];
        }),
        contents: buildContent(doc, ids, prefix, response.content, 'response'),
        links: links(doc, response.links),
      };
      const description = describe(response, 5);
      if (description !== undefined) view.description = description;
      return view;
    });
}
