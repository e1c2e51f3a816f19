/** A message sequence between participants, drawn at build time. */
import type {ReactNode} from 'react';
import {layoutSequence, type SequenceStep} from './layoutSequence';
import {FONT_SIZE} from './layoutText';
import {BOX_FILL, FRAME, INK, MUTED, PRIMARY, Figure, framed, Lines, Markers, useSvgId} from './Figure';
import styles from './styles.module.css';

export interface SequenceDiagramProps {
  title: string;
  description?: string;
  participants: string[];
  steps: {
    from: string;
    to: string;
    label: string;
    kind?: 'request' | 'reply' | 'stream' | 'note';
    alternative?: string;
  }[];
}

const KIND_WORDS: Record<NonNullable<SequenceStep['kind']>, string> = {
  request: 'request',
  reply: 'reply',
  stream: 'stream',
  note: 'note',
};

function describeStep(step: SequenceStep): string {
  if (step.kind === 'note') {
    return step.from === step.to
      ? `Note at ${step.from}: ${step.label}`
      : `Note over ${step.from} and ${step.to}: ${step.label}`;
  }
  return `${step.from} → ${step.to} (${KIND_WORDS[step.kind ?? 'request']}): ${step.label}`;
}

/** A message sequence between participants; `alternative` groups consecutive steps into an "alt" frame. */
function SequenceDiagramContent({title, description, participants, steps}: SequenceDiagramProps): ReactNode {
  const id = useSvgId();
  const layout = layoutSequence(participants, steps);
  return (
    <Figure
      id={id}
      title={title}
      description={description}
      size={layout}
      textVersion={
        <>
          <p className={styles.textIntro}>Participants: {participants.join(', ')}.</p>
          <ol>
            {steps.map((step, i) => (
              <li key={i}>
                {step.alternative !== undefined ? <em>If {step.alternative}: </em> : null}
                {describeStep(step)}
              </li>
            ))}
          </ol>
        </>
      }
    >
      <Markers id={id} />
      {layout.frames.map((frame, f) => (
        <g key={`frame-${f}`} data-kind="alt">
          <rect
            x={frame.x}
            y={frame.y}
            width={frame.width}
            height={frame.height}
            fill="none"
            stroke={FRAME}
            strokeWidth="1.2"
            rx="3"
          />
          <path
            d={`M ${frame.x} ${frame.y} h 34 v 14 l -6 6 h -28 z`}
            fill="#e9edf2"
            stroke={FRAME}
            strokeWidth="1.2"
          />
          <text x={frame.x + 5} y={frame.y + 15} fontSize={12} fontWeight={700} fill={INK}>
            alt
          </text>
          {frame.sections.map((section, s) => (
            <g key={s}>
              {s > 0 ? (
                <line
                  x1={frame.x}
                  x2={frame.x + frame.width}
                  y1={section.y}
                  y2={section.y}
                  stroke={FRAME}
                  strokeDasharray="6 4"
                />
              ) : null}
              <text
                x={frame.x + (s === 0 ? 44 : 8)}
                y={section.labelY}
                fontSize={13}
                fontStyle="italic"
                fill={INK}
              >
                [{section.name}]
              </text>
            </g>
          ))}
        </g>
      ))}
      {layout.participants.map((p) => (
        <g key={p.name}>
          <line
            x1={p.x}
            x2={p.x}
            y1={layout.lifelineTop}
            y2={layout.lifelineBottom}
            stroke={FRAME}
            strokeDasharray="4 4"
          />
          <rect
            x={p.boxX}
            y={16}
            width={p.boxWidth}
            height={layout.headerHeight}
            rx="4"
            fill={BOX_FILL}
            stroke={PRIMARY}
            strokeWidth="1.5"
          />
          <Lines lines={p.lines} x={p.x} y={16 + 10 + FONT_SIZE} weight={600} />
        </g>
      ))}
      {layout.steps.map((s) => {
        const step = steps[s.index] as SequenceStep;
        if (s.kind === 'note' && s.box !== undefined) {
          return (
            <g key={s.index} data-kind="note">
              <rect
                x={s.box.x}
                y={s.box.y}
                width={s.box.width}
                height={s.box.height}
                fill="#fff6d5"
                stroke="#7a6200"
                strokeWidth="1"
              />
              <Lines lines={s.lines} x={s.labelX} y={s.labelY} />
            </g>
          );
        }
        const marker = s.kind === 'reply' ? 'open' : s.kind === 'stream' ? 'bold' : 'solid';
        const stroke = s.kind === 'reply' ? MUTED : PRIMARY;
        const d = s.self
          ? `M ${s.x1} ${s.y} h 36 v 24 h -34`
          : `M ${s.x1} ${s.y} L ${s.x2 + (s.x2 > s.x1 ? -1 : 1)} ${s.y}`;
        return (
          <g key={s.index} data-kind={s.kind}>
            {s.kind === 'stream' ? (
              <>
                <path d={d} fill="none" stroke={stroke} strokeWidth="5" markerEnd={`url(#${id}-${marker})`} />
                <path d={d} fill="none" stroke="#ffffff" strokeWidth="1.5" />
              </>
            ) : (
              <path
                d={d}
                fill="none"
                stroke={stroke}
                strokeWidth="1.6"
                strokeDasharray={s.kind === 'reply' ? '7 5' : undefined}
                markerEnd={`url(#${id}-${marker})`}
              />
            )}
            <Lines
              lines={s.lines}
              x={s.labelX}
              y={s.labelY}
              anchor={s.labelAnchor}
              fill={step.kind === 'reply' ? '#2f3338' : INK}
            />
          </g>
        );
      })}
    </Figure>
  );
}

export const SequenceDiagram = framed(SequenceDiagramContent);
