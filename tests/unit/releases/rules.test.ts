/**
 * Every sentence the classification can produce, checked against a table of change × direction
 * written here from what each change means for a reader (issue 30's list), not from the code: the
 * verdict must be the expected one, and the words must not contradict the change.
 */
import {describe, expect, it} from 'vitest';
import {
  judge,
  RULES,
  VERDICT_IMPACT,
  type RuleId,
  type Verdict,
} from '../../../plugins/releases/changes/rules';
import {publishedRules, sampleFor} from '../../../plugins/releases/changes/published';

/** What each change means where the reader sends it and where the reader receives it. */
const EXPECTED: Record<RuleId, {send: Verdict; receive: Verdict}> = {
  'operation-added': {send: 'addition', receive: 'addition'},
  'operation-removed': {send: 'breaking', receive: 'breaking'},
  'message-added': {send: 'addition', receive: 'behaviour'},
  'message-removed': {send: 'breaking', receive: 'breaking'},
  'removed-as-announced': {send: 'announced', receive: 'announced'},
  'removed-before-sunset': {send: 'breaking', receive: 'breaking'},
  'required-field-added': {send: 'breaking', receive: 'addition'},
  'optional-field-added': {send: 'addition', receive: 'addition'},
  'field-removed': {send: 'check', receive: 'breaking'},
  'field-became-required': {send: 'breaking', receive: 'compatible'},
  'field-became-optional': {send: 'compatible', receive: 'breaking'},
  'enum-value-added': {send: 'compatible', receive: 'breaking'},
  'enum-value-removed': {send: 'breaking', receive: 'compatible'},
  'constraint-narrowed': {send: 'breaking', receive: 'compatible'},
  'constraint-widened': {send: 'compatible', receive: 'breaking'},
  'constraint-changed': {send: 'breaking', receive: 'breaking'},
  'default-changed': {send: 'behaviour', receive: 'compatible'},
  deprecated: {send: 'deprecation', receive: 'deprecation'},
  undeprecated: {send: 'compatible', receive: 'compatible'},
  'sunset-changed': {send: 'behaviour', receive: 'behaviour'},
  'response-added': {send: 'behaviour', receive: 'behaviour'},
  'error-response-added': {send: 'behaviour', receive: 'behaviour'},
  'response-removed': {send: 'breaking', receive: 'breaking'},
  'error-response-removed': {send: 'compatible', receive: 'compatible'},
  'media-type-added': {send: 'addition', receive: 'addition'},
  'media-type-removed': {send: 'breaking', receive: 'breaking'},
  'serialization-changed': {send: 'breaking', receive: 'breaking'},
  'security-changed': {send: 'breaking', receive: 'breaking'},
  'security-scheme-changed': {send: 'breaking', receive: 'breaking'},
  'server-added': {send: 'addition', receive: 'addition'},
  'server-removed': {send: 'breaking', receive: 'breaking'},
  'server-changed': {send: 'breaking', receive: 'breaking'},
  'channel-address-changed': {send: 'breaking', receive: 'breaking'},
  'action-changed': {send: 'breaking', receive: 'breaking'},
  'operation-id-changed': {send: 'behaviour', receive: 'behaviour'},
  'parameter-renamed': {send: 'compatible', receive: 'compatible'},
  'description-changed': {send: 'docs', receive: 'docs'},
  'example-changed': {send: 'docs', receive: 'docs'},
};

/** Words a sentence of that kind of change must (and must not) use. */
const SAYS: Partial<Record<RuleId, {must: RegExp; never: RegExp}>> = {
  'enum-value-added': {must: /now (also accepts|be)/, never: /removed|no longer|refused/},
  'enum-value-removed': {must: /no longer/, never: /added|now also|ready to receive/},
  'required-field-added': {must: /^New/, never: /removed|optional/},
  'optional-field-added': {must: /^New optional/, never: /removed|required/},
  'field-removed': {must: /removed/, never: /added|new /i},
  'field-became-required': {must: /required|always present/, never: /optional/},
  'field-became-optional': {must: /optional/, never: /required/},
  'constraint-narrowed': {
    must: /refused|within the previous rules/,
    never: /More values are accepted|outside/,
  },
  'constraint-widened': {
    must: /More values are accepted|outside the previous rules/,
    never: /refused|within/,
  },
  'default-changed': {must: /now get|default is now/, never: /refused/},
  deprecated: {must: /deprecated/, never: /no longer deprecated|removed/},
  undeprecated: {must: /no longer deprecated/, never: /sunset/},
  'removed-as-announced': {
    must: /removed as announced.*(now fail|no longer|may now be refused)/,
    never: /before/,
  },
  'removed-before-sunset': {must: /before its sunset date/, never: /as announced/},
};

/** A consequence a reader can act on, for anything breaking; none of those for what is compatible. */
const CONSEQUENCE = /refused|must|fail|no longer find|not receive|another response|switch|connect to/;

