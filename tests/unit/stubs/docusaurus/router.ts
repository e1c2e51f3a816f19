/** Test stub: components rendered to static markup see a fixed location. */
export function useLocation(): {pathname: string; search: string; hash: string} {
  return {pathname: '/rest', search: '', hash: ''};
}

/** Test stub: a history that goes nowhere (effects do not run in static rendering). */
export function useHistory(): {replace: (to: string) => void; push: (to: string) => void} {
  return {replace: () => undefined, push: () => undefined};
}
