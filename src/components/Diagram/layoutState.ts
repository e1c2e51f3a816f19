/** Layout of a state diagram (layered states, edges). See ./layout.ts. */
import {LINE_HEIGHT, charsFitting, wrapText} from './layoutText';

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
