/**
 * Markup that never changes once rendered: schema views, parameter tables,
 * highlighted code. The server renders it into the page's HTML; when the
 * browser hydrates that page, React is told to keep the server's DOM as it is
 * instead of walking it (an element with an empty innerHTML and
 * suppressHydrationWarning is taken as opaque). That is what keeps the long
 * reference pages from blocking the main thread for a second on a phone:
 * most of their thousands of elements are never rebuilt or checked by JavaScript.
 *
 * Nothing inside may need React to work: plain links (`#anchor`), <details>
 * and text only. Interactive controls (tabs, copy buttons, the validator)
 * stay outside, hydrated as usual.
 *
 * On a client-side navigation (no server DOM) and if React ever has to throw
 * the server DOM away, the content is rendered normally.
 */
import {useCallback, useEffect, useLayoutEffect, useRef, useState} from 'react';
import type {CSSProperties, ReactNode} from 'react';

type Tag = 'div' | 'code' | 'figure';

// useLayoutEffect so a lost server DOM is refilled before the browser paints; the
// server never runs either effect.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/** True while the page's first render adopts server HTML: Docusaurus marks <html> once it has hydrated. */
function adoptingServerMarkup(): boolean {
  return typeof document !== 'undefined' && document.documentElement.dataset.hasHydrated !== 'true';
}

export default function StaticMarkup({
  as = 'div',
  className,
  style,
  role,
  'aria-label': ariaLabel,
  children,
}: {
  readonly as?: Tag;
  readonly className?: string;
  readonly style?: CSSProperties;
  readonly role?: 'group';
  readonly 'aria-label'?: string;
  readonly children: ReactNode;
}): ReactNode {
  const ref = useRef<HTMLElement | null>(null);
  // A callback ref: it fits whichever element type `as` names.
  const setRef = useCallback((element: HTMLElement | null) => {
    ref.current = element;
  }, []);
  const [adopt, setAdopt] = useState(adoptingServerMarkup);
  useIsomorphicLayoutEffect(() => {
    // Empty means there was no server markup to keep (development server, or React
    // re-rendered the page from scratch after a hydration error): render it here.
    if (adopt && ref.current !== null && ref.current.firstChild === null) setAdopt(false);
  }, [adopt]);
  const Tag = as;
  return adopt ? (
    <Tag
      ref={setRef}
      className={className}
      style={style}
      role={role}
      aria-label={ariaLabel}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{__html: ''}}
    />
  ) : (
    <Tag ref={setRef} className={className} style={style} role={role} aria-label={ariaLabel}>
      {children}
    </Tag>
  );
}
