/**
 * An amendment corrects a release's documents; the API itself did not change. Its computed
 * changes keep their rule, direction and verdict (the badges and "changes since" read them), but
 * a reader is told what the earlier text said, what the corrected text says, and what to check
 * if they built from the earlier text: never "Breaking", never a sentence about what the server
 * now refuses. Pure and browser-free.
 */
import type {Change} from './diff';
import {capital, code, rule, VERDICT_ORDER, type RuleId, type Verdict, type Words} from './changes/rules';

export interface Correction {
  /** What the earlier text said about the item: "listed field `trade.header`". */
  earlier: string;
  /** What the corrected text says: "does not list it". */
  corrected: string;
  /** What a reader who built from the earlier text should do: "do not rely on it: it is not there". */
  check: string;
  /** Whether that reader has something to check (else `check` says there is nothing to undo). */
  action: boolean;
}

type Side = 'send' | 'receive';

function listOf(values: unknown[] | undefined): string {
  const items = (values ?? []).map(code);
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`;
}

function them(values: unknown[] | undefined): string {
  return (values ?? []).length > 1 ? 'them' : 'it';
}

/** What the reader sends there, in the plural ("requests", "messages"). */
function sent(w: Words): string {
  return w.sends ?? 'requests';
}

const NOTHING = 'nothing to undo';

/**
 * A constraint's detail ("maximum of 9999 added", "maximum length lowered from 100 to 50",
 * "pattern changed from `a` to `b`") read as the rule before and after; anything else is shown whole.
 */
export function ruleBeforeAfter(detail: string | undefined): {before: string; after: string} {
  const text = detail ?? '';
  const added = /^(.+) of (.+?) added$/.exec(text);
  if (added) return {before: `no ${added[1] ?? ''}`, after: `a ${added[1] ?? ''} of ${added[2] ?? ''}`};
  const removed = /^(.+) of (.+?) removed$/.exec(text);
  if (removed)
    return {before: `a ${removed[1] ?? ''} of ${removed[2] ?? ''}`, after: `no ${removed[1] ?? ''}`};
  const moved = /^(.+?) (?:raised|lowered|changed) from (.+) to (.+)$/.exec(text);
  if (moved)
    return {
      before: `a ${moved[1] ?? ''} of ${moved[2] ?? ''}`,
      after: `a ${moved[1] ?? ''} of ${moved[3] ?? ''}`,
    };
  return {before: 'a different rule', after: text || 'a different rule'};
}

const shown = (value: unknown): string => (value === undefined || value === null ? 'none' : code(value));

type Say = (w: Words, side: Side) => Omit<Correction, 'action'>;

/** Every rule, as a correction. A rule added to rules.ts without words here fails the type check. */
const SAY: Record<RuleId, Say> = {
  'operation-added': () => ({
    earlier: 'did not document this operation',
    corrected: 'documents it',
    check: `${NOTHING}; you may call it as documented`,
  }),
  'operation-removed': () => ({
    earlier: 'documented this operation',
    corrected: 'does not: it is not part of the API',
    check: 'remove calls to it',
  }),
  'message-added': (_w, side) => ({
    earlier: 'did not list this message',
    corrected: 'lists it',
    check: side === 'send' ? `${NOTHING}; you may send it` : 'make sure clients handle or ignore it',
  }),
  'message-removed': (_w, side) => ({
    earlier: 'listed this message',
    corrected: 'does not',
    check: side === 'send' ? 'do not send it' : 'do not wait for it: it is not sent',
  }),
  'removed-as-announced': (w, side) => ({
    earlier: `listed ${w.item} as deprecated`,
    corrected: 'does not list it',
    check: side === 'send' ? 'stop using it' : 'do not rely on it: it is not there',
  }),
  'removed-before-sunset': (w, side) => ({
    earlier: `listed ${w.item} as deprecated`,
    corrected: 'does not list it',
    check: side === 'send' ? 'stop using it' : 'do not rely on it: it is not there',
  }),
  'required-field-added': (w, side) => ({
    earlier: `did not list ${w.item}`,
    corrected: 'lists it as required',
    check: side === 'send' ? `make sure your ${sent(w)} include it` : `${NOTHING}; it is always present`,
  }),
  'optional-field-added': (w, side) => ({
    earlier: `did not list ${w.item}`,
    corrected: 'lists it as optional',
    check: side === 'send' ? `${NOTHING}; you may include it` : `${NOTHING}; read it when it is present`,
  }),
  'field-removed': (w, side) => ({
    earlier: `listed ${w.item}`,
    corrected: 'does not',
    check: side === 'send' ? `leave it out of your ${sent(w)}` : 'do not rely on it: it is not there',
  }),
  'field-became-required': (w, side) => ({
    earlier: `had ${w.item} as optional`,
    corrected: 'has it as required',
    check:
      side === 'send' ? `make sure your ${sent(w)} always include it` : `${NOTHING}; it is always present`,
  }),
  'field-became-optional': (w, side) => ({
    earlier: `had ${w.item} as required`,
    corrected: 'has it as optional',
    check: side === 'send' ? `${NOTHING}; you may leave it out` : 'make sure clients handle it being absent',
  }),
  'enum-value-added': (w, side) => ({
    earlier: `did not list ${listOf(w.values)} for ${w.item}`,
    corrected: `lists ${them(w.values)}`,
    check:
      side === 'send'
        ? `${NOTHING}; you may also send ${them(w.values)}`
        : `make sure clients accept ${listOf(w.values)}`,
  }),
  'enum-value-removed': (w, side) => ({
    earlier: `listed ${listOf(w.values)} for ${w.item}`,
    corrected: `does not`,
    check:
      side === 'send'
        ? `stop sending ${listOf(w.values)}`
        : `${NOTHING}; you will not receive ${them(w.values)}`,
  }),
  'constraint-narrowed': (w, side) => {
    const {before, after} = ruleBeforeAfter(w.detail);
    return {
      earlier: `gave ${w.item} ${before}`,
      corrected: `gives it ${after}`,
      check:
        side === 'send'
          ? `make sure what your ${sent(w)} put there meets the corrected rule`
          : `${NOTHING}; what you receive meets the corrected rule`,
    };
  },
  'constraint-widened': (w, side) => {
    const {before, after} = ruleBeforeAfter(w.detail);
    return {
      earlier: `gave ${w.item} ${before}`,
      corrected: `gives it ${after}`,
      check:
        side === 'send'
          ? `${NOTHING}; more values are valid than you were told`
          : 'make sure clients accept values outside the earlier rule',
    };
  },
  'constraint-changed': (w, side) => {
    const {before, after} = ruleBeforeAfter(w.detail);
    return {
      earlier: `gave ${w.item} ${before}`,
      corrected: `gives it ${after}`,
      check:
        side === 'send'
          ? `make sure what your ${sent(w)} put there meets the corrected rule`
          : 'make sure clients accept values of the corrected rule',
    };
  },
  'default-changed': (w, side) => ({
    earlier: `gave ${w.item} the default ${shown(w.before)}`,
    corrected: `gives it ${w.after === undefined ? 'no documented default' : `the default ${code(w.after)}`}`,
    check:
      side === 'send'
        ? `if you leave it out and relied on ${shown(w.before)}, send ${shown(w.before)} explicitly`
        : NOTHING,
  }),
  deprecated: (w) => ({
    earlier: `did not deprecate ${w.item}`,
    corrected: `deprecates it${w.sunset !== undefined ? `, with the sunset date ${w.sunset}` : ''}`,
    check: 'plan to stop using it',
  }),
  undeprecated: (w) => ({
    earlier: `deprecated ${w.item}`,
    corrected: 'does not',
    check: `${NOTHING}; you may keep using it`,
  }),
  'sunset-changed': (w) => ({
    earlier: `gave ${w.item} the sunset date ${w.before === undefined ? 'none' : String(w.before)}`,
    corrected: `gives it ${w.after === undefined ? 'none' : String(w.after)}`,
    check: 'plan by the corrected date',
  }),
  'response-added': (w) => ({
    earlier: `did not document ${w.item}`,
    corrected: 'documents it',
    check: 'make sure clients handle it',
  }),
  'error-response-added': (w) => ({
    earlier: `did not document ${w.item}`,
    corrected: 'documents it',
    check: 'make sure clients handle it',
  }),
  'response-removed': (w) => ({
    earlier: `documented ${w.item}`,
    corrected: 'does not',
    check: 'do not rely on it',
  }),
  'error-response-removed': (w) => ({
    earlier: `documented ${w.item}`,
    corrected: 'does not',
    check: `${NOTHING}; handling it does no harm`,
  }),
  'media-type-added': (w) => ({
    earlier: `did not list ${code(w.after)} for ${w.item}`,
    corrected: 'lists it',
    check: NOTHING,
  }),
  'media-type-removed': (w) => ({
    earlier: `listed ${code(w.before)} for ${w.item}`,
    corrected: 'does not',
    check: `use another content type`,
  }),
  'serialization-changed': (w) => ({
    earlier: `wrote ${w.item} differently`,
    corrected: `${w.detail ?? 'writes it as the document now says'}`,
    check: 'write it as the corrected text says',
  }),
  'security-changed': (w) => ({
    earlier: 'asked for other credentials',
    corrected: `${w.detail ?? 'asks for other credentials'}`,
    check: 'authenticate as the corrected text says',
  }),
  'security-scheme-changed': (w) => ({
    earlier: `described the credentials of ${w.item} differently`,
    corrected: `${w.detail ?? 'describes them anew'}`,
    check: 'authenticate as the corrected text says',
  }),
  'server-added': (w) => ({
    earlier: `did not list server ${w.item}`,
    corrected: 'lists it',
    check: NOTHING,
  }),
  'server-removed': (w) => ({
    earlier: `listed server ${w.item}`,
    corrected: 'does not',
    check: 'connect to a server the corrected text lists',
  }),
  'server-changed': (w) => ({
    earlier: `gave server ${w.item} another address`,
    corrected: `${w.detail ?? 'gives its address anew'}`,
    check: 'connect to the address the corrected text gives',
  }),
  'channel-address-changed': (w) => ({
    earlier: `gave the channel the address ${shown(w.before)}`,
    corrected: `gives it ${shown(w.after)}`,
    check: 'connect to the corrected address',
  }),
  'action-changed': (w) => ({
    earlier: `had operation ${w.item} ${code(w.before)}`,
    corrected: `has it ${code(w.after)}`,
    check: 'swap sending and receiving',
  }),
  'operation-id-changed': (w) => ({
    earlier: `named the operation ${code(w.before)}`,
    corrected: `names it ${code(w.after)}`,
    check: 'code generated from the earlier text names it differently; the HTTP request is the same',
  }),
  'parameter-renamed': (w) => ({
    earlier: `named ${w.detail ?? 'parameter'} ${code(w.before)}`,
    corrected: `names it ${code(w.after)}`,
    check: 'code generated from the earlier text names it differently; the address is the same',
  }),
  'description-changed': (w) => ({
    earlier: `worded the ${w.detail ?? 'description'} of ${w.item} differently`,
    corrected: 'rewords it',
    check: NOTHING,
  }),
  'example-changed': (w) => ({
    earlier: `gave another example for ${w.item}`,
    corrected: 'corrects it',
    check: NOTHING,
  }),
};

/** Verdicts after which a reader who built from the earlier text has something to check. */
const TO_CHECK: ReadonlySet<Verdict> = new Set<Verdict>([
  'breaking',
  'check',
  'behaviour',
  'announced',
  'deprecation',
]);

/**
 * The correction a change of an amendment stands for, on the reader's side of that use (the
 * side its verdict was judged for).
 */
export function correctionOf(change: Pick<Change, 'rule' | 'direction' | 'words' | 'verdict'>): Correction {
  const r = rule(change.rule);
  // A use both ways was judged on its stricter side (rules.ts judge): the correction speaks of that side.
  const side: Side =
    change.direction === 'both'
      ? VERDICT_ORDER.indexOf(r.send) <= VERDICT_ORDER.indexOf(r.receive)
        ? 'send'
        : 'receive'
      : change.direction;
  const said = SAY[change.rule](change.words, side);
  return {...said, action: TO_CHECK.has(change.verdict)};
}

/** The correction as one paragraph, for the feed and the JSON file. */
export function correctionText(c: Correction): string {
  return `The earlier text ${c.earlier}; the corrected text ${c.corrected}. If you followed the earlier text: ${c.check}.`;
}

/** First letter up (re-exported for the page). */
export {capital};
