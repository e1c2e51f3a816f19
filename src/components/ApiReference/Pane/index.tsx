/**
 * The pane beside an operation or a message on wide screens: what the reader
 * copies and compares while reading the fields. First the request in the
 * reader's language, with its body as a last tab (the body is shown once per
 * view), then the payload validator and the request builder, then the response
 * examples by status. It is plain
 * server-rendered markup placed after the content in the DOM; CSS puts it in
 * the second column of the operation's grid and keeps it in view with
 * `position: sticky` (see styles.module.css). Below the breakpoint it simply
 * follows the content. No scroll listener, no measuring.
 */
import {useState} from 'react';
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Heading from '@theme/Heading';
import type {CodeSample, ExampleView, MediaView, ResponseView} from '@site/plugins/api-reference/types';
import {PayloadValidator} from '@site/src/components/ApiReference/Validator';
import CodeBlock from '../CodeBlock';
import CodeSamples from '../CodeSamples';
import Picker from './Picker';
import styles from './styles.module.css';

const JSON_MEDIA = /(^application\/json|\+json)(;|$)/;

/** The media type the payload validator checks: the first JSON one. */
function jsonMedia(contents: readonly MediaView[]): number {
  return contents.findIndex((media) => JSON_MEDIA.test(media.mediaType));
}

function exampleLabel(example: ExampleView, index: number): string {
  return example.name ?? example.summary ?? `Example ${index + 1}`;
}

function ExampleBody({example}: {readonly example: ExampleView}): ReactNode {
  return (
    <>
      {example.summary !== undefined && example.name !== undefined ? (
        <p className={styles.caption}>{example.summary}</p>
      ) : null}
      <CodeBlock language={example.language} code={example.value} />
    </>
  );
}

/**
 * The examples of one media type: a picker when there are several. With a
 * validator target, the payload validator follows; when the reader can pick an
 * example, the validator opens with the one picked.
 */
export function ExampleSet({
  examples,
  validator,
  onPick,
}: {
  readonly examples: readonly ExampleView[];
  readonly validator?: ValidatorTarget;
  /** Told the index of the example picked, where the validator is outside the set (RequestSamples). */
  readonly onPick?: (index: number) => void;
}): ReactNode {
  const [chosen, setChosen] = useState(0);
  return (
    <>
      {examples.length > 1 ? (
        <Picker
          label="Example"
          onChange={(index) => {
            setChosen(index);
            onPick?.(index);
          }}
          choices={examples.map((example, i) => ({
            key: String(i),
            label: exampleLabel(example, i),
            content: <ExampleBody example={example} />,
          }))}
        />
      ) : examples[0] !== undefined ? (
        <>
          {examples[0].name !== undefined ? (
            <p className={styles.caption}>
              <strong>{examples[0].name}</strong>
              {examples[0].summary !== undefined ? ` — ${examples[0].summary}` : null}
            </p>
          ) : null}
          <CodeBlock language={examples[0].language} code={examples[0].value} />
        </>
      ) : null}
      {validator !== undefined ? <Validator examples={examples} chosen={chosen} target={validator} /> : null}
    </>
  );
}

type ValidatorTarget = {readonly target: string; readonly example?: string};

/** The payload validator; where the reader can pick an example, it opens with the one picked. */
function Validator({
  examples,
  chosen,
  target,
}: {
  readonly examples: readonly ExampleView[];
  readonly chosen: number;
  readonly target: ValidatorTarget;
}): ReactNode {
  const picked = examples[chosen];
  return examples.length > 1 && picked !== undefined && picked.language === 'json' ? (
    <PayloadValidator target={target.target} example={picked.value} prefill />
  ) : (
    <PayloadValidator target={target.target} example={target.example} />
  );
}

function MediaExamples({
  contents,
  validator,
  onPick,
}: {
  readonly contents: readonly MediaView[];
  readonly validator?: ValidatorTarget;
  /** Told the example picked in the JSON media type's set. */
  readonly onPick?: (index: number) => void;
}): ReactNode {
  // The validator checks the JSON body: it goes under the first JSON media type.
  const jsonIndex = jsonMedia(contents);
  const named = contents.length > 1 || (contents[0] !== undefined && jsonIndex !== 0);
  return (
    <>
      {contents.map((media, i) => (
        <div key={media.mediaType} className={styles.media}>
          {named ? (
            <p className={styles.mediaType}>
              <code>{media.mediaType}</code>
            </p>
          ) : null}
          {media.examples.length === 0 ? <p className={styles.none}>No example in the document.</p> : null}
          <ExampleSet
            examples={media.examples}
            validator={i === jsonIndex ? validator : undefined}
            onPick={i === jsonIndex ? onPick : undefined}
          />
        </div>
      ))}
    </>
  );
}

/** Response examples behind a status picker (200, 202, 4xx …), one panel per response. */
export function ResponseExamples({responses}: {readonly responses: readonly ResponseView[]}): ReactNode {
  if (responses.length === 0) return null;
  return (
    <Picker
      label="Response status"
      choices={responses.map((response) => ({
        key: response.id,
        label: response.code,
        className: styles[response.kind],
        content:
          response.contents.length === 0 ? (
            <p className={styles.none}>No body.</p>
          ) : (
            <MediaExamples contents={response.contents} />
          ),
      }))}
    />
  );
}

export function RequestExamples({
  contents,
  validator,
}: {
  readonly contents: readonly MediaView[];
  readonly validator?: ValidatorTarget;
}): ReactNode {
  return <MediaExamples contents={contents} validator={validator} />;
}

/**
 * The request as the reader sends it: the code samples, one tab per language, with the body
 * alone as a last tab ("Body", or "Message" on a WebSocket reference). The body's example
 * picker sits in that tab; the payload validator, under the tabs, follows the example picked.
 * Whatever comes after (the request builder) is given as children, between the two.
 */
export function RequestSamples({
  samples,
  title,
  bodyLabel,
  contents,
  validator,
  children,
}: {
  readonly samples: CodeSample[];
  readonly title: string;
  readonly bodyLabel: string;
  /** The body's examples by media type (none: no body tab). */
  readonly contents: readonly MediaView[];
  readonly validator?: ValidatorTarget;
  readonly children?: ReactNode;
}): ReactNode {
  const [chosen, setChosen] = useState(0);
  const withExamples = contents.some((media) => media.examples.length > 0);
  const examples = contents[jsonMedia(contents)]?.examples ?? [];
  return (
    <>
      <CodeSamples
        samples={samples}
        title={title}
        body={
          withExamples
            ? {label: bodyLabel, content: <MediaExamples contents={contents} onPick={setChosen} />}
            : undefined
        }
      />
      {validator !== undefined ? <Validator examples={examples} chosen={chosen} target={validator} /> : null}
      {children}
    </>
  );
}

/** The pane itself: a labelled group (not a landmark: a page has dozens of them). */
export default function Pane({
  label,
  className,
  children,
}: {
  readonly label: string;
  readonly className?: string;
  readonly children: ReactNode;
}): ReactNode {
  return (
    <div role="group" aria-label={label} className={clsx(styles.pane, className)}>
      {children}
    </div>
  );
}

/** A section title inside the pane. */
export function PaneTitle({children}: {readonly children: ReactNode}): ReactNode {
  return (
    <Heading as="h4" className={styles.title}>
      {children}
    </Heading>
  );
}
