import type {PrismTheme} from 'prism-react-renderer';
import prismTheme from '../../../../src/prismTheme';

/** Test stub: on the server no stored choice exists (Docusaurus returns null there too). */
export function useStorageSlot(): [string | null, {set: (value: string) => void; del: () => void}] {
  return [null, {set: () => undefined, del: () => undefined}];
}

/** Test stub: the site's theme, as docusaurus.config.ts sets it. */
export function usePrismTheme(): PrismTheme {
  return prismTheme;
}
