/**
 * Layout for the build-time diagrams: pure functions from diagram data to
 * coordinates. No DOM, no font metrics: text width is estimated from the number
 * of characters, which is good enough for short technical labels and keeps the
 * result identical on the server and in tests.
 *
 * The same code runs again in the browser during hydration, compiled by
 * Docusaurus's Babel in loose mode, where spreading an iterator
 * (`[...map.keys()]`) silently yields `[iterator]`: use Array.from for Maps and
 * Sets (tests/unit/diagram/client-transpile.test.ts checks the two agree).
 */

/** Font size of labels in SVG user units (the SVG scales with its viewBox). */
export const FONT_SIZE = 14;
/** Estimated average glyph width of the sans-serif label font. */
export const CHAR_WIDTH = FONT_SIZE * 0.58;
export const LINE_HEIGHT = 18;

/** Width in user units of a line of `chars` characters. */
export function textWidth(chars: number): number {
  return Math.ceil(chars * CHAR_WIDTH);
}

/** How many characters fit in `width` user units (at least 4). */
export function charsFitting(width: number): number {
  return Math.max(4, Math.floor(width / CHAR_WIDTH));
}

/**
 * Word-wraps `text` to lines of at most `maxChars` characters. Words longer
 * than a line (identifiers such as `settlement_request_amount_id`) are broken
 * after `_`, `/`, `-` or `.` when possible, otherwise hard.
 */
