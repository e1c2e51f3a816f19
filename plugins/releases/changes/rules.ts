/**
 * The rules that classify a change, as data: for each kind of change, the verdict where the
 * reader sends the thing (a request, a message you send) and where the reader receives it (a
 * response, a message you receive), and the sentence a reader gets in each case.
 *
 * The diff (compare.ts) only finds what changed and where; every verdict and every sentence
 * comes from this table, and /version-history publishes the table ("How changes are
 * classified", made by `publishedRules` below), so the page cannot drift from the code.
 * Pure and browser-free.
 */

import {
  capital,
  code,
  is,
  it,
  its,
  sent,
  values,
  VERDICT_ORDER,
  type Direction,
  type Verdict,
  type Words,
} from '../client/verdicts';

export {
  capital,
  code,
  VERDICT_IMPACT,
  VERDICT_LABEL,
  VERDICT_ORDER,
  type Direction,
  type Impact,
  type Verdict,
  type Words,
} from '../client/verdicts';

export interface Rule {
  id: RuleId;
  /** What the rule is about, as the published table names it. */
  title: string;
  send: Verdict;
  receive: Verdict;
  /** The sentence for one side. */
  say: (w: Words, side: 'send' | 'receive') => string;
  /** The words the published table's example sentences are made from: one set, or one per side (an item named as it is where you send it and where you receive it). */
  sample: Words | {send: Words; receive: Words};
  /** Whether the rule applies only to one side (the other is shown as "does not apply"). */
  only?: 'send' | 'receive';
}

