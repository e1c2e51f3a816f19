/**
 * What every diagram shares: the <figure> frame (static markup), the accessible
 * SVG with its title, description, caption and text version, text lines and
 * arrow markers.
 */
import {useId, type ReactNode, type SVGProps} from 'react';
import {FONT_SIZE, LINE_HEIGHT} from './layoutText';
import StaticMarkup from '@site/src/components/StaticMarkup';
import styles from './styles.module.css';

/** Colours are fixed (not theme variables) so the SVG prints as it looks; all reach AA on white. */
export const INK = '#1c1e21';
export const PRIMARY = '#1d5fa8';
export const MUTED = '#4a4f57';
export const FRAME = '#5c6470';
/** The fill of a participant, step or state box. */
export const BOX_FILL = '#eef4fb';
export const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif";

/** `useId` output contains characters (":", "«") that do not belong in url(#…) references. */
export function useSvgId(): string {
  return `dg${useId().replace(/[^A-Za-z0-9]/g, '')}`;
}

export function Lines({
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

export function Figure({
  id,
  title,
  description,
  size,
  children,
  textVersion,
}: {
  id: string;
  title: string;
  description: string | undefined;
  /** The laid-out diagram's size in user units. */
  size: {width: number; height: number};
  children: ReactNode;
  textVersion: ReactNode;
}): ReactNode {
  const width = Math.ceil(size.width);
  const height = Math.ceil(size.height);
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <>
      <svg
        className={styles.svg}
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
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

/** A diagram component: its content, drawn inside the static <figure>. */
export function framed<P extends object>(Content: (props: P) => ReactNode): (props: P) => ReactNode {
  return function FramedDiagram(props: P): ReactNode {
    return (
      <Frame>
        <Content {...props} />
      </Frame>
    );
  };
}

/** Arrow heads, referenced as url(#<id>-<name>): requests, replies, emphasis, notes. */
const MARKERS: readonly {
  name: string;
  box: number;
  ref: number;
  size: number;
  path: SVGProps<SVGPathElement>;
}[] = [
  {name: 'solid', box: 10, ref: 10, size: 10, path: {d: 'M 0 0 L 10 5 L 0 10 z', fill: PRIMARY}},
  {
    name: 'open',
    box: 10,
    ref: 10,
    size: 10,
    path: {d: 'M 0 0 L 10 5 L 0 10', fill: 'none', stroke: MUTED, strokeWidth: '1.5'},
  },
  {name: 'bold', box: 12, ref: 11, size: 14, path: {d: 'M 0 0 L 12 6 L 0 12 z', fill: PRIMARY}},
  {name: 'ink', box: 10, ref: 10, size: 9, path: {d: 'M 0 0 L 10 5 L 0 10 z', fill: INK}},
];

export function Markers({id}: {id: string}): ReactNode {
  return (
    <defs>
      {MARKERS.map((m) => (
        <marker
          key={m.name}
          id={`${id}-${m.name}`}
          viewBox={`0 0 ${m.box} ${m.box}`}
          refX={m.ref}
          refY={m.box / 2}
          markerWidth={m.size}
          markerHeight={m.size}
          markerUnits="userSpaceOnUse"
          orient="auto-start-reverse"
        >
          <path {...m.path} />
        </marker>
      ))}
    </defs>
  );
}