export function wrapText(text: string, maxChars: number): string[] {
  const limit = Math.max(4, Math.floor(maxChars));
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const lines: string[] = [];
  let current = '';
  const pushWord = (word: string): void => {
    let rest = word;
    while (rest.length > limit) {
      const slice = rest.slice(0, limit);
      const soft = Math.max(
        slice.lastIndexOf('_'),
        slice.lastIndexOf('/'),
        slice.lastIndexOf('-'),
        slice.lastIndexOf('.'),
      );
      const cut = soft >= limit / 2 ? soft + 1 : limit;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  };
  for (const word of words) {
    if (current === '') {
      pushWord(word);
    } else if (current.length + 1 + word.length <= limit) {
      current = `${current} ${word}`;
    } else {
      lines.push(current);
      current = '';
      pushWord(word);
    }
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}

/* ------------------------------------------------------------------ sequence */

export type StepKind = 'request' | 'reply' | 'stream' | 'note';

export interface SequenceStep {
  from: string;
  to: string;
  label: string;
  kind?: StepKind;
  alternative?: string;
}

export interface ParticipantBox {
  name: string;
  lines: string[];
  x: number;
  /** Left edge and width of the header box. */
  boxX: number;
  boxWidth: number;
}

export interface StepLayout {
  index: number;
  kind: StepKind;
  /** Vertical position of the arrow (or top of the note). */
  y: number;
  x1: number;
  x2: number;
  /** Arrow from a participant to itself: drawn as a loop to the right. */
  self: boolean;
  lines: string[];
  /** Anchor of the first label line. */
  labelX: number;
  labelY: number;
  labelAnchor: 'start' | 'middle';
  /** Notes only: the box. */
  box?: {x: number; y: number; width: number; height: number};
}

export interface AltSection {
  name: string;
  /** Top of the section (the frame's top for the first section). */
  y: number;
  labelY: number;
}

export interface AltFrame {
  x: number;
  y: number;
  width: number;
  height: number;
  sections: AltSection[];
}

export interface SequenceLayout {
  width: number;
  height: number;
  headerHeight: number;
  lifelineTop: number;
  lifelineBottom: number;
  participants: ParticipantBox[];
  steps: StepLayout[];
  frames: AltFrame[];
}

const SEQ = {
  margin: 16,
  minGap: 170,
  maxGap: 260,
  boxPad: 10,
  rowPad: 14,
  sectionHeader: 24,
  selfLoopWidth: 36,
  noteMinWidth: 160,
} as const;

/**
 * Columns are spaced so that the longest label between two neighbours fits in
 * two lines, within [minGap, maxGap]; longer labels wrap further.
 */
function columnGap(participants: string[], steps: SequenceStep[]): number {
  const index = new Map(participants.map((p, i) => [p, i]));
  // Few participants leave room for wider columns within about 760 units.
  const maxGap = Math.max(SEQ.maxGap, Math.floor(720 / participants.length));
  let needed: number = SEQ.minGap;
  for (const step of steps) {
    const a = index.get(step.from) ?? 0;
    const b = index.get(step.to) ?? 0;
    const span = Math.max(1, Math.abs(a - b));
    const longestWord = Math.max(0, ...step.label.split(/\s+/).map((w) => w.length));
    const chars = Math.max(Math.ceil(step.label.length / 2), longestWord);
    needed = Math.max(needed, (textWidth(chars) + 2 * SEQ.boxPad) / span);
  }
  for (const p of participants) needed = Math.max(needed, textWidth(p.length) + 3 * SEQ.boxPad);
  return Math.min(maxGap, Math.ceil(needed));
}

/** Lays out a sequence diagram; unknown participant names in steps are an error for the author. */
export function layoutSequence(participants: string[], steps: SequenceStep[]): SequenceLayout {
  if (participants.length === 0) throw new Error('SequenceDiagram: at least one participant is needed.');
  const index = new Map(participants.map((p, i) => [p, i]));
  for (const step of steps) {
    for (const name of [step.from, step.to]) {
      if (!index.has(name)) {
        throw new Error(
          `SequenceDiagram: step "${step.label}" names "${name}", which is not among the participants (${participants.join(', ')}).`,
        );
      }
    }
  }
  const gap = columnGap(participants, steps);
  const hasSelfOnLast = steps.some((s) => s.from === s.to && index.get(s.from) === participants.length - 1);
  const framePad = steps.some((s) => s.alternative !== undefined) ? 12 : 0;
  const left = SEQ.margin + framePad + gap / 2;
  const colX = participants.map((_, i) => left + i * gap);
  const lastX = colX[colX.length - 1] ?? left;
  const width = Math.ceil(
    lastX + gap / 2 + framePad + SEQ.margin + (hasSelfOnLast ? SEQ.selfLoopWidth + 90 : 0),
  );

  const headerMaxChars = charsFitting(gap - 3 * SEQ.boxPad);
  const headerLines = participants.map((p) => wrapText(p, headerMaxChars));
  const headerHeight = Math.max(...headerLines.map((l) => l.length)) * LINE_HEIGHT + 2 * SEQ.boxPad;
  const boxes: ParticipantBox[] = participants.map((name, i) => {
    const lines = headerLines[i] ?? [name];
    const boxWidth = Math.min(
      gap - SEQ.boxPad,
      Math.max(...lines.map((l) => textWidth(l.length))) + 2 * SEQ.boxPad,
    );
    const x = colX[i] ?? left;
    return {name, lines, x, boxX: x - boxWidth / 2, boxWidth};
  });

  let y = SEQ.margin + headerHeight + SEQ.rowPad;
  const laidOut: StepLayout[] = [];
  const frames: AltFrame[] = [];
  let frame: AltFrame | null = null;
  const frameLeft = SEQ.margin;
  const frameWidth = width - 2 * SEQ.margin;

  for (const [i, step] of steps.entries()) {
    const kind: StepKind = step.kind ?? 'request';
    const alt = step.alternative;
    if (alt === undefined && frame !== null) {
      frame.height = y - frame.y;
      frames.push(frame);
      frame = null;
      y += SEQ.rowPad;
    }
    if (alt !== undefined) {
      const last: AltSection | undefined = frame?.sections[frame.sections.length - 1];
      if (frame === null) {
        y += 4;
        frame = {x: frameLeft, y, width: frameWidth, height: 0, sections: [{name: alt, y, labelY: y + 16}]};
        y += SEQ.sectionHeader;
      } else if (last !== undefined && last.name !== alt) {
        frame.sections.push({name: alt, y, labelY: y + 16});
        y += SEQ.sectionHeader;
      }
    }
    const a = index.get(step.from) ?? 0;
    const b = index.get(step.to) ?? 0;
    const x1 = colX[a] ?? left;
    const x2 = colX[b] ?? left;
    const self = a === b;

    if (kind === 'note') {
      const lo = Math.min(x1, x2);
      const hi = Math.max(x1, x2);
      const noteWidth = Math.max(SEQ.noteMinWidth, hi - lo + gap * 0.6);
      const lines = wrapText(step.label, charsFitting(noteWidth - 2 * SEQ.boxPad));
      const boxHeight = lines.length * LINE_HEIGHT + 2 * 6;
      const cx = (lo + hi) / 2;
      const box = {
        x: Math.max(SEQ.margin + framePad, cx - noteWidth / 2),
        y,
        width: noteWidth,
        height: boxHeight,
      };
      laidOut.push({
        index: i,
        kind,
        y,
        x1,
        x2,
        self,
        lines,
        labelX: box.x + box.width / 2,
        labelY: y + 6 + FONT_SIZE,
        labelAnchor: 'middle',
        box,
      });
      y += boxHeight + SEQ.rowPad;
      continue;
    }

    const span = self ? gap - SEQ.selfLoopWidth : Math.abs(x2 - x1);
    const lines = wrapText(step.label, charsFitting(span - 2 * SEQ.boxPad));
    const labelHeight = lines.length * LINE_HEIGHT;
    const arrowY = y + labelHeight + 4;
    laidOut.push({
      index: i,
      kind,
      y: arrowY,
      x1,
      x2,
      self,
      lines,
      labelX: self ? x1 + SEQ.selfLoopWidth + 6 : (x1 + x2) / 2,
      labelY: self ? arrowY + 4 : y + FONT_SIZE,
      labelAnchor: self ? 'start' : 'middle',
    });
    y = arrowY + (self ? Math.max(24, labelHeight) + 8 : 0) + SEQ.rowPad;
  }
  if (frame !== null) {
    frame.height = y - frame.y;
    frames.push(frame);
    y += SEQ.rowPad;
  }
  const lifelineTop = SEQ.margin + headerHeight;
  const lifelineBottom = y;
  return {
    width,
    height: Math.ceil(y + SEQ.margin),
    headerHeight,
    lifelineTop,
    lifelineBottom,
    participants: boxes,
    steps: laidOut,
    frames,
  };
}

/* --------------------------------------------------------------------- state */

export interface StateInput {
  id: string;
  label: string;
  initial?: boolean;
  terminal?: boolean;
}

export interface TransitionInput {
  from: string;
  to: string;
  label?: string;
}

export interface StateBox {
  id: string;
  label: string;
  lines: string[];
  initial: boolean;
  terminal: boolean;
  layer: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface EdgeLayout {
  from: string;
  to: string;
  label?: string;
  /** SVG path data. */
  path: string;
  labelX: number;
  labelY: number;
}

export interface StateLayout {
  width: number;
  height: number;
  states: StateBox[];
  edges: EdgeLayout[];
  /** Small filled circle pointing at each initial state. */
  starts: {x: number; y: number; toX: number; toY: number}[];
}

const ST = {
  margin: 16,
  boxWidth: 140,
  boxHeight: 44,
  colGap: 36,
  rowGap: 64,
  startGap: 34,
  maxPerRow: 5,
} as const;

/**
 * Layer of each state: breadth-first distance from the initial states (or from
 * the first state when none is marked initial); states that cannot be reached
 * go to one layer below the deepest.
 */
export function assignLayers(states: StateInput[], transitions: TransitionInput[]): Map<string, number> {
  const ids = new Set(states.map((s) => s.id));
  for (const t of transitions) {
    for (const id of [t.from, t.to]) {
      if (!ids.has(id))
        throw new Error(`StateDiagram: transition ${t.from} → ${t.to} names unknown state "${id}".`);
    }
  }
  const layer = new Map<string, number>();
  const roots = states.filter((s) => s.initial === true).map((s) => s.id);
  const first = states[0];
  if (roots.length === 0 && first !== undefined) roots.push(first.id);
  const queue = [...roots];
  for (const r of roots) layer.set(r, 0);
  while (queue.length > 0) {
    const id = queue.shift() as string;
    const depth = layer.get(id) ?? 0;
    for (const t of transitions) {
      if (t.from === id && !layer.has(t.to)) {
        layer.set(t.to, depth + 1);
        queue.push(t.to);
      }
    }
  }
  const deepest = Math.max(-1, ...Array.from(layer.values()));
  for (const s of states) if (!layer.has(s.id)) layer.set(s.id, deepest + 1);
  return layer;
}

/** A layered, top-to-bottom layout; wide layers wrap onto further rows. */
export function layoutState(states: StateInput[], transitions: TransitionInput[]): StateLayout {
  const layers = assignLayers(states, transitions);
  const byLayer = new Map<number, StateInput[]>();
  for (const s of states) {
    const l = layers.get(s.id) ?? 0;
    byLayer.set(l, [...(byLayer.get(l) ?? []), s]);
  }
  // Rows: each layer, split into chunks of maxPerRow.
  const rows: {layer: number; states: StateInput[]}[] = [];
  for (const l of Array.from(byLayer.keys()).sort((a, b) => a - b)) {
    const members = byLayer.get(l) ?? [];
    for (let i = 0; i < members.length; i += ST.maxPerRow)
      rows.push({layer: l, states: members.slice(i, i + ST.maxPerRow)});
  }
  const maxChars = charsFitting(ST.boxWidth - 16);
  const wrapped = new Map(states.map((s) => [s.id, wrapText(s.label, maxChars)]));
  const widest = Math.max(1, ...rows.map((r) => r.states.length));
  const contentWidth = widest * ST.boxWidth + (widest - 1) * ST.colGap;
  const hasInitial = states.some((s) => s.initial === true);
  const width = contentWidth + 2 * ST.margin;
  let y = ST.margin + (hasInitial ? ST.startGap : 0);
  const boxes: StateBox[] = [];
  for (const row of rows) {
    const rowHeight = Math.max(
      ...row.states.map((s) => (wrapped.get(s.id)?.length ?? 1) * LINE_HEIGHT + 16),
      ST.boxHeight,
    );
    const rowWidth = row.states.length * ST.boxWidth + (row.states.length - 1) * ST.colGap;
    let x = ST.margin + (contentWidth - rowWidth) / 2;
    for (const s of row.states) {
      boxes.push({
        id: s.id,
        label: s.label,
        lines: wrapped.get(s.id) ?? [s.label],
        initial: s.initial === true,
        terminal: s.terminal === true,
        layer: row.layer,
        x,
        y,
        width: ST.boxWidth,
        height: rowHeight,
      });
      x += ST.boxWidth + ST.colGap;
    }
    y += rowHeight + ST.rowGap;
  }
  const height = y - ST.rowGap + ST.margin;
  const at = new Map(boxes.map((b) => [b.id, b]));
  const edges: EdgeLayout[] = [];
  // Several edges between the same rows fan out slightly so their labels do not sit on top of each other.
  transitions.forEach((t, i) => {
    const a = at.get(t.from);
    const b = at.get(t.to);
    if (a === undefined || b === undefined) return;
    const base = {from: t.from, to: t.to, ...(t.label !== undefined ? {label: t.label} : {})};
    if (a === b) {
      const x = a.x + a.width;
      const cy = a.y + a.height / 2;
      edges.push({
        ...base,
        path: `M ${x} ${cy - 8} C ${x + 30} ${cy - 26}, ${x + 30} ${cy + 26}, ${x} ${cy + 8}`,
        labelX: x + 30,
        labelY: cy + 4,
      });
      return;
    }
    if (b.y > a.y) {
      const x1 = a.x + a.width / 2;
      const y1 = a.y + a.height;
      const x2 = b.x + b.width / 2;
      const y2 = b.y;
      const midY = (y1 + y2) / 2;
      edges.push({
        ...base,
        path: `M ${x1} ${y1} C ${x1} ${midY}, ${x2} ${midY}, ${x2} ${y2}`,
        labelX: (x1 + x2) / 2,
        labelY: midY + 4 + ((i % 2) * 2 - 1) * 6,
      });
      return;
    }
    if (b.y === a.y) {
      const leftToRight = b.x > a.x;
      const x1 = leftToRight ? a.x + a.width : a.x;
      const x2 = leftToRight ? b.x : b.x + b.width;
      const cy = a.y + a.height / 2;
      edges.push({...base, path: `M ${x1} ${cy} L ${x2} ${cy}`, labelX: (x1 + x2) / 2, labelY: cy - 6});
      return;
    }
    // Back edge (upwards): leave from the right side and curve round.
    const x1 = a.x + a.width;
    const y1 = a.y + a.height / 2;
    const x2 = b.x + b.width;
    const y2 = b.y + b.height / 2;
    const bulge = Math.max(x1, x2) + 40;
    edges.push({
      ...base,
      path: `M ${x1} ${y1} C ${bulge} ${y1}, ${bulge} ${y2}, ${x2} ${y2}`,
      labelX: bulge - 8,
      labelY: (y1 + y2) / 2,
    });
  });
  const starts = boxes
    .filter((b) => b.initial)
    .map((b) => ({x: b.x + b.width / 2, y: b.y - ST.startGap + 6, toX: b.x + b.width / 2, toY: b.y}));
  const backEdges = edges.some((e) => e.path.includes('C') && e.labelX > width - ST.margin);
  return {width: width + (backEdges ? 48 : 0), height, states: boxes, edges, starts};
}

/* ---------------------------------------------------------------------- flow */

export interface FlowStepInput {
  label: string;
  detail?: string;
}

export interface FlowBox {
  number: number;
  x: number;
  y: number;
  width: number;
  height: number;
  labelLines: string[];
  detailLines: string[];
}

export interface FlowLayout {
  width: number;
  height: number;
  boxes: FlowBox[];
  /** Connectors between consecutive boxes (SVG path data). */
  connectors: string[];
}

const FL = {
  margin: 16,
  boxWidth: 160,
  gapX: 36,
  gapY: 40,
  pad: 10,
  numberRow: 26,
} as const;

/**
 * Numbered boxes left to right, wrapping into rows of `perRow` (default: as
 * many as fit in `maxWidth`, 4 at 800 units); each row is read left to right and
 * the connector from a row's last box turns down to the next row's first.
 */
export function layoutFlow(steps: FlowStepInput[], maxWidth = 800): FlowLayout {
  const perRow = Math.max(
    1,
    Math.min(steps.length, Math.floor((maxWidth - 2 * FL.margin + FL.gapX) / (FL.boxWidth + FL.gapX))),
  );
  const maxChars = charsFitting(FL.boxWidth - 2 * FL.pad);
  const wrapped = steps.map((s) => ({
    labelLines: wrapText(s.label, maxChars),
    detailLines:
      s.detail !== undefined && s.detail.trim() !== ''
        ? wrapText(s.detail, charsFitting(FL.boxWidth - 2 * FL.pad) + 2)
        : [],
  }));
  const boxes: FlowBox[] = [];
  const rowCount = Math.ceil(steps.length / perRow);
  let y = FL.margin;
  for (let r = 0; r < rowCount; r += 1) {
    const slice = wrapped.slice(r * perRow, (r + 1) * perRow);
    const height = Math.max(
      ...slice.map(
        (w) =>
          FL.numberRow +
          w.labelLines.length * LINE_HEIGHT +
          (w.detailLines.length > 0 ? 6 + w.detailLines.length * (LINE_HEIGHT - 2) : 0) +
          FL.pad,
      ),
    );
    slice.forEach((w, c) => {
      boxes.push({
        number: r * perRow + c + 1,
        x: FL.margin + c * (FL.boxWidth + FL.gapX),
        y,
        width: FL.boxWidth,
        height,
        labelLines: w.labelLines,
        detailLines: w.detailLines,
      });
    });
    y += height + FL.gapY;
  }
  const connectors: string[] = [];
  for (let i = 1; i < boxes.length; i += 1) {
    const a = boxes[i - 1] as FlowBox;
    const b = boxes[i] as FlowBox;
    if (b.y === a.y) {
      const cy = a.y + Math.min(a.height, b.height) / 2;
      connectors.push(`M ${a.x + a.width} ${cy} L ${b.x - 2} ${cy}`);
    } else {
      const x1 = a.x + a.width / 2;
      const y1 = a.y + a.height;
      const midY = y1 + FL.gapY / 2;
      const x2 = b.x + b.width / 2;
      connectors.push(`M ${x1} ${y1} L ${x1} ${midY} L ${x2} ${midY} L ${x2} ${b.y - 2}`);
    }
  }
  const columns = Math.min(perRow, steps.length);
  return {
    width: Math.max(1, columns) * FL.boxWidth + Math.max(0, columns - 1) * FL.gapX + 2 * FL.margin,
    height: Math.max(y - FL.gapY + FL.margin, 2 * FL.margin),
    boxes,
    connectors,
  };
}
