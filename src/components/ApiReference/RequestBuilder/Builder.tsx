/**
 * The request builder, loaded when a reader opens "Build request": a form made
 * at build time from the operation or message, checked as the reader types by
 * the precompiled validators (parameters on the page, the body in the payload
 * validator's worker), and the request written out in the reader's language
 * (the site-wide code-language choice) or, for a WebSocket message, as a
 * Node.js script. Nothing is sent anywhere, and the token is kept in this
 * component's memory only: never in storage, a URL or an attribute.
 */
import {useId, useState} from 'react';
import type {ChangeEvent, FormEvent, ReactNode} from 'react';
import type {
  BuilderExample,
  BuilderField,
  BuilderServer,
  RestBuilderModel,
  WsBuilderModel,
} from '@site/plugins/api-reference/builder/types';
import CodeBlock from '../CodeBlock';
import Badge from '../Badge';
import validatorStyles from '../Validator/styles.module.css';
import {bodyProblems, useBodyCheck, useModel, useRestBuilder, type Problem} from './hooks';
import {fieldKey, wsScriptInput} from './request';
import {knownSampleLanguage, SAMPLE_LANGUAGES} from '@site/plugins/api-reference/client/sampleLanguages';
import {nodeScript} from '@site/plugins/api-reference/client/wsScript';
import styles from './styles.module.css';

