/** Test stub: a site served at the root, so a site path is its own URL. */
export default function useBaseUrl(path: string): string {
  return path;
}
