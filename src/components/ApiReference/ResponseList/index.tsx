import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import {SECTION_IDS} from '@site/plugins/api-reference/client/anchors';
import type {ErrorBodyView, MediaView, ResponseView} from '@site/plugins/api-reference/types';
import Markdown from '../Markdown';
import Schema, {DescribedOnce} from '../Schema';
import StaticMarkup from '@site/src/components/StaticMarkup';
import ParameterTable from '../ParameterTable';
import styles from './styles.module.css';
import {responseHeadline} from '@site/plugins/api-reference/client/responseHeadline';

/** The section's anchor: REST_SECTIONS.errorBodies (the plugin claims it before any other id). */
export const ERROR_BODIES_ID = SECTION_IDS.errorBodies;

/**
 * A content map: the schema of each media type (several are shown, not merged). Its examples
 * are in the pane beside the operation (../Pane).
 */
export function Contents({
  contents,
  label,
}: {
  readonly contents: MediaView[];
  readonly label: string;
}): ReactNode {
  return (
    <>
      {contents.map((media) => (
        <div key={media.mediaType} className={styles.media}>
          <p className={styles.mediaType}>
            Content type <code>{media.mediaType}</code>
          </p>
          {media.schema !== undefined ? (
            <Schema node={media.schema} label={`${label} (${media.mediaType})`} />
          ) : null}
          {media.shared !== undefined ? (
            <p className={styles.shared}>
              Body: <Link href={`#${media.shared.id}`}>{media.shared.title}</Link>, an error body that several
              responses share, described once under <Link href={`#${ERROR_BODIES_ID}`}>Error bodies</Link>.
            </p>
          ) : null}
        </div>
      ))}
    </>
  );
}

function Response({
  response,
  operationId,
}: {
  readonly response: ResponseView;
  readonly operationId: string;
}): ReactNode {
  useBrokenLinks().collectAnchor(response.id);
  // Open by default: a link to a field inside an error response must land on a visible field.
  const {headline, more} = responseHeadline(response.description);
  return (
    <details className={styles.response} id={response.id} open>
      <summary className={styles.summary}>
        <span className={clsx(styles.code, styles[response.kind])}>
          {response.code === 'default' ? 'default' : response.code}
        </span>
        <span className={styles.summaryText}>{headline}</span>
      </summary>
      <div className={styles.body}>
        {/* A one-line description is already the summary line; longer ones are shown in full. */}
        {more ? <Markdown html={response.description} /> : null}
        <ParameterTable parameters={response.headers} caption={`Response headers of ${response.code}`} />
        {response.contents.length === 0 ? <p className={styles.empty}>No body.</p> : null}
        <Contents contents={response.contents} label={`Response ${response.code} body of ${operationId}`} />
        {response.links.length > 0 ? (
          <div>
            <p className={styles.linksTitle}>Links (follow-up operations):</p>
            <ul className={styles.links}>
              {response.links.map((link) => (
                <li key={link.name}>
                  <strong>{link.name}</strong>
                  {link.target !== undefined ? (
                    <>
                      {' → '}
                      {link.targetIsAnchor ? (
                        <Link href={link.href ?? `#${link.target}`}>{link.target}</Link>
                      ) : (
                        <code>{link.target}</code>
                      )}
                    </>
                  ) : null}
                  {link.parameters.length > 0 ? (
                    <span>
                      {' '}
                      with{' '}
                      {link.parameters.map((p, i) => (
                        <code key={i}>{p}</code>
                      ))}
                    </span>
                  ) : null}
                  <Markdown html={link.description} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </details>
  );
}

const ERROR_KINDS = new Set(['client-error', 'server-error', 'default']);

/**
 * Every response code; errors (4xx, 5xx, default) listed under their own heading. Counted box by
 * box by the page planner (`responseListBoxes` in plugins/api-reference/openapi/weight.ts): change both.
 */
export default function ResponseList({
  responses,
  operationId,
}: {
  readonly responses: ResponseView[];
  readonly operationId: string;
}): ReactNode {
  const ok = responses.filter((r) => !ERROR_KINDS.has(r.kind));
  const errors = responses.filter((r) => ERROR_KINDS.has(r.kind));
  // Static: summaries are <details>, links are anchors; nothing here needs React.
  return (
    <StaticMarkup>
      {ok.length > 0 ? (
        <>
          <Heading as="h4">Responses</Heading>
          {ok.map((r) => (
            <Response key={r.id} response={r} operationId={operationId} />
          ))}
        </>
      ) : null}
      {errors.length > 0 ? (
        <>
          <Heading as="h4">Error responses</Heading>
          {errors.map((r) => (
            <Response key={r.id} response={r} operationId={operationId} />
          ))}
        </>
      ) : null}
    </StaticMarkup>
  );
}

/**
 * The error bodies several error responses share (plugins/api-reference/openapi/errorBodies.ts),
 * each described once, with links back to the responses that have it.
 */
export function ErrorBodies({bodies}: {readonly bodies: readonly ErrorBodyView[]}): ReactNode {
  return (
    <DescribedOnce
      id={ERROR_BODIES_ID}
      title="Error bodies"
      intro="Bodies that several error responses have in common, described once here."
      entries={bodies.map((body) => ({
        id: body.id,
        title: body.title,
        lead: (
          <>
            The body of{' '}
            {body.usedBy.map((use, i) => (
              <span key={use.id}>
                {i > 0 ? ', ' : null}
                <Link href={`#${use.id}`}>{use.label}</Link>
              </span>
            ))}
            .
          </>
        ),
        schema: body.schema,
        label: `Error body ${body.title}`,
      }))}
    />
  );
}
