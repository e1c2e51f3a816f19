/** AsyncAPI servers → ServerView, with the URL a client connects to (protocol://host/pathname). */
import {asObject, deref, text, type Json} from '../document';
import {markdown} from '../markdown';
import {asyncRequirementKeys} from '../security';
import type {ServerView} from '../types';

export function buildWsServers(doc: Json): ServerView[] {
  return Object.entries(asObject(asObject(doc).servers)).map(([key, raw], index) => {
    const server = asObject(deref(doc, raw).node);
    const protocol = text(server.protocol) ?? 'wss';
    // AsyncAPI 2-style `url` is tolerated so older-looking documents still show a host.
    const host = text(server.host) ?? text(server.url) ?? '';
    const url = host.includes('://') ? host : `${protocol}://${host}${text(server.pathname) ?? ''}`;
    const view: ServerView = {
      url,
      name: text(server.title) ?? key,
      isDefault: index === 0,
      protocol,
      variables: [],
    };
    const description = markdown(server.description ?? server.summary, 4);
    if (description !== undefined) view.description = description;
    view.variables = Object.entries(asObject(server.variables)).map(([name, v]) => {
      const variable = asObject(deref(doc, v).node);
      return {
        name,
        default: String(variable.default ?? ''),
        ...(Array.isArray(variable.enum) ? {enum: variable.enum.map(String)} : {}),
        ...(text(variable.description) !== undefined ? {description: String(variable.description)} : {}),
      };
    });
    const security = asyncRequirementKeys(server.security, key);
    if (security.length > 0) view.security = security;
    return view;
  });
}

/** The default server's URL with variables at their defaults. */
export function connectUrl(server: ServerView | undefined): string {
  if (server === undefined) return 'wss://example.com';
  let url = server.url;
  for (const v of server.variables) url = url.split(`{${v.name}}`).join(v.default);
  return url;
}
