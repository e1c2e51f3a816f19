/** A column of steps, drawn at build time. */
import type {ReactNode} from 'react';
import {layoutFlow, type FlowStepInput} from './layoutFlow';
import {FONT_SIZE, LINE_HEIGHT} from './layoutText';
import {BOX_FILL, PRIMARY, Figure, framed, Lines, Markers, useSvgId} from './Figure';

export interface FlowDiagramProps {
  title: string;
  description?: string;
  steps: {label: string; detail?: string}[];
}

/** Numbered steps, left to right, wrapping into rows. */
function FlowDiagramContent({title, description, steps}: FlowDiagramProps): ReactNode {
  const id = useSvgId();
  const layout = layoutFlow(steps as FlowStepInput[]);
  return (
    <Figure
      id={id}
      title={title}
      description={description}
      size={layout}
      textVersion={
        <ol>
          {steps.map((s, i) => (
            <li key={i}>
              {s.label}
              {s.detail !== undefined ? ` — ${s.detail}` : ''}
            </li>
          ))}
        </ol>
      }
    >
      <Markers id={id} />
      {layout.connectors.map((d, i) => (
        <path
          key={`c-${i}`}
          d={d}
          fill="none"
          stroke={PRIMARY}
          strokeWidth="1.6"
          markerEnd={`url(#${id}-solid)`}
        />
      ))}
      {layout.boxes.map((b) => (
        <g key={b.number}>
          <rect
            x={b.x}
            y={b.y}
            width={b.width}
            height={b.height}
            rx="6"
            fill={BOX_FILL}
            stroke={PRIMARY}
            strokeWidth="1.5"
          />
          <circle cx={b.x + 16} cy={b.y + 15} r="10" fill={PRIMARY} />
          <text x={b.x + 16} y={b.y + 19.5} textAnchor="middle" fontSize={12} fontWeight={700} fill="#ffffff">
            {b.number}
          </text>
          <Lines lines={b.labelLines} x={b.x + 10} y={b.y + 26 + FONT_SIZE} anchor="start" weight={600} />
          {b.detailLines.length > 0 ? (
            <Lines
              lines={b.detailLines}
              x={b.x + 10}
              y={b.y + 26 + FONT_SIZE + b.labelLines.length * LINE_HEIGHT + 4}
              anchor="start"
              size={12}
              lineHeight={LINE_HEIGHT - 2}
              fill="#3a3f45"
            />
          ) : null}
        </g>
      ))}
    </Figure>
  );
}

export const FlowDiagram = framed(FlowDiagramContent);
