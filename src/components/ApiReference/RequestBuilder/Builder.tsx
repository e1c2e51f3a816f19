/**
 * The request builder, loaded when a reader opens "Build request": a form made
 * at build time from the operation or message, checked as the reader types by
 * the precompiled validators (parameters on the page, the body in the payload
 * validator's worker), and the request written out in the reader's language
 * (the site-wide code-language choice) or, for a WebSocket message, as a
 * Node.js script. Nothing is sent anywhere, and the token is kept in this
 * component's memory only: never in storage, a URL or an attribute.
 */
import {useCallback, useEffect, useId, useMemo, useRef, useState} from 'react';
import type {ChangeEvent, FormEvent, ReactNode} from 'react';
import {useStorageSlot} from '@docusaurus/theme-common';
import type {
  BuilderExample,
  BuilderField,
  BuilderModel,
  BuilderServer,
  RestBuilderModel,
  WsBuilderModel,
} from '@site/plugins/api-reference/builder/types';
import CodeBlock from '../CodeBlock';
import type {LoadedValidator} from '../Validator/load';
import {describeErrors} from '../Validator/messages';
import type {ValidationOutcome} from '../Validator/protocol';
import {ValidatorSession} from '../Validator/session';
import validatorStyles from '../Validator/styles.module.css';
import {loadBuilderModel, loadParameterValidator} from './load';
import {fieldKey, initialForm, parameterObject, restRequest, wsScriptInput, type FormState} from './request';
import {SNIPPET_LANGUAGES, requestSnippet, type SnippetLanguage} from './snippet';
import {nodeScript} from '@site/plugins/api-reference/client/wsScript';
import styles from './styles.module.css';

/** Docusaurus's storage key of the code-language tab group: the samples' choice, shared site-wide. */
const LANGUAGE_KEY = 'docusaurus.tab.code-language';

/** One thing that stops the request from being written, naming the field and the rule. */
interface Problem {
  field: string;
  message: string;
}

function useModel(target: string): {model?: BuilderModel; error?: string} {
  const [state, setState] = useState<{model?: BuilderModel; error?: string}>({});
  useEffect(() => {
    let live = true;
    loadBuilderModel(target).then(
      (model) => live && setState({model}),
      (error: unknown) => live && setState({error: error instanceof Error ? error.message : String(error)}),
    );
    return () => {
      live = false;
    };
  }, [target]);
  return state;
}

/** Checks a JSON body in the payload validator's worker, shortly after the reader stops typing. */
function useBodyCheck(file: string | undefined, text: string | undefined): ValidationOutcome | null {
  const session = useRef<ValidatorSession | null>(null);
  const [outcome, setOutcome] = useState<ValidationOutcome | null>(null);
  useEffect(() => {
    if (file === undefined) return undefined;
    const current = new ValidatorSession(file);
    session.current = current;
    return () => {
      current.dispose();
      session.current = null;
    };
  }, [file]);
  useEffect(() => {
    const current = session.current;
    if (current === null || text === undefined) return undefined;
    let live = true;
    const timer = window.setTimeout(() => {
      void current.validate(text).then((run) => live && setOutcome(run.outcome));
    }, 200);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [text, file]);
  return outcome;
}

function bodyProblems(outcome: ValidationOutcome | null, label: string): Problem[] {
  if (outcome === null) return [];
  switch (outcome.kind) {
    case 'syntax':
      return [
        {
          field: label,
          message: `is not valid JSON: ${outcome.message} (line ${outcome.line}, column ${outcome.column})`,
        },
      ];
    case 'refused':
    case 'failed':
      return [{field: label, message: outcome.reason}];
    case 'invalid':
      return outcome.errors.map((error) => ({
        field: error.pointer === '' ? label : error.pointer,
        message: `${error.message}${error.value !== null ? ` (value: ${error.value})` : ''}`,
      }));
    default:
      return [];
  }
}

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
          {field.required ? <span className={styles.required}> required</span> : null}
        </label>
        {!field.required ? (
          <label className={styles.send}>
            <input
              type="checkbox"
              checked={send}
              onChange={(event) => onChange(text, event.target.checked)}
            />{' '}
            send
            <span className={styles.hidden}> {field.name}</span>
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

function useLanguage(): [SnippetLanguage, (language: string) => void] {
  const [stored, slot] = useStorageSlot(LANGUAGE_KEY);
  const language =
    SNIPPET_LANGUAGES.find((l) => l.language === stored)?.language ?? SNIPPET_LANGUAGES[0].language;
  return [language, useCallback((value: string) => slot.set(value), [slot])];
}

function RestBuilder({model}: {readonly model: RestBuilderModel}): ReactNode {
  const languageId = useId();
  const [server, setServer] = useState(0);
  const [token, setToken] = useState('');
  const [form, setForm] = useState<FormState>(() => initialForm(model));
  const [body, setBody] = useState<string | undefined>(model.body?.examples[0]?.value);
  const [language, setLanguage] = useLanguage();
  const [parameters, setParameters] = useState<LoadedValidator | null>(null);

  useEffect(() => {
    let live = true;
    if (model.parametersValidator !== undefined)
      void loadParameterValidator(model.parametersValidator).then((loaded) => live && setParameters(loaded));
    return () => {
      live = false;
    };
  }, [model.parametersValidator]);

  const fieldProblems = useMemo((): Record<string, string> => {
    if (parameters === null || !parameters.ok) return {};
    const validate = parameters.validate;
    if (validate(parameterObject(model, form))) return {};
    const out: Record<string, string> = {};
    for (const error of describeErrors(validate.errors ?? [])) {
      const name =
        error.pointer === ''
          ? (/"([^"]+)"/.exec(error.message)?.[1] ?? '')
          : decodeURIComponent(error.pointer.split('/')[1] ?? '')
              .replace(/~1/g, '/')
              .replace(/~0/g, '~');
      const field = model.fields.find((f) => f.name === name);
      if (field === undefined || out[fieldKey(field)] !== undefined) continue;
      const message = error.keyword === 'required' ? 'is required' : error.message;
      out[fieldKey(field)] = `${message} (rule: ${field.rule})`;
    }
    return out;
  }, [parameters, model, form]);

  const bodyOutcome = useBodyCheck(model.body?.validator, model.body?.json === true ? body : undefined);
  const built = restRequest(model, {server, token, form, ...(body !== undefined ? {body} : {})});
  const problems: Problem[] = [
    ...model.fields.flatMap((field) => {
      const message = fieldProblems[fieldKey(field)];
      return message === undefined ? [] : [{field: field.name, message}];
    }),
    ...bodyProblems(bodyOutcome, 'body'),
    ...(!built.ok && bodyOutcome?.kind !== 'syntax' ? [{field: 'body', message: built.problem}] : []),
  ];
  const code = built.ok ? requestSnippet(built.request, language) : null;
  const prism = SNIPPET_LANGUAGES.find((l) => l.language === language)?.prism ?? 'bash';
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
                onChange={(text, send) => setForm((current) => ({...current, [key]: {text, send}}))}
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
          {SNIPPET_LANGUAGES.map((l) => (
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
        ready={`Ready: ${model.method} ${model.path} in ${SNIPPET_LANGUAGES.find((l) => l.language === language)?.label ?? language}, updated as you type.`}
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