function ServerAndToken({
  servers,
  server,
  onServer,
  tokenLabel,
  placeholder,
  onToken,
}: {
  readonly servers: readonly BuilderServer[];
  readonly server: number;
  readonly onServer: (index: number) => void;
  readonly tokenLabel: string;
  readonly placeholder: string;
  readonly onToken: (token: string) => void;
}): ReactNode {
  const id = useId();
  return (
    <div className={styles.row}>
      <div className={styles.field}>
        <label htmlFor={`${id}-server`} className={styles.name}>
          Server
        </label>
        <select
          id={`${id}-server`}
          className={styles.control}
          value={server}
          onChange={(event) => onServer(Number(event.target.value))}
        >
          {servers.map((s, i) => (
            <option key={s.url} value={i}>
              {s.label} — {s.url}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-token`} className={styles.name}>
          {tokenLabel}
        </label>
        {/* Uncontrolled on purpose: React would mirror a controlled value into the DOM attribute. */}
        <input
          id={`${id}-token`}
          type="password"
          className={styles.control}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={`${id}-token-hint`}
          onInput={(event: FormEvent<HTMLInputElement>) => onToken(event.currentTarget.value)}
        />
        <p id={`${id}-token-hint`} className={styles.rule}>
          Never stored or sent: it only goes into the code below. Until you type one, the code shows{' '}
          <code>{placeholder}</code>.
        </p>
      </div>
    </div>
  );
}

function ParameterField({
  field,
  text,
  send,
  problem,
  onChange,
}: {
  readonly field: BuilderField;
  readonly text: string;
  readonly send: boolean;
  readonly problem?: string;
  readonly onChange: (text: string, send: boolean) => void;
}): ReactNode {
  const id = useId();
  const described = [`${id}-rule`, problem !== undefined ? `${id}-error` : ''].filter(Boolean).join(' ');
  const onValue = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>): void =>
    onChange(event.target.value, true);
  return (
    <div className={styles.field} data-field={field.name}>
      <div className={styles.head}>
        <label htmlFor={id} className={styles.name}>
          <code>{field.name}</code> <span className={styles.where}>{field.in}</span>
          {field.required ? <Badge badge={{kind: 'required'}} /> : null}
        </label>
        {!field.required ? (
          <label className={styles.send}>
            <input
              type="checkbox"
              checked={send}
              onChange={(event) => onChange(text, event.target.checked)}
            />{' '}
            send
            <span className="visually-hidden"> {field.name}</span>
          </label>
        ) : null}
      </div>
      {field.enum !== undefined ? (
        <select
          id={id}
          className={styles.control}
          value={text}
          aria-describedby={described}
          aria-invalid={problem !== undefined}
          onChange={onValue}
        >
          {field.enum.includes(text) ? null : <option value={text}>{text === '' ? '(empty)' : text}</option>}
          {field.enum.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="text"
          className={styles.control}
          value={text}
          inputMode={field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={described}
          aria-invalid={problem !== undefined}
          onChange={onValue}
        />
      )}
      <p id={`${id}-rule`} className={styles.rule}>
        {field.kind === 'array' ? 'list' : field.kind}
        {field.rule !== field.kind ? ` · ${field.rule.replace(/^(integer|number), /, '')}` : ''}
        {field.default !== undefined ? ` · default ${field.default}` : ''}
        {field.example !== undefined && field.example !== text ? ` · e.g. ${field.example}` : ''}
      </p>
      {problem !== undefined ? (
        <p id={`${id}-error`} className={styles.error}>
          {problem}
        </p>
      ) : null}
    </div>
  );
}

function BodyField({
  label,
  examples,
  text,
  onChange,
}: {
  readonly label: string;
  readonly examples: readonly BuilderExample[];
  readonly text: string;
  readonly onChange: (text: string) => void;
}): ReactNode {
  const id = useId();
  const [example, setExample] = useState(0);
  return (
    <div className={styles.field}>
      <div className={styles.head}>
        <label htmlFor={id} className={styles.name}>
          {label}
        </label>
        {examples.length > 0 ? (
          <span className={styles.send}>
            <label htmlFor={`${id}-example`}>Example </label>
            <select
              id={`${id}-example`}
              value={example}
              onChange={(event) => {
                const index = Number(event.target.value);
                setExample(index);
                onChange(examples[index]?.value ?? '');
              }}
            >
              {examples.map((e, i) => (
                <option key={i} value={i}>
                  {e.label}
                </option>
              ))}
            </select>
          </span>
        ) : null}
      </div>
      <textarea
        id={id}
        className={validatorStyles.input}
        value={text}
        rows={Math.min(16, Math.max(4, text.split('\n').length))}
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function Outcome({
  problems,
  code,
  language,
  ready,
}: {
  readonly problems: readonly Problem[];
  readonly code: string | null;
  readonly language: string;
  readonly ready: string;
}): ReactNode {
  return (
    <>
      <div
        className={validatorStyles.result}
        role="status"
        aria-live="polite"
        data-state={problems.length > 0 ? 'invalid' : 'ready'}
      >
        {problems.length > 0 ? (
          <>
            <p className={validatorStyles.problem}>
              Not built: {problems.length} {problems.length === 1 ? 'problem' : 'problems'} to fix.
            </p>
            <ul className={styles.problems}>
              {problems.map((problem, i) => (
                <li key={i}>
                  <code>{problem.field}</code> {problem.message}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className={validatorStyles.valid}>{ready}</p>
        )}
      </div>
      {problems.length === 0 && code !== null ? (
        <div className={styles.output} data-builder-output>
          <CodeBlock language={language} code={code} />
        </div>
      ) : null}
    </>
  );
}

function RestBuilder({model}: {readonly model: RestBuilderModel}): ReactNode {
  const languageId = useId();
  const {
    server,
    setServer,
    setToken,
    form,
    setField,
    body,
    setBody,
    language,
    setLanguage,
    parameters,
    fieldProblems,
    problems,
    code,
    prism,
  } = useRestBuilder(model);
  const credential = model.credentials[0];

  return (
    <div className={styles.builder}>
      <p className={validatorStyles.hint}>
        Fill in the request; it is checked as you type and written below in your language. Nothing is sent
        from this page: run the code yourself.
      </p>
      <ServerAndToken
        servers={model.servers}
        server={server}
        onServer={setServer}
        tokenLabel={credential !== undefined ? `Token (${credential.name})` : 'Token'}
        placeholder={credential?.placeholder ?? '<token>'}
        onToken={setToken}
      />
      {model.fields.length > 0 ? (
        <fieldset className={styles.fields}>
          <legend className={styles.legend}>Parameters</legend>
          {parameters !== null && !parameters.ok ? (
            <p className={validatorStyles.notice}>
              The parameters are not checked here: {parameters.reason}.
            </p>
          ) : null}
          {model.fields.map((field) => {
            const key = fieldKey(field);
            const state = form[key] ?? {text: '', send: false};
            return (
              <ParameterField
                key={key}
                field={field}
                text={state.text}
                send={state.send}
                problem={state.send ? fieldProblems[key] : undefined}
                onChange={(text, send) => setField(key, text, send)}
              />
            );
          })}
        </fieldset>
      ) : null}
      {model.body !== undefined && body !== undefined ? (
        <BodyField
          label={`Request body (${model.body.mediaType})${model.body.required ? ', required' : ''}`}
          examples={model.body.examples}
          text={body}
          onChange={setBody}
        />
      ) : null}
      <div className={styles.head}>
        <label htmlFor={languageId} className={styles.name}>
          Language
        </label>
        <select
          id={languageId}
          className={styles.language}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
        >
          {SAMPLE_LANGUAGES.map((l) => (
            <option key={l.language} value={l.language}>
              {l.label}
            </option>
          ))}
        </select>
      </div>
      <Outcome
        problems={problems}
        code={code}
        language={prism}
        ready={`Ready: ${model.method} ${model.path} in ${knownSampleLanguage(language)?.label ?? language}, updated as you type.`}
      />
    </div>
  );
}

function WsBuilder({model}: {readonly model: WsBuilderModel}): ReactNode {
  const [server, setServer] = useState(0);
  const [token, setToken] = useState('');
  const [body, setBody] = useState(model.examples[0]?.value ?? '');
  const outcome = useBodyCheck(model.validator, body);
  const built = wsScriptInput(model, {server, token, body});
  const problems = model.address === null ? [] : bodyProblems(outcome, 'message');
  if (!built.ok && model.address !== null && outcome?.kind !== 'syntax')
    problems.push({field: 'message', message: built.problem});
  return (
    <div className={styles.builder}>
      <p className={validatorStyles.hint}>
        Fill in the message; it is checked as you type and written below as a Node.js script that connects,
        subscribes the {model.channel} channel and sends it. Nothing is sent from this page.
      </p>
      <ServerAndToken
        servers={model.servers}
        server={server}
        onServer={setServer}
        tokenLabel={model.auth !== undefined ? `Token (${model.auth.header})` : 'Token'}
        placeholder={model.auth?.placeholder ?? '<token>'}
        onToken={setToken}
      />
      <BodyField
        label={`Message ${model.message} (JSON)`}
        examples={model.examples}
        text={body}
        onChange={setBody}
      />
      {model.address === null ? (
        <p className={validatorStyles.notice} role="status">
          The address of the {model.channel} channel is not published by the provider, so no script is written
          for it.
        </p>
      ) : (
        <Outcome
          problems={problems}
          code={built.ok ? nodeScript(built.input) : null}
          language="javascript"
          ready={`Ready: a Node.js script sending ${model.message}, updated as you type.`}
        />
      )}
    </div>
  );
}

export default function Builder({target}: {readonly target: string}): ReactNode {
  const {model, error} = useModel(target);
  if (error !== undefined)
    return (
      <p className={validatorStyles.notice} role="status">
        The request builder is unavailable here: {error}.
      </p>
    );
  if (model === undefined)
    return (
      <p className={validatorStyles.notice} role="status">
        Loading the form…
      </p>
    );
  return model.kind === 'rest' ? <RestBuilder model={model} /> : <WsBuilder model={model} />;
}
