/** Records collected anchors so tests can check every field id is registered. */
export const collectedAnchors = new Set<string>();

export default function useBrokenLinks(): {
  collectAnchor: (id: string) => void;
  collectLink: (link: string) => void;
} {
  return {collectAnchor: (id) => collectedAnchors.add(id), collectLink: () => undefined};
}
