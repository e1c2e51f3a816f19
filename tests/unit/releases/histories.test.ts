/**
 * Each operation's and message's History, from the product's recorded release and its amendments:
 * the same lines as /version-history, one entry per element and entry (a message carried by several
 * channels is one element), corrections read as corrections.
 */
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {historyCandidates} from '../../../plugins/releases/marks';
import {pathsIn} from '../../../plugins/releases/commands';
import {history} from '../../../plugins/releases/store';

const ROOT = path.resolve(__dirname, '../../..');

describe('element histories', () => {
  it("the product's amendments reach the elements they corrected, once per element", async () => {
    const entries = await history(path.join(ROOT, 'specs/releases'), pathsIn(ROOT).working);
    const histories = historyCandidates(entries);
    const keys = histories.map((h) => `${h.api}:${h.anchor}:${h.entry.title}`);
    expect(new Set(keys).size).toBe(keys.length);
    const confirmation = histories.filter((h) => h.anchor === 'channel_subscription_confirmation');
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]?.entry).toMatchObject({
      title: '2.0.0, amendment 2',
      href: '/version-history#v2-0-0-amendment-2',
      correction: true,
    });
    expect(confirmation[0]?.entry.lines).toEqual([
      {
        label: 'Correction',
        breaking: false,
        text: 'The earlier text had field `channel_subscription_confirmation.heartbeat_interval` as optional; the corrected text has it as required.',
      },
    ]);
    // The first recorded release changed nothing: only amendments appear.
    expect(histories.every((h) => h.entry.correction === true)).toBe(true);
    // Every line of an element's entry is a line of that entry on the history page: nothing invented.
    expect(histories.every((h) => h.entry.lines.length > 0)).toBe(true);
  });
});
