/**
 * "Build request": the mount point in the reference pane. Only this disclosure
 * is part of the page's JavaScript; the builder itself (form, code generator,
 * its form model and validators) is fetched the first time a reader opens it,
 * as same-origin chunks. It reuses the payload validator's panel styles, so it
 * adds no CSS to the page either.
 */
import {useCallback, useState} from 'react';
import type {ComponentType, ReactNode, SyntheticEvent} from 'react';
import styles from '../Validator/styles.module.css';

export interface RequestBuilderProps {
  /** `rest:<operationId>` or `ws:<messageName>`. */
  readonly target: string;
}

type Loaded =
  | {kind: 'idle' | 'loading'}
  | {kind: 'ready'; Builder: ComponentType<RequestBuilderProps>}
  | {kind: 'failed'; reason: string};

export default function RequestBuilder({target}: RequestBuilderProps): ReactNode {
  const [loaded, setLoaded] = useState<Loaded>({kind: 'idle'});
  const onToggle = useCallback(
    (event: SyntheticEvent<HTMLDetailsElement>) => {
      if (!event.currentTarget.open || loaded.kind !== 'idle') return;
      setLoaded({kind: 'loading'});
      import(/* webpackChunkName: "request-builder" */ './Builder').then(
        (module) => setLoaded({kind: 'ready', Builder: module.default}),
        (error: unknown) => setLoaded({kind: 'failed', reason: String(error)}),
      );
    },
    [loaded.kind],
  );
  const Builder = loaded.kind === 'ready' ? loaded.Builder : null;
  // The server renders the summary only: no form markup on the page, in its Markdown copy or in the search index.
  return (
    <details className={styles.panel} data-request-builder={target} data-markdown="skip" onToggle={onToggle}>
      <summary className={styles.summary}>Build request</summary>
      {loaded.kind === 'idle' ? null : (
        <div className={styles.body}>
          {Builder !== null ? (
            <Builder target={target} />
          ) : (
            <p className={styles.notice} role="status">
              {loaded.kind === 'failed'
                ? `The request builder could not be loaded: ${loaded.reason}`
                : 'Loading the request builder…'}
            </p>
          )}
        </div>
      )}
    </details>
  );
}
