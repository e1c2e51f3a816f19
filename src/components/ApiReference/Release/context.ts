/**
 * Whether the page shows the current release. The payload validators and the request builder are
 * compiled for the current documents only: an older or upcoming release's pages leave them out
 * (their banner says so) rather than check a payload against another release's schemas.
 */
import {createContext, useContext} from 'react';

export const CurrentReleaseContext = createContext(true);

export function useIsCurrentRelease(): boolean {
  return useContext(CurrentReleaseContext);
}
