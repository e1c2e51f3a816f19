/** Test stub: static rendering happens on the server, as in the build. */
export default function useIsBrowser(): boolean {
  return false;
}
