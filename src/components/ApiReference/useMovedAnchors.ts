/**
 * Old links to a field whose schema the page now describes once (plugins/api-reference/schema/
 * describedOnce.ts): on load and on every in-page link, an anchor with no element is moved to
 * where the field is now. A same-document navigation, so the browser scrolls and `:target` holds.
 */
import {useEffect} from 'react';
import {useLocation} from '@docusaurus/router';
import {movedAnchorTarget} from '@site/plugins/api-reference/client/anchors';

export function useMovedAnchors(moved: Readonly<Record<string, string>> | undefined): void {
  const location = useLocation();
  useEffect(() => {
    if (moved === undefined) return undefined;
    const forward = (): void => {
      const anchor = decodeURIComponent(window.location.hash.slice(1));
      if (anchor === '') return;
      const target = movedAnchorTarget(moved, anchor, (id) => document.getElementById(id) !== null);
      if (target !== undefined) window.location.replace(`#${encodeURIComponent(target)}`);
    };
    forward();
    window.addEventListener('hashchange', forward);
    return () => window.removeEventListener('hashchange', forward);
  }, [moved, location.hash]);
}
