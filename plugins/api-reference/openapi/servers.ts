/** OpenAPI `servers` → ServerView; the first is the documentation's default environment. */
import {asArray, asObject, isObject, text, type Json} from '../document';
import {markdown} from '../markdown';
import type {ServerView} from '../types';

export function buildServers(list: Json | undefined): ServerView[] {
  return asArray(list)
    .filter(isObject)
    .flatMap((server, index) => {
      const url = text(server.url);
      if (url === undefined) return [];
      const view: ServerView = {url, isDefault: index === 0, variables: []};
      const name = text(server['x-environment']) ?? text(server.name);
      if (name !== undefined) view.name = name;
      const description = markdown(server.description, 4);
      if (description !== undefined) view.description = description;
      view.variables = Object.entries(asObject(server.variables)).map(([variable, spec]) => {
        const v = asObject(spec);
        const out: ServerView['variables'][number] = {name: variable, default: String(v.default ?? '')};
        if (Array.isArray(v.enum)) out.enum = v.enum.map(String);
        const d = text(v.description);
        if (d !== undefined) out.description = d;
        return out;
      });
      return [view];
    });
}

/** The server URL with its variables at their defaults: what code samples call. */
export function serverUrl(server: ServerView | undefined): string {
  if (server === undefined) return 'https://api.example.com';
  let url = server.url;
  for (const variable of server.variables) url = url.split(`{${variable.name}}`).join(variable.default);
  if (url.startsWith('//')) return `https:${url}`;
  // A relative server URL is relative to where the document is served; samples need a host.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(url))
    return `https://api.example.com${url.startsWith('/') ? '' : '/'}${url}`;
  return url;
}
