/**
 * `?since=<version>` on the current references: the only part in the page's own script. It reads
 * the URL (or the version remembered in this tab) once hydrated, so the server's HTML and the first
 * render agree, and loads the panel with its data as a lazy chunk only when there is a version.
 */
import {useEffect, useState, type ComponentType, type ReactNode} from 'react';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {chosenSince, SINCE_KEY} from '@site/plugins/releases/client/since';
import type {SincePanelProps} from './Panel';

function remembered(): string | null {
  try {
    return window.sessionStorage.getItem(SINCE_KEY);
  } catch {
    return null; // Storage refused (private mode): the URL alone says what to mark.
  }
}

function remember(version: string | null): void {
  try {
    if (version === null) window.sessionStorage.removeItem(SINCE_KEY);
    else window.sessionStorage.setItem(SINCE_KEY, version);
  } catch {
    // Storage refused: marking lasts for this page only.
  }
}

export default function Since({api}: {readonly api: 'rest' | 'ws'}): ReactNode {
  const location = useLocation();
  const history = useHistory();
  // False while hydrating: the server's HTML has no panel, so the first render has none either.
  const isBrowser = useIsBrowser();
  const [, setStopped] = useState(0);
  const [Panel, setPanel] = useState<ComponentType<SincePanelProps> | null>(null);
  const version = isBrowser ? chosenSince(location.search, remembered()) : null;

  useEffect(() => {
    if (version !== null) remember(version);
  }, [version]);

  useEffect(() => {
    if (version === null || Panel !== null) return undefined;
    let live = true;
    void import(/* webpackChunkName: "since-marks" */ './Panel').then((loaded) => {
      if (live) setPanel(() => loaded.default);
    });
    return () => {
      live = false;
    };
  }, [version, Panel]);

  if (version === null || Panel === null) return null;
  const stop = (): void => {
    remember(null);
    setStopped((n) => n + 1);
    const params = new URLSearchParams(location.search);
    if (params.has('since')) {
      params.delete('since');
      const search = params.toString();
      history.replace(`${location.pathname}${search === '' ? '' : `?${search}`}${location.hash}`);
    }
  };
  return <Panel version={version} api={api} onStop={stop} />;
}
