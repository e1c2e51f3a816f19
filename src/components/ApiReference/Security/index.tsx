import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {SECTION_IDS, securitySchemeId} from '@site/plugins/api-reference/client/anchors';
import type {SecurityRequirementView, SecuritySchemeView} from '@site/plugins/api-reference/types';
import Markdown from '../Markdown';
import Text from '../Text';
import styles from './styles.module.css';

function Scheme({scheme}: {readonly scheme: SecuritySchemeView}): ReactNode {
  const id = securitySchemeId(scheme.key);
  useBrokenLinks().collectAnchor(id);
  return (
    <li id={id} className={styles.scheme}>
      <p className={styles.head}>
        <strong>{scheme.key}</strong> <span className={styles.type}>({scheme.type})</span>
      </p>
      <p>
        <Text value={scheme.summary} />
      </p>
      <Markdown html={scheme.description} />
      {(scheme.flows ?? []).map((flow) => (
        <div key={flow.name} className={styles.flow}>
          <p>
            Flow <strong>{flow.name}</strong>
            {flow.urls.length > 0 ? `: ${flow.urls.join('; ')}` : null}
          </p>
          {flow.scopes.length > 0 ? (
            <ul>
              {flow.scopes.map((s) => (
                <li key={s.name}>
                  <code>{s.name}</code>
                  {s.description !== '' ? ` — ${s.description}` : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
    </li>
  );
}

/** Security schemes and, when the document gives them, which are required (any one alternative). */
export default function Security({
  schemes,
  requirements,
  id = SECTION_IDS.authentication,
}: {
  readonly schemes: SecuritySchemeView[];
  readonly requirements?: SecurityRequirementView[];
  readonly id?: string;
}): ReactNode {
  if (schemes.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <Heading as="h2" id={id}>
        Authentication
      </Heading>
      {requirements !== undefined && requirements.length > 0 ? (
        <p className={styles.requirements}>
          Every request must be authenticated with <Requirements requirements={requirements} />, unless an
          operation says otherwise.
        </p>
      ) : null}
      <ul className={styles.schemes}>
        {schemes.map((s) => (
          <Scheme key={s.key} scheme={s} />
        ))}
      </ul>
    </section>
  );
}

/** "A and B, or C": requirements are alternatives; schemes within one are all needed. */
export function Requirements({requirements}: {readonly requirements: SecurityRequirementView[]}): ReactNode {
  if (requirements.length === 0 || requirements.every((r) => r.schemes.length === 0))
    return <>no authentication</>;
  return (
    <>
      {requirements.map((r, i) => (
        <span key={i}>
          {i > 0 ? ', or ' : null}
          {r.schemes.length === 0
            ? 'no authentication'
            : r.schemes.map((s, j) => (
                <span key={s.key}>
                  {j > 0 ? ' and ' : null}
                  <Link href={`#${securitySchemeId(s.key)}`}>{s.key}</Link>
                  {s.scopes.length > 0 ? (
                    <>
                      {' '}
                      (scopes{' '}
                      {s.scopes.map((scope) => (
                        <code key={scope}>{scope} </code>
                      ))}
                      )
                    </>
                  ) : null}
                </span>
              ))}
        </span>
      ))}
    </>
  );
}
