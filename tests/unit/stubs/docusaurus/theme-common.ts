/** Test stub: on the server no stored choice exists (Docusaurus returns null there too). */
export function useStorageSlot(): [string | null, {set: (value: string) => void; del: () => void}] {
  return [null, {set: () => undefined, del: () => undefined}];
}
