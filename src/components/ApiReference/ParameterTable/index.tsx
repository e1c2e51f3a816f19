import {Fragment} from 'react';
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import type {ParameterView} from '@site/plugins/api-reference/types';
import Markdown from '../Markdown';
import Text from '../Text';
import {constInDescription, rulesNotInDescription} from '@site/plugins/api-reference/client/rules';
import Schema from '../Schema';
import StaticMarkup from '@site/src/components/StaticMarkup';
import styles from './styles.module.css';
import Badge from '../Badge';

function hasNested(p: ParameterView): boolean {
  return (
    p.schema.fields !== undefined ||
    p.schema.groups !== undefined ||
    (p.schema.items?.fields ?? p.schema.items?.groups) !== undefined
  );
}

function Row({param}: {readonly param: ParameterView}): ReactNode {
  useBrokenLinks().collectAnchor(param.id);
  const s = param.schema;
  const rules = rulesNotInDescription(s.constraints, param.description, s.description);
  // A constant the description already gives ("Always prices.") is not repeated.
  const constant =
    s.const !== undefined && !constInDescription(s.const, param.description, s.description)
      ? s.const
      : undefined;
  const hasFacts =
    constant !== undefined ||
    s.enum !== undefined ||
    rules.length > 0 ||
    s.default !== undefined ||
    param.example !== undefined ||
    param.serialization !== undefined;
  return (
    <tr id={param.id} className={styles.row}>
      <th scope="row">
        <Link href={`#${param.id}`} className={styles.name}>
          <code>{param.name}</code>
        </Link>
        <Badge badge={{kind: param.required ? 'required' : 'optional'}} />
        {param.deprecated === true ? <Badge badge={{kind: 'deprecated', mark: param.deprecation}} /> : null}
        <Badge badge={param.release} />
      </th>
      {/* data-label names the column where narrow screens stack the cells (styles.module.css). */}
      <td className={styles.short} data-label="In">
        {param.in}
      </td>
      <td className={styles.short} data-label="Type">
        <code className={styles.type}>{s.type || 'any'}</code>
      </td>
      <td>
        <Markdown html={param.description} />
        {s.description !== param.description ? <Markdown html={s.description} /> : null}
        {/* The rules as short sentences in one paragraph, as in the schema view. */}
        {hasFacts ? (
          <p className={styles.facts}>
            {constant !== undefined ? (
              <>
                Always <code>{constant}</code>.{' '}
              </>
            ) : null}
            {s.enum !== undefined ? (
              <>
                One of:{' '}
                {s.enum.map((v, i) => (
                  <Fragment key={i}>
                    {i > 0 ? ', ' : null}
                    <code>{v}</code>
                    {s.valueReleases?.[v] !== undefined ? <Badge badge={s.valueReleases[v]} /> : null}
                  </Fragment>
                ))}
                .{' '}
              </>
            ) : null}
            {rules.map((c, i) => (
              <Fragment key={i}>
                <Text value={c.charAt(0).toUpperCase() + c.slice(1) + (/[.!?]$/.test(c) ? '' : '.')} />{' '}
              </Fragment>
            ))}
            {s.default !== undefined ? (
              <>
                Default: <code>{s.default}</code>.{' '}
              </>
            ) : null}
            {param.example !== undefined ? (
              <>
                Example: <code>{param.example}</code>.{' '}
              </>
            ) : null}
            {param.serialization !== undefined ? <>Serialised: {param.serialization}.</> : null}
          </p>
        ) : null}
        {hasNested(param) ? <Schema node={s} label={`Structure of ${param.name}`} /> : null}
      </td>
    </tr>
  );
}

/** Parameters as a table with real headers: name, location, type, and the rules in words. */
/** Counted box by box by the page planner (`parameterTableBoxes` in plugins/api-reference/openapi/weight.ts): change both. */
export default function ParameterTable({
  parameters,
  caption,
}: {
  readonly parameters: ParameterView[];
  readonly caption: string;
}): ReactNode {
  if (parameters.length === 0) return null;
  return (
    <StaticMarkup className={styles.wrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead className="visually-hidden-narrow">
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Description and rules</th>
          </tr>
        </thead>
        <tbody>
          {parameters.map((p) => (
            <Row key={p.id} param={p} />
          ))}
        </tbody>
      </table>
    </StaticMarkup>
  );
}
