/** Layout of a flow diagram (a column of steps). See ./layout.ts. */
import {LINE_HEIGHT, charsFitting, wrapText} from './layoutText';

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