const RULE_LIST = [
  {
    id: 'operation-added',
    title: 'An operation added',
    send: 'addition',
    receive: 'addition',
    say: () => 'New operation.',
    sample: {item: 'operation'},
  },
  {
    id: 'operation-removed',
    title: 'An operation removed',
    send: 'breaking',
    receive: 'breaking',
    say: () => 'Operation removed: calls to it fail.',
    sample: {item: 'operation'},
  },
  {
    id: 'message-added',
    title: 'A message added to a channel',
    send: 'addition',
    receive: 'behaviour',
    say: (_w, side) =>
      side === 'send'
        ? 'New message you can send.'
        : 'New message you receive: clients subscribed to its channel may get it and must handle or ignore it.',
    sample: {item: 'message'},
  },
  {
    id: 'message-removed',
    title: 'A message removed',
    send: 'breaking',
    receive: 'breaking',
    say: (_w, side) =>
      side === 'send'
        ? 'Message removed: the server no longer accepts it, so sending it fails.'
        : 'Message removed: clients that wait for it will not receive it.',
    sample: {item: 'message'},
  },
  {
    id: 'removed-as-announced',
    title: 'Something deprecated with a sunset date removed after that date',
    send: 'announced',
    receive: 'announced',
    say: (w, side) =>
      `${capital(w.item)} removed as announced${w.announcedIn !== undefined ? ` in ${w.announcedIn}` : ''} (sunset ${w.sunset ?? ''}): ${
        w.item === 'operation'
          ? 'calls to it now fail'
          : w.item === 'message'
            ? side === 'send'
              ? 'sending it now fails'
              : 'clients will no longer receive it'
            : side === 'send'
              ? `${sent(w)} that still use it may now be refused`
              : 'clients that read it will no longer find it'
      }.`,
    sample: {item: 'operation', announcedIn: '‹version›', sunset: '‹date›'},
  },
  {
    id: 'removed-before-sunset',
    title: 'Something deprecated removed before its sunset date',
    send: 'breaking',
    receive: 'breaking',
    say: (w, side) =>
      `${capital(w.item)} removed before its sunset date (${w.sunset ?? ''}) had passed: ${
        side === 'send'
          ? `${sent(w)} that use ${its(w)} fail`
          : `clients that read ${its(w)} will no longer find ${its(w)}`
      }.`,
    sample: {
      send: {item: 'query parameter `price_from`', sunset: '‹date›'},
      receive: {item: 'field `price` of the 200 response', sunset: '‹date›'},
    },
  },
  {
    id: 'required-field-added',
    title: 'A required field, parameter or header added',
    send: 'breaking',
    receive: 'addition',
    say: (w, side) =>
      side === 'send'
        ? `New required ${w.item}: ${sent(w)} without ${its(w)} are refused.`
        : `New ${w.item}, always present.`,
    sample: {
      send: {item: 'request body field `account_id`'},
      receive: {item: 'field `account_id` of the 200 response'},
    },
  },
  {
    id: 'optional-field-added',
    title: 'An optional field, parameter or header added',
    send: 'addition',
    receive: 'addition',
    say: (w, side) =>
      side === 'send'
        ? `New optional ${w.item}: ${sent(w)} may include ${its(w)}.`
        : `New optional ${w.item}.`,
    sample: {send: {item: 'request body field `fee`'}, receive: {item: 'field `fee` of the 200 response'}},
  },
  {
    id: 'field-removed',
    title: 'A field, parameter or header removed',
    send: 'check',
    receive: 'breaking',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)} removed: ${sent(w)} that still include ${its(w)} may be refused, or have ${its(w)} ignored.`
        : `${capital(w.item)} removed: clients that read ${its(w)} will no longer find ${its(w)}.`,
    sample: {
      send: {item: 'query parameter `note`'},
      receive: {item: 'field `note` of the 200 response'},
    },
  },
  {
    id: 'field-became-required',
    title: 'A field, parameter or body became required',
    send: 'breaking',
    receive: 'compatible',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)} ${is(w)} now required: ${sent(w)} without ${its(w)} are refused.`
        : `${capital(w.item)} ${is(w)} now always present.`,
    sample: {
      send: {item: 'query parameter `instrument`'},
      receive: {item: 'field `instrument` of the 200 response'},
    },
  },
  {
    id: 'field-became-optional',
    title: 'A field, parameter or body became optional',
    send: 'compatible',
    receive: 'breaking',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)} ${is(w)} now optional: ${sent(w)} may leave ${its(w)} out.`
        : `${capital(w.item)} ${is(w)} now optional: ${w.many === true ? 'they' : 'it'} may be absent, so clients must not rely on ${its(w)}.`,
    sample: {
      send: {item: 'request body field `client_note`'},
      receive: {item: 'field `trade_id` of the 200 response'},
    },
  },
  {
    id: 'enum-value-added',
    title: 'A value added to a list of allowed values',
    send: 'compatible',
    receive: 'breaking',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)} now also accepts ${values(w.values)}.`
        : `${capital(w.item)} can now be ${values(w.values)}: clients must be ready to receive ${it(w.values)}.`,
    sample: {
      send: {item: 'query parameter `side`', values: ['SELL_SHORT']},
      receive: {item: 'field `side` of the 200 response', values: ['SELL_SHORT']},
    },
  },
  {
    id: 'enum-value-removed',
    title: 'A value removed from a list of allowed values',
    send: 'breaking',
    receive: 'compatible',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)} no longer accepts ${values(w.values)}: ${sent(w)} that use ${it(w.values)} are refused.`
        : `${capital(w.item)} can no longer be ${values(w.values)}.`,
    sample: {
      send: {item: 'query parameter `side`', values: ['SELL']},
      receive: {item: 'field `side` of the 200 response', values: ['SELL']},
    },
  },
  {
    id: 'constraint-narrowed',
    title: 'A rule narrowed (fewer values allowed: a limit tightened, a pattern, format or type restricted)',
    send: 'breaking',
    receive: 'compatible',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)}: ${w.detail ?? ''}. ${capital(sent(w))} that were valid before may now be refused.`
        : `${capital(w.item)}: ${w.detail ?? ''}. What you receive stays within the previous rules.`,
    sample: {
      send: {item: 'request body field `order_ref`', detail: 'maximum length lowered from 100 to 50'},
      receive: {
        item: 'field `order_ref` of the 200 response',
        detail: 'maximum length lowered from 100 to 50',
      },
    },
  },
  {
    id: 'constraint-widened',
    title: 'A rule widened (more values allowed: a limit relaxed, a pattern, format or type lifted)',
    send: 'compatible',
    receive: 'breaking',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)}: ${w.detail ?? ''}. More values are accepted.`
        : `${capital(w.item)}: ${w.detail ?? ''}. Clients must accept values outside the previous rules.`,
    sample: {
      send: {item: 'request body field `order_ref`', detail: 'maximum length raised from 100 to 200'},
      receive: {
        item: 'field `order_ref` of the 200 response',
        detail: 'maximum length raised from 100 to 200',
      },
    },
  },
  {
    id: 'constraint-changed',
    title: 'A rule replaced by another (a different pattern, format, type or fixed value)',
    send: 'breaking',
    receive: 'breaking',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)}: ${w.detail ?? ''}. ${capital(sent(w))} that were valid before may now be refused.`
        : `${capital(w.item)}: ${w.detail ?? ''}. Clients must accept the new values.`,
    sample: {
      send: {
        item: 'query parameter `instrument`',
        detail: 'pattern changed from `^[A-Z]+$` to `^[A-Z0-9]+$`',
      },
      receive: {
        item: 'field `instrument` of the 200 response',
        detail: 'pattern changed from `^[A-Z]+$` to `^[A-Z0-9]+$`',
      },
    },
  },
  {
    id: 'default-changed',
    title: 'A default value changed',
    send: 'behaviour',
    receive: 'compatible',
    say: (w, side) => {
      if (side === 'receive')
        return `${capital(w.item)}: the documented default is now ${w.after === undefined ? 'none' : code(w.after)} (was ${w.before === undefined ? 'none' : code(w.before)}).`;
      if (w.after === undefined)
        return `${capital(w.item)}: the default ${code(w.before)} is no longer documented: check what ${sent(w)} that leave it out get.`;
      return `${capital(sent(w))} that leave out ${w.item} now get ${code(w.after)}${w.before === undefined ? ' (no default was documented)' : `, not ${code(w.before)}`}.`;
    },
    sample: {
      send: {item: 'query parameter `limit`', before: 100, after: 50},
      receive: {item: 'field `limit` of the 200 response', before: 100, after: 50},
    },
  },
  {
    id: 'deprecated',
    title: 'Something deprecated',
    send: 'deprecation',
    receive: 'deprecation',
    say: (w) =>
      w.sunset === undefined
        ? `${capital(w.item)} deprecated: plan to stop using it.`
        : w.asOf !== undefined && w.sunset < w.asOf
          ? `${capital(w.item)} deprecated, sunset ${w.sunset}, a date already passed: stop using it now, as it can go in any release.`
          : `${capital(w.item)} deprecated, sunset ${w.sunset}: plan to stop using it by then.`,
    sample: {
      send: {item: 'query parameter `price_from`', sunset: '‹date›'},
      receive: {item: 'field `price` of the 200 response', sunset: '‹date›'},
    },
  },
  {
    id: 'undeprecated',
    title: 'A deprecation withdrawn',
    send: 'compatible',
    receive: 'compatible',
    say: (w) => `${capital(w.item)} ${is(w)} no longer deprecated.`,
    sample: {
      send: {item: 'query parameter `price_from`'},
      receive: {item: 'field `price` of the 200 response'},
    },
  },
  {
    id: 'sunset-changed',
    title: 'A sunset date set, moved or withdrawn',
    send: 'behaviour',
    receive: 'behaviour',
    say: (w) =>
      w.after === undefined
        ? `${capital(w.item)}: the sunset date ${code(w.before)} is withdrawn.`
        : w.before === undefined
          ? `${capital(w.item)}: sunset date set to ${w.after as string}.`
          : `${capital(w.item)}: sunset date moved from ${w.before as string} to ${w.after as string}.`,
    sample: {
      send: {item: 'query parameter `price_from`', before: '‹date›', after: '‹earlier date›'},
      receive: {item: 'field `price` of the 200 response', before: '‹date›', after: '‹earlier date›'},
    },
  },
  {
    id: 'response-added',
    title: 'A success response added',
    send: 'behaviour',
    receive: 'behaviour',
    only: 'receive',
    say: (w) => `New ${w.item}: clients must be ready to handle it.`,
    sample: {item: '201 response'},
  },
  {
    id: 'error-response-added',
    title: 'An error response added (a 4xx or 5xx status, or a default)',
    send: 'behaviour',
    receive: 'behaviour',
    only: 'receive',
    say: (w) => `New ${w.item}: clients should handle it.`,
    sample: {item: '429 error response'},
  },
  {
    id: 'response-removed',
    title: 'A success response removed',
    send: 'breaking',
    receive: 'breaking',
    only: 'receive',
    say: (w) => `${capital(w.item)} removed: clients that expect it will get another response.`,
    sample: {item: 'the 202 response'},
  },
  {
    id: 'error-response-removed',
    title: 'An error response removed',
    send: 'compatible',
    receive: 'compatible',
    only: 'receive',
    say: (w) => `${capital(w.item)} ${is(w)} no longer documented.`,
    sample: {item: 'the 404 response'},
  },
  {
    id: 'media-type-added',
    title: 'A content type added',
    send: 'addition',
    receive: 'addition',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)} may now also be sent as ${code(w.after)}.`
        : `${capital(w.item)} may now also be returned as ${code(w.after)}.`,
    sample: {
      send: {item: 'the request body', after: 'application/xml'},
      receive: {item: 'the 200 response', after: 'application/xml'},
    },
  },
  {
    id: 'media-type-removed',
    title: 'A content type removed',
    send: 'breaking',
    receive: 'breaking',
    say: (w, side) =>
      side === 'send'
        ? `${capital(w.item)} can no longer be sent as ${code(w.before)}: such ${sent(w)} are refused.`
        : `${capital(w.item)} ${is(w)} no longer returned as ${code(w.before)}: clients that read that format must switch.`,
    sample: {
      send: {item: 'the request body', before: 'application/xml'},
      receive: {item: 'the 200 response', before: 'application/xml'},
    },
  },
  {
    id: 'serialization-changed',
    title: 'How a parameter is written in the request changed (style, explode)',
    send: 'breaking',
    receive: 'breaking',
    only: 'send',
    say: (w) =>
      `${capital(w.item)}: ${w.detail ?? 'serialisation changed'}. Requests must write it as the document now says.`,
    sample: {item: 'query parameter `trade_ids`', detail: '`explode` changed from true to false'},
  },
  {
    id: 'security-changed',
    title: 'The authentication an operation, message or server asks for changed',
    send: 'breaking',
    receive: 'breaking',
    say: (w) =>
      `Authentication changed: ${w.detail ?? 'other credentials are asked for'}. Clients must authenticate as the document now says.`,
    sample: {item: 'operation', detail: 'now asks for an API key in the `X-Key` header'},
  },
  {
    id: 'security-scheme-changed',
    title: 'A security scheme changed (its type, name, location or scheme)',
    send: 'breaking',
    receive: 'breaking',
    say: (w) =>
      typeof w.before === 'string' && typeof w.after === 'string' && w.before !== w.after
        ? `The credentials asked for changed from ${w.before} to ${w.after}. Clients must authenticate as the document now says.`
        : `The credentials asked for changed (${w.detail ?? 'their scheme'}). Clients must authenticate as the document now says.`,
    sample: {
      item: 'scheme',
      detail: '`name` changed from `Authorization` to `X-Token`',
      before: 'an API key in the `Authorization` header',
      after: 'an API key in the `X-Token` header',
    },
  },
  {
    id: 'server-added',
    title: 'A server added',
    send: 'addition',
    receive: 'addition',
    say: (w) => `New server ${w.item}.`,
    sample: {item: '`wss://eu.example.com`'},
  },
  {
    id: 'server-removed',
    title: 'A server removed',
    send: 'breaking',
    receive: 'breaking',
    say: (w) => `Server ${w.item} removed: clients that use it must switch to another.`,
    sample: {item: '`https://api.example.com`'},
  },
  {
    id: 'server-changed',
    title: "A server's address changed",
    send: 'breaking',
    receive: 'breaking',
    say: (w) =>
      `Server ${w.item}: ${w.detail ?? 'address changed'}. Clients must connect to the new address.`,
    sample: {item: '`production`', detail: 'host changed from `ws.example.com` to `stream.example.com`'},
  },
  {
    id: 'channel-address-changed',
    title: "A channel's address changed",
    send: 'breaking',
    receive: 'breaking',
    say: (w) =>
      `The channel's address changed from ${w.before === null || w.before === undefined ? 'unpublished' : code(w.before)} to ${w.after === null || w.after === undefined ? 'unpublished' : code(w.after)}: clients must connect to the new address.`,
    sample: {item: 'channel', before: '/ws/orders', after: '/ws/v2/orders'},
  },
  {
    id: 'action-changed',
    title: 'Who sends a message changed',
    send: 'breaking',
    receive: 'breaking',
    say: (w) =>
      `The direction of operation ${w.item} changed from ${code(w.before)} to ${code(w.after)}: clients must swap sending and receiving.`,
    sample: {item: '`placeOrder`', before: 'receive', after: 'send'},
  },
  {
    id: 'operation-id-changed',
    title: "An operation's identifier (operationId) changed",
    send: 'behaviour',
    receive: 'behaviour',
    say: (w) =>
      `The operationId changed from ${code(w.before)} to ${code(w.after)}: the HTTP request is the same, but code generated from the document names it differently.`,
    sample: {item: 'operation', before: 'listOrders', after: 'getOrders'},
  },
  {
    id: 'parameter-renamed',
    title: 'A path or channel parameter renamed (the address is the same)',
    send: 'compatible',
    receive: 'compatible',
    only: 'send',
    say: (w) =>
      `${capital(w.detail ?? 'parameter')} ${code(w.before)} renamed to ${code(w.after)}: the address a client uses is the same; code generated from the document names it differently.`,
    sample: {item: 'path parameter `order_id`', detail: 'path parameter', before: 'id', after: 'order_id'},
  },
  {
    id: 'description-changed',
    title: 'A description, summary or title changed',
    send: 'docs',
    receive: 'docs',
    say: (w) => `${capital(w.item)}: ${w.detail ?? 'description'} reworded.`,
    sample: {
      send: {item: 'query parameter `limit`', detail: 'description'},
      receive: {item: 'field `limit` of the 200 response', detail: 'description'},
    },
  },
  {
    id: 'example-changed',
    title: 'An example changed',
    send: 'docs',
    receive: 'docs',
    say: (w) => `${capital(w.item)}: example changed.`,
    sample: {item: 'field `order_ref`'},
  },
] as const satisfies ReadonlyArray<Omit<Rule, 'id'> & {id: string}>;