describe('classification rules: every sentence against change × direction', () => {
  it('the table covers every rule, and nothing else', () => {
    expect([...RULES.keys()].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [id, expected] of Object.entries(EXPECTED) as Array<
    [RuleId, {send: Verdict; receive: Verdict}]
  >) {
    it(`${id}: verdicts and words for each direction`, () => {
      const rule = RULES.get(id);
      if (rule === undefined) throw new Error(`no rule ${id}`);
      for (const side of ['send', 'receive'] as const) {
        const {verdict, text} = judge(id, side, sampleFor(rule, side));
        expect(verdict, `${id} where the reader ${side}s`).toBe(expected[side]);
        expect(text, `${id} ${side}`).not.toMatch(/undefined|null|\[object|``/);
        expect(text.charAt(0)).toBe(text.charAt(0).toUpperCase());
        expect(text.endsWith('.')).toBe(true);
        if (verdict === 'breaking') expect(text, `${id} ${side} says what breaks`).toMatch(CONSEQUENCE);
        if (verdict === 'compatible' || verdict === 'docs' || verdict === 'addition')
          expect(text, `${id} ${side} is not alarming`).not.toMatch(/refused|fail|will not/);
        const says = SAYS[id];
        if (says !== undefined) {
          expect(text, `${id} ${side}`).toMatch(says.must);
          expect(text, `${id} ${side}`).not.toMatch(says.never);
        }
      }
      // Both ways: the stricter side.
      const both = judge(id, 'both', sampleFor(rule, 'send'));
      const order = [
        'breaking',
        'check',
        'behaviour',
        'announced',
        'deprecation',
        'addition',
        'compatible',
        'docs',
      ];
      const strictest =
        order.indexOf(expected.send) <= order.indexOf(expected.receive) ? expected.send : expected.receive;
      expect(both.verdict).toBe(strictest);
    });
  }

  it('verdicts map to semantic versioning: breaking is major, deprecations and behaviour changes minor, documentation patch', () => {
    expect(VERDICT_IMPACT.breaking).toBe('major');
    for (const v of ['check', 'behaviour', 'deprecation', 'announced', 'addition'] as const)
      expect(VERDICT_IMPACT[v]).toBe('minor');
    expect(VERDICT_IMPACT.compatible).toBe('patch');
    expect(VERDICT_IMPACT.docs).toBe('patch');
  });

  it('the published table is the rules: one row per rule, each example written by the rule for its side', () => {
    const published = publishedRules();
    expect(published.map((r) => r.id)).toEqual([...RULES.keys()]);
    for (const row of published) {
      const rule = RULES.get(row.id);
      for (const side of ['send', 'receive'] as const) {
        const cell = row[side];
        if (rule?.only !== undefined && rule.only !== side) expect(cell).toBeUndefined();
        else {
          expect(cell?.verdict).toBe(EXPECTED[row.id][side]);
          expect(cell?.example).toBe(judge(row.id, side, rule ? sampleFor(rule, side) : {item: ''}).text);
        }
      }
    }
  });

  it('the published examples read as examples: no version or date that looks real, ‹placeholders› instead', () => {
    const examples = publishedRules().flatMap((r) => [r.send?.example, r.receive?.example]);
    for (const example of examples.filter((e): e is string => e !== undefined)) {
      expect(example).not.toMatch(/\b\d+\.\d+\.\d+\b/);
      expect(example).not.toMatch(/\b\d{4}-\d{2}-\d{2}\b/);
    }
    const announced = publishedRules().find((r) => r.id === 'removed-as-announced');
    expect(announced?.send?.example).toBe(
      'Operation removed as announced in ‹version› (sunset ‹date›): calls to it now fail.',
    );
  });

  it('each example is a true sentence for its column: the send column names what you send, the receive column what you receive', () => {
    for (const row of publishedRules()) {
      if (row.send !== undefined)
        expect(row.send.example, `${row.id} where you send it`).not.toMatch(/response/);
      if (row.receive !== undefined)
        expect(row.receive.example, `${row.id} where you receive it`).not.toMatch(
          /request body|query parameter|path parameter|\brequests\b/i,
        );
    }
  });
});

describe('sentences a reader can act on', () => {
  it('an announced removal says what now fails, on each side', () => {
    const words = {announcedIn: '2.1.0', sunset: '2026-01-31'};
    expect(judge('removed-as-announced', 'send', {item: 'operation', ...words}).text).toBe(
      'Operation removed as announced in 2.1.0 (sunset 2026-01-31): calls to it now fail.',
    );
    expect(judge('removed-as-announced', 'send', {item: 'query parameter `price_from`', ...words}).text).toBe(
      'Query parameter `price_from` removed as announced in 2.1.0 (sunset 2026-01-31): requests that still use it may now be refused.',
    );
    expect(
      judge('removed-as-announced', 'receive', {item: 'message', sends: 'messages', ...words}).text,
    ).toMatch(/clients will no longer receive it\.$/);
  });

  it('a deprecation whose sunset has passed at the release says so, and asks to stop now', () => {
    const item = 'query parameter `price_from`';
    expect(judge('deprecated', 'send', {item, sunset: '2027-06-30', asOf: '2026-11-01'}).text).toBe(
      'Query parameter `price_from` deprecated, sunset 2027-06-30: plan to stop using it by then.',
    );
    const passed = judge('deprecated', 'send', {item, sunset: '2026-01-31', asOf: '2026-11-01'}).text;
    expect(passed).not.toContain('by then');
    expect(passed).toBe(
      'Query parameter `price_from` deprecated, sunset 2026-01-31, a date already passed: stop using it now, as it can go in any release.',
    );
  });
});
