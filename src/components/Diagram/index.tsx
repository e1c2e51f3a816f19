/**
 * Diagrams rendered on the server into static inline SVG: no client-side
 * diagram library, nothing to hydrate but markup. Each diagram is a <figure>
 * with an accessible SVG (title + desc), a visible caption and a text version
 * (an ordered list) for readers who cannot or would rather not read a picture.
 * Layout is computed by the pure functions in ./layout.
 */
import {useId, type ReactNode} from 'react';
import {
  FONT_SIZE,
  LINE_HEIGHT,
  layoutFlow,
  layoutSequence,
  layoutState,
  type FlowStepInput,
  type SequenceStep,
  type StateInput,
  type TransitionInput,
} from './layout';
import StaticMarkup from '@site/src/components/StaticMarkup';
import styles from './styles.module.css';

/** Colours are fixed (not theme variables) so the SVG prints as it looks; all reach AA on white. */
const INK = '#1c1e21';
const PRIMARY = '#1d5fa8';
const MUTED = '#4a4f57';
const FRAME = '#5c6470';
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

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

export interface StateDiagramProps {
  title: string;
  description?: string;
  states: {id: string; label: string; initial?: boolean; terminal?: boolean}[];
  transitions: {from: string; to: string; label?: string}[];
}

export interface FlowDiagramProps {
  title: string;
  description?: string;
  steps: {label: string; detail?: string}[];
}

/** `useId` output contains characters (":", "«") that do not belong in url(#…) references. */
function useSvgId(): string {
  return `dg${useId().replace(/[^A-Za-z0-9]/g, '')}`;
}

function Lines({
  lines,
  x,
  y,
  anchor = 'middle',
  weight,
  size = FONT_SIZE,
  lineHeight = LINE_HEIGHT,
  fill = INK,
}: {
  lines: string[];
  x: number;
  y: number;
  anchor?: 'start' | 'middle' | 'end';
  weight?: number;
  size?: number;
  lineHeight?: number;
  fill?: string;
}): ReactNode {
  return (
    <text x={x} y={y} textAnchor={anchor} fontSize={size} fontWeight={weight} fill={fill}>
      {lines.map((line, i) => (
        <tspan key={i} x={x} dy={i === 0 ? 0 : lineHeight}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

function Figure({
  id,
  title,
  description,
  width,
  height,
  children,
  textVersion,
}: {
  id: string;
  title: string;
  description?: string;
  width: number;
  height: number;
  children: ReactNode;
  textVersion: ReactNode;
}): ReactNode {
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <>
      <svg
        className={styles.svg}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${Math.ceil(width)} ${Math.ceil(height)}`}
        width={Math.ceil(width)}
        height={Math.ceil(height)}
        fontFamily={FONT}
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description ?? `${title}. A text version follows the diagram.`}</desc>
        {children}
      </svg>
      <figcaption className={styles.caption}>
        <strong>{title}</strong>
        {description !== undefined ? <> {description}</> : null}
      </figcaption>
      <details className={styles.textVersion}>
        <summary>Text version</summary>
        {textVersion}
      </details>
    </>
  );
}

/**
 * The <figure>: static markup, so a hydrating page keeps the server's SVG instead of
 * laying the diagram out again in the browser.
 */
function Frame({children}: {children: ReactNode}): ReactNode {
  return (
    <StaticMarkup as="figure" className={styles.figure}>
      {children}
    </StaticMarkup>
  );
}

function Markers({id}: {id: string}): ReactNode {
  return (
    <defs>
      <marker
        id={`${id}-solid`}
        viewBox="0 0 10 10"
        refX="10"
        refY="5"
        markerWidth="10"
        markerHeight="10"
        markerUnits="userSpaceOnUse"
        orient="auto-start-reverse"
      >
        <path d="M 0 0 L 10 5 L 0 10 z" fill={PRIMARY} />
      </marker>
      <marker
        id={`${id}-open`}
        viewBox="0 0 10 10"
        refX="10"
        refY="5"
        markerWidth="10"
        markerHeight="10"
        markerUnits="userSpaceOnUse"
        orient="auto-start-reverse"
      >
        <path d="M 0 0 L 10 5 L 0 10" fill="none" stroke={MUTED} strokeWidth="1.5" />
      </marker>
      <marker
        id={`${id}-bold`}
        viewBox="0 0 12 12"
        refX="11"
        refY="6"
        markerWidth="14"
        markerHeight="14"
        markerUnits="userSpaceOnUse"
        orient="auto-start-reverse"
      >
        <path d="M 0 0 L 12 6 L 0 12 z" fill={PRIMARY} />
      </marker>
      <marker
        id={`${id}-ink`}
        viewBox="0 0 10 10"
        refX="10"
        refY="5"
        markerWidth="9"
        markerHeight="9"
        markerUnits="userSpaceOnUse"
        orient="auto-start-reverse"
      >
        <path d="M 0 0 L 10 5 L 0 10 z" fill={INK} />
      </marker>
    </defs>
  );
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
      {...(description !== undefined ? {description} : {})}
      width={layout.width}
      height={layout.height}
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
            fill="#eef4fb"
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
      {...(description !== undefined ? {description} : {})}
      width={layout.width}
      height={layout.height}
      textVersion={
        <>
          <p className={styles.textIntro}>
            States: {states.map((s) => s.label).join(', ')}.
            {initial.length > 0 ? ` Initial: ${initial.join(', ')}.` : ''}
            {terminal.length > 0 ? ` Terminal (no further change): ${terminal.join(', ')}.` : ''}
          </p>
          <ol>
            {transitions.map((t, i) => (
              <li key={i}>
                {labelOf.get(t.from) ?? t.from} → {labelOf.get(t.to) ?? t.to}
                {t.label !== undefined ? `: ${t.label}` : ''}
              </li>
            ))}
          </ol>
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
            fill={s.terminal ? '#f1f3f5' : '#eef4fb'}
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

/** Numbered steps, left to right, wrapping into rows. */
function FlowDiagramContent({title, description, steps}: FlowDiagramProps): ReactNode {
  const id = useSvgId();
  const layout = layoutFlow(steps as FlowStepInput[]);
  return (
    <Figure
      id={id}
      title={title}
      {...(description !== undefined ? {description} : {})}
      width={layout.width}
      height={layout.height}
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
            fill="#eef4fb"
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

export function SequenceDiagram(props: SequenceDiagramProps): ReactNode {
  return (
    <Frame>
      <SequenceDiagramContent {...props} />
    </Frame>
  );
}

export function StateDiagram(props: StateDiagramProps): ReactNode {
  return (
    <Frame>
      <StateDiagramContent {...props} />
    </Frame>
  );
}

export function FlowDiagram(props: FlowDiagramProps): ReactNode {
  return (
    <Frame>
      <FlowDiagramContent {...props} />
    </Frame>
  );
}
