/** Test stub: components rendered to static markup see a fixed location. */
export function useLocation(): {pathname: string; search: string; hash: string} {
  return {pathname: '/rest', search: '', hash: ''};
}
