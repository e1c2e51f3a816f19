/**
 * Protocol bindings (AsyncAPI `bindings` of channels and messages) as the
 * reference shows them: the protocols named, in document order. Supporting a
 * binding's fields starts here: extend the view type and `bindingsView`, then
 * the components that show it (WsReference for channels, Message for messages).
 */
import {asObject, type Json} from '../document';

/** The protocols a channel or message declares bindings for (`ws`, `kafka`, …). */
export type BindingsView = string[];

/** The bindings of a channel or message; undefined when it declares none. */
export function bindingsView(bindings: Json | undefined): BindingsView | undefined {
  const names = Object.keys(asObject(bindings));
  return names.length > 0 ? names : undefined;
}
