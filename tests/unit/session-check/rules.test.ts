/**
 * The rule table quotes the documents: each quote is found, word for word, where the rule says it
 * is. And the WebSocket mock refuses by the same table (scripts/mock/ws.ts uses channelOrderStep).
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {channelOrderStep, SESSION_RULES} from '@site/plugins/session-check/client/rules';
import {atPointer} from '@site/plugins/api-reference/document';
import {specWs} from '../../helpers/specModels';

const ROOT = path.resolve(__dirname, '../../..');
const words = (text: string): string => text.replace(/\s+/g, ' ').trim();

describe('session rules', () => {
  it('every rule’s words are in the document and place it names', async () => {
    const {asyncapi} = await specWs();
    for (const rule of SESSION_RULES) {
      const {file, place, words: quote} = rule.where;
      const text =
        file === 'specs/asyncapi.yaml'
          ? String(atPointer(asyncapi, place))
          : readFileSync(path.join(ROOT, file), 'utf8');
      expect(words(text), `${rule.id}: ${file} ${place}`).toContain(words(quote));
      if (file === 'docs/websockets.mdx') expect(text).toContain(`## ${place}`);
    }
  });

  it('rules the documents do not publish are listed as not checked', () => {
    const unchecked = SESSION_RULES.filter((r) => !r.checked).map((r) => r.id);
    expect(unchecked).toEqual([
      'second-subscription-answer',
      'unsubscribe-answer',
      'seq-start',
      'order-final-status',
    ]);
    for (const rule of SESSION_RULES.filter((r) => !r.checked))
      expect(rule.where.words).toMatch(/does not publish|publishes no|without the/);
  });

  it('the order step: subscription first, once, and again after an unsubscription', () => {
    const channel = {subscription: 'subscribe_order_channel', unsubscriptions: ['unsubscribe_channel']};
    expect(channelOrderStep(false, 'new_order', channel).broken?.rule).toBe('subscribe-first');
    expect(channelOrderStep(false, 'subscribe_order_channel', channel)).toEqual({subscribed: true});
    expect(channelOrderStep(true, 'subscribe_order_channel', channel).broken?.rule).toBe('one-subscription');
    expect(channelOrderStep(true, 'unsubscribe_channel', channel)).toEqual({subscribed: false});
    expect(channelOrderStep(true, 'new_order', channel)).toEqual({subscribed: true});
  });

  it('the WebSocket mock takes its order rules from this table', () => {
    const mock = readFileSync(path.join(ROOT, 'scripts/mock/ws.ts'), 'utf8');
    expect(mock).toContain("from '../../plugins/session-check/client/rules'");
    expect(mock).toContain('channelOrderStep(');
    expect(mock).not.toMatch(/one subscription per channel per connection`/);
  });
});