export type RuleId = (typeof RULE_LIST)[number]['id'];

export const RULES: ReadonlyMap<RuleId, Rule> = new Map(RULE_LIST.map((r) => [r.id, r as unknown as Rule]));

/** What happens to the item a rule is about: it appears, it goes away, or it changes. */
export type Action = 'added' | 'removed' | 'changed';

/** Each rule's action (a typed table: a new rule cannot be left out). */
export const RULE_ACTION: Readonly<Record<RuleId, Action>> = {
  'operation-added': 'added',
  'operation-removed': 'removed',
  'message-added': 'added',
  'message-removed': 'removed',
  'removed-as-announced': 'removed',
  'removed-before-sunset': 'removed',
  'required-field-added': 'added',
  'optional-field-added': 'added',
  'field-removed': 'removed',
  'field-became-required': 'changed',
  'field-became-optional': 'changed',
  'enum-value-added': 'changed',
  'enum-value-removed': 'changed',
  'constraint-narrowed': 'changed',
  'constraint-widened': 'changed',
  'constraint-changed': 'changed',
  'default-changed': 'changed',
  deprecated: 'changed',
  undeprecated: 'changed',
  'sunset-changed': 'changed',
  'response-added': 'added',
  'error-response-added': 'added',
  'response-removed': 'removed',
  'error-response-removed': 'removed',
  'media-type-added': 'added',
  'media-type-removed': 'removed',
  'serialization-changed': 'changed',
  'security-changed': 'changed',
  'security-scheme-changed': 'changed',
  'server-added': 'added',
  'server-removed': 'removed',
  'server-changed': 'changed',
  'channel-address-changed': 'changed',
  'action-changed': 'changed',
  'operation-id-changed': 'changed',
  'parameter-renamed': 'changed',
  'description-changed': 'changed',
  'example-changed': 'changed',
};

export function rule(id: RuleId): Rule {
  const found = RULES.get(id);
  if (found === undefined) throw new Error(`No classification rule ${id}`);
  return found;
}

function stricter(a: Verdict, b: Verdict): Verdict {
  return VERDICT_ORDER.indexOf(a) <= VERDICT_ORDER.indexOf(b) ? a : b;
}

/**
 * The verdict and sentence of one use. A use that goes both ways takes the stricter side (its
 * verdict and its sentence): what breaks one side breaks the reader.
 */
export function judge(id: RuleId, direction: Direction, words: Words): {verdict: Verdict; text: string} {
  const r = rule(id);
  const side: 'send' | 'receive' =
    direction === 'both' ? (stricter(r.send, r.receive) === r.send ? 'send' : 'receive') : direction;
  return {verdict: r[side], text: r.say(words, side)};
}
