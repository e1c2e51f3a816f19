/**
 * The table /version-history publishes ("How changes are classified"): every rule of rules.ts,
 * each side's verdict and an example sentence made by the rule itself, so the page cannot drift
 * from the code. Pure and browser-free.
 */
import {RULES, type Rule, type RuleId} from './rules';
import {VERDICT_LABEL, type Verdict, type Words} from '../client/verdicts';

/** The sample words of a rule for one side (the published table's example there). */
export function sampleFor(r: Rule, side: 'send' | 'receive'): Words {
  return 'send' in r.sample ? r.sample[side] : r.sample;
}

export interface PublishedRule {
  id: RuleId;
  title: string;
  send?: {verdict: Verdict; label: string; example: string};
  receive?: {verdict: Verdict; label: string; example: string};
}

/** The table /version-history publishes: every rule, each side's verdict and an example sentence made by the rule itself. */
export function publishedRules(): PublishedRule[] {
  return [...RULES.values()].map((r) => {
    const side = (s: 'send' | 'receive'): PublishedRule['send'] =>
      r.only !== undefined && r.only !== s
        ? undefined
        : {verdict: r[s], label: VERDICT_LABEL[r[s]], example: r.say(sampleFor(r, s), s)};
    const send = side('send');
    const receive = side('receive');
    return {id: r.id, title: r.title, ...(send ? {send} : {}), ...(receive ? {receive} : {})};
  });
}
