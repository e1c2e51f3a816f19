/** States and transitions, drawn at build time. */
import type {ReactNode} from 'react';
import {layoutState, type StateInput, type TransitionInput} from './layoutState';
import {LINE_HEIGHT} from './layoutText';
import {BOX_FILL, INK, PRIMARY, Figure, framed, Lines, Markers, useSvgId} from './Figure';
import styles from './styles.module.css';

export interface StateDiagramProps {
  title: string;
  description?: string;
  states: {id: string; label: string; initial?: boolean; terminal?: boolean}[];
  transitions: {from: string; to: string; label?: string}[];
}

/** States and transitions, in layers from the initial state downwards; terminal states have a double border. */
function StateDiagramContent({title, description, states, transitions}: StateDiagramProps): ReactNode {
  const id = useSvgId();
  const layout = layoutState(states as StateInput[], transitions as TransitionInput[]);
  const labelOf = new Map(states.map((s) => [s.id, s.label]));
  const initial = states.filter((s) => s.initial === true).map((s) => s.label);
  const terminal = states.filter((s) => s.terminal === true).map((s) => s.label);
  return (
    <Figure
      id={id}
      title={title}
      description={description}
      size={layout}
      textVersion={
        <>
          <p className={styles.textIntro}>
            States: {states.map((s) => s.label).join(', ')}.
            {initial.length > 0 ? ` Initial: ${initial.join(', ')}.` : ''}
            {terminal.length > 0 ? ` Terminal (no further change): ${terminal.join(', ')}.` : ''}
          </p>
          {transitions.length > 0 ? (
            <ol>
              {transitions.map((t, i) => (
                <li key={i}>
                  {labelOf.get(t.from) ?? t.from} → {labelOf.get(t.to) ?? t.to}
                  {t.label !== undefined ? `: ${t.label}` : ''}
                </li>
              ))}
            </ol>
          ) : (
            // States given without transitions (the source publishes none): list the states, never an empty list.
            <>
              <ul>
                {states.map((s) => (
                  <li key={s.id}>
                    {s.label}
                    {s.initial === true ? ' (initial)' : ''}
                    {s.terminal === true ? ' (terminal)' : ''}
                  </li>
                ))}
              </ul>
              <p>No transitions are drawn.</p>
            </>
          )}
        </>
      }
    >
      <Markers id={id} />
      {layout.starts.map((s, i) => (
        <g key={`start-${i}`}>
          <circle cx={s.x} cy={s.y} r="6" fill={INK} />
          <line
            x1={s.x}
            y1={s.y + 6}
            x2={s.toX}
            y2={s.toY - 1}
            stroke={INK}
            strokeWidth="1.5"
            markerEnd={`url(#${id}-ink)`}
          />
        </g>
      ))}
      {layout.edges.map((e, i) => (
        <g key={`edge-${i}`}>
          <path d={e.path} fill="none" stroke={PRIMARY} strokeWidth="1.5" markerEnd={`url(#${id}-solid)`} />
          {e.label !== undefined ? (
            <text
              x={e.labelX}
              y={e.labelY}
              textAnchor="middle"
              fontSize={12}
              fill={INK}
              stroke="#ffffff"
              strokeWidth="4"
              paintOrder="stroke"
            >
              {e.label}
            </text>
          ) : null}
        </g>
      ))}
      {layout.states.map((s) => (
        <g key={s.id} data-state={s.id} data-terminal={s.terminal ? 'true' : undefined}>
          <rect
            x={s.x}
            y={s.y}
            width={s.width}
            height={s.height}
            rx="8"
            fill={s.terminal ? '#f1f3f5' : BOX_FILL}
            stroke={s.terminal ? INK : PRIMARY}
            strokeWidth="1.5"
          />
          {s.terminal ? (
            <rect
              x={s.x + 4}
              y={s.y + 4}
              width={s.width - 8}
              height={s.height - 8}
              rx="5"
              fill="none"
              stroke={INK}
              strokeWidth="1.2"
            />
          ) : null}
          <Lines
            lines={s.lines}
            x={s.x + s.width / 2}
            y={s.y + s.height / 2 + 5 - ((s.lines.length - 1) * LINE_HEIGHT) / 2}
            weight={600}
          />
        </g>
      ))}
    </Figure>
  );
}

export const StateDiagram = framed(StateDiagramContent);
