import {describe, expect, it} from 'vitest';
import {
  assignLayers,
  charsFitting,
  layoutFlow,
  layoutSequence,
  layoutState,
  textWidth,
  wrapText,
} from '../../../src/components/Diagram/layout';

/** Every number in a layout, however deeply nested (path strings included). */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') return (value.match(/-?[\d.]+|NaN|Infinity/g) ?? []).map(Number);
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(numbersIn);
  return [];
}

function expectFinite(value: unknown): void {
  const bad = numbersIn(value).filter((n) => !Number.isFinite(n));
  expect(bad).toEqual([]);
}

describe('wrapText', () => {
  it('keeps short text on one line', () => {
    expect(wrapText('GET /api/instruments', 40)).toEqual(['GET /api/instruments']);
  });

  it('wraps at word boundaries within the limit', () => {
    const lines = wrapText('POST /api/settlement-request with trade_ids and request_amounts', 20);
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(20);
    expect(lines.join(' ')).toBe(
      'POST /api/settlement-request with trade_ids and request_amounts'.replace(
        'settlement-request',
        'settlement- request',
      ),
    );
  });

  it('breaks a word longer than a line, preferring a soft break after _', () => {
    const lines = wrapText('settlement_request_amount_id', 16);
    expect(lines).toEqual(['settlement_', 'request_amount_', 'id']);
  });

  it('hard-breaks a long word with no soft break', () => {
    const lines = wrapText('A'.repeat(25), 10);
    expect(lines).toEqual(['A'.repeat(10), 'A'.repeat(10), 'A'.repeat(5)]);
  });

  it('returns one empty line for empty text and never a line over the limit', () => {
    expect(wrapText('   ', 10)).toEqual(['']);
    const text = 'a bb ccc dddd eeeee ffffff ggggggg hhhhhhhh iiiiiiiii jjjjjjjjjj kkkkkkkkkkk';
    for (const line of wrapText(text, 9)) expect(line.length).toBeLessThanOrEqual(9);
  });

  it('relates text width and characters that fit', () => {
    expect(charsFitting(textWidth(30))).toBeGreaterThanOrEqual(29);
    expect(charsFitting(1)).toBe(4);
  });
});

