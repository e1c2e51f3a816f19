/**
 * The state of the request builder (Builder.tsx): the form model loaded on open, the
 * site-wide code language, a body checked in the payload validator's worker, and for a REST
 * operation the form, its parameter checks and the request written out. The token stays in
 * this state only: never in storage, a URL or an attribute.
 */
import {useCallback, useEffect, useMemo, useRef, useState} from 'react';
import {useStorageSlot} from '@docusaurus/theme-common';
import type {BuilderModel, RestBuilderModel} from '@site/plugins/api-reference/builder/types';
import {unescapePointerToken} from '@site/plugins/api-reference/client/json';
import type {LoadedValidator} from '../Validator/load';
import {describeErrors} from '../Validator/messages';
import type {ValidationOutcome} from '../Validator/protocol';
import {ValidatorSession} from '../Validator/session';
import {loadBuilderModel, loadParameterValidator} from './load';
import {fieldKey, initialForm, parameterObject, restRequest, type FormState} from './request';
import {
  knownSampleLanguage,
  SAMPLE_LANGUAGES,
  type SampleLanguage,
} from '@site/plugins/api-reference/client/sampleLanguages';
import {requestSnippet} from './snippet';

/** Docusaurus's storage key of the code-language tab group: the samples' choice, shared site-wide. */
const LANGUAGE_KEY = 'docusaurus.tab.code-language';

/** One thing that stops the request from being written, naming the field and the rule. */
export interface Problem {
  field: string;
  message: string;
}

export function useModel(target: string): {model?: BuilderModel; error?: string} {
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
export function useBodyCheck(file: string | undefined, text: string | undefined): ValidationOutcome | null {
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

export function bodyProblems(outcome: ValidationOutcome | null, label: string): Problem[] {
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

export function useLanguage(): [SampleLanguage, (language: string) => void] {
  const [stored, slot] = useStorageSlot(LANGUAGE_KEY);
  const language = knownSampleLanguage(stored)?.language ?? SAMPLE_LANGUAGES[0].language;
  return [language, useCallback((value: string) => slot.set(value), [slot])];
}

export interface RestBuilderState {
  readonly server: number;
  readonly setServer: (server: number) => void;
  readonly setToken: (token: string) => void;
  readonly form: FormState;
  readonly setField: (key: string, text: string, send: boolean) => void;
  readonly body: string | undefined;
  readonly setBody: (body: string) => void;
  readonly language: SampleLanguage;
  readonly setLanguage: (language: string) => void;
  /** The parameters' validator once loaded (or why there is none). */
  readonly parameters: LoadedValidator | null;
  /** The problem of each field, by `fieldKey`. */
  readonly fieldProblems: Record<string, string>;
  /** What stops the request from being written, field by field. */
  readonly problems: Problem[];
  /** The request in `language`, or null while there are problems. */
  readonly code: string | null;
  /** Prism's name of `language`. */
  readonly prism: string;
}

export function useRestBuilder(model: RestBuilderModel): RestBuilderState {
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
          : unescapePointerToken(decodeURIComponent(error.pointer.split('/')[1] ?? ''));
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
  const prism = knownSampleLanguage(language)?.prism ?? 'bash';
  const setField = useCallback(
    (key: string, text: string, send: boolean) => setForm((current) => ({...current, [key]: {text, send}})),
    [],
  );

  return {
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
  };
}
