/** Layout of a sequence diagram (participants, steps, alternative frames). See ./layout.ts. */
import {FONT_SIZE, LINE_HEIGHT, charsFitting, textWidth, wrapText} from './layoutText';

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
