/**
 * What every diagram shares: the <figure> frame (static markup), the accessible
 * SVG with its title, description, caption and text version, text lines and
 * arrow markers.
 */
import {useId, type ReactNode} from 'react';
import {FONT_SIZE, LINE_HEIGHT} from './layoutText';
import StaticMarkup from '@site/src/components/StaticMarkup';
import styles from './styles.module.css';

/** Colours are fixed (not theme variables) so the SVG prints as it looks; all reach AA on white. */
export const INK = '#1c1e21';
export const PRIMARY = '#1d5fa8';
export const MUTED = '#4a4f57';
export const FRAME = '#5c6470';
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

export function Markers({id}: {id: string}): ReactNode {
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