describe('layoutSequence', () => {
  const participants = ['Client', 'REST API', 'Provider'];

  it('places one column per participant and one row per step, top to bottom', () => {
    const layout = layoutSequence(participants, [
      {from: 'Client', to: 'REST API', label: 'POST'},
      {from: 'REST API', to: 'Client', label: '202', kind: 'reply'},
      {from: 'Client', to: 'Provider', label: 'transfer'},
    ]);
    expect(layout.participants.map((p) => p.name)).toEqual(participants);
    const xs = layout.participants.map((p) => p.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    const ys = layout.steps.map((s) => s.y);
    expect(ys[0]).toBeLessThan(ys[1] as number);
    expect(ys[1]).toBeLessThan(ys[2] as number);
    expect(layout.steps[1]?.x1).toBe(xs[1]);
    expect(layout.steps[1]?.x2).toBe(xs[0]);
    expect(layout.height).toBeGreaterThan(ys[2] as number);
    expectFinite(layout);
  });

  it('wraps a long label and makes its row taller', () => {
    const short = layoutSequence(participants, [{from: 'Client', to: 'REST API', label: 'x'}]);
    const long = layoutSequence(participants, [
      {
        from: 'Client',
        to: 'REST API',
        label:
          'GET /api/settlement-requests/{settlement_request_id}/status until ready, then read the details of every amount',
      },
    ]);
    expect(long.steps[0]?.lines.length).toBeGreaterThan(1);
    expect(long.height).toBeGreaterThan(short.height);
    const span = Math.abs((long.steps[0]?.x2 ?? 0) - (long.steps[0]?.x1 ?? 0));
    for (const line of long.steps[0]?.lines ?? []) expect(textWidth(line.length)).toBeLessThanOrEqual(span);
  });

  it('groups consecutive steps with an alternative into one frame with a section per alternative', () => {
    const layout = layoutSequence(participants, [
      {from: 'Client', to: 'REST API', label: 'place'},
      {from: 'REST API', to: 'Client', label: 'execution', kind: 'reply', alternative: 'accepted'},
      {from: 'REST API', to: 'Client', label: 'trade', kind: 'stream', alternative: 'accepted'},
      {from: 'REST API', to: 'Client', label: 'status', kind: 'reply', alternative: 'rejected'},
      {from: 'Client', to: 'Provider', label: 'after'},
    ]);
    expect(layout.frames).toHaveLength(1);
    const frame = layout.frames[0];
    expect(frame?.sections.map((s) => s.name)).toEqual(['accepted', 'rejected']);
    const inside = layout.steps.slice(1, 4).map((s) => s.y);
    for (const y of inside) {
      expect(y).toBeGreaterThan(frame?.y ?? Infinity);
      expect(y).toBeLessThan((frame?.y ?? 0) + (frame?.height ?? 0));
    }
    expect(layout.steps[4]?.y).toBeGreaterThan((frame?.y ?? 0) + (frame?.height ?? 0));
    expectFinite(layout);
  });

  it('lays out notes and self messages', () => {
    const layout = layoutSequence(
      ['A', 'B'],
      [
        {from: 'A', to: 'B', label: 'a note spanning both', kind: 'note'},
        {from: 'B', to: 'B', label: 'aggregate per instrument and side'},
      ],
    );
    expect(layout.steps[0]?.box).toBeDefined();
    expect(layout.steps[1]?.self).toBe(true);
    // The loop and its label stay inside the picture.
    expect(layout.width).toBeGreaterThan((layout.steps[1]?.labelX ?? 0) + 40);
    expectFinite(layout);
  });

  it('rejects a step naming an unknown participant', () => {
    expect(() => layoutSequence(['A'], [{from: 'A', to: 'Z', label: 'x'}])).toThrow(/"Z"/);
    expect(() => layoutSequence([], [])).toThrow(/participant/);
  });
});

describe('assignLayers and layoutState', () => {
  const states = [
    {id: 'RECEIVED', label: 'RECEIVED', initial: true},
    {id: 'CONFIRMED', label: 'CONFIRMED'},
    {id: 'DONE', label: 'DONE', terminal: true},
    {id: 'REJECTED', label: 'REJECTED', terminal: true},
    {id: 'ORPHAN', label: 'ORPHAN'},
  ];
  const transitions = [
    {from: 'RECEIVED', to: 'CONFIRMED', label: 'accepted'},
    {from: 'RECEIVED', to: 'REJECTED'},
    {from: 'CONFIRMED', to: 'DONE'},
    {from: 'CONFIRMED', to: 'RECEIVED', label: 'back'},
  ];

  it('layers by distance from the initial state; unreachable states go last', () => {
    const layers = assignLayers(states, transitions);
    expect(Object.fromEntries(layers)).toEqual({RECEIVED: 0, CONFIRMED: 1, REJECTED: 1, DONE: 2, ORPHAN: 3});
  });

  it('places deeper layers lower and marks terminal states', () => {
    const layout = layoutState(states, transitions);
    const at = new Map(layout.states.map((s) => [s.id, s]));
    expect(at.get('RECEIVED')?.y).toBeLessThan(at.get('CONFIRMED')?.y ?? 0);
    expect(at.get('CONFIRMED')?.y).toBe(at.get('REJECTED')?.y);
    expect(at.get('DONE')?.terminal).toBe(true);
    expect(layout.starts).toHaveLength(1);
    expect(layout.edges).toHaveLength(4);
    for (const s of layout.states) {
      expect(s.x + s.width).toBeLessThanOrEqual(layout.width);
      expect(s.y + s.height).toBeLessThanOrEqual(layout.height);
    }
    expectFinite(layout);
  });

  it('wraps a wide layer onto several rows', () => {
    const many = Array.from({length: 9}, (_, i) => ({id: `S${i}`, label: `STATE_${i}`}));
    const layout = layoutState(
      [{id: 'root', label: 'root', initial: true}, ...many],
      many.map((s) => ({from: 'root', to: s.id})),
    );
    const rows = new Set(layout.states.filter((s) => s.id !== 'root').map((s) => s.y));
    expect(rows.size).toBe(2);
    expectFinite(layout);
  });

  it('rejects a transition to an unknown state', () => {
    expect(() => assignLayers(states, [{from: 'RECEIVED', to: 'NOPE'}])).toThrow(/NOPE/);
  });
});

describe('layoutFlow', () => {
  const steps = Array.from({length: 8}, (_, i) => ({
    label: `Step ${i + 1}`,
    detail: i === 2 ? 'with a much longer detail line that must wrap inside its box' : undefined,
  }));

  it('numbers the steps and wraps rows to the width', () => {
    const layout = layoutFlow(
      steps.map((s) => (s.detail === undefined ? {label: s.label} : {label: s.label, detail: s.detail})),
      800,
    );
    expect(layout.boxes.map((b) => b.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(layout.width).toBeLessThanOrEqual(800);
    expect(new Set(layout.boxes.map((b) => b.y)).size).toBe(2);
    expect(layout.connectors).toHaveLength(7);
    expect(layout.boxes[2]?.detailLines.length).toBeGreaterThan(1);
    expectFinite(layout);
  });

  it('uses one column when narrow and handles an empty list', () => {
    const narrow = layoutFlow([{label: 'a'}, {label: 'b'}], 200);
    expect(narrow.boxes[0]?.x).toBe(narrow.boxes[1]?.x);
    const empty = layoutFlow([]);
    expect(empty.boxes).toEqual([]);
    expectFinite(empty);
  });
});
