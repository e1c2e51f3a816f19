/**
 * The schema view shared by /rest and /docs/ws. Every named field is an
 * element with a stable id (its path) registered with the broken-anchor
 * checker, so other pages can link to a single field. Nested structures use
 * open <details>: collapsible for the reader, but always in the static HTML.
 *
 * The page planner counts this markup box by box (`schemaBoxes` in plugins/api-reference/openapi/
 * weight.ts): change both together; tests/unit/reference/weight.test.tsx compares them.
 */
import {Fragment} from 'react';
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import Heading from '@theme/Heading';
import {SECTION_IDS} from '@site/plugins/api-reference/client/anchors';
import type {
  DataTypeView,
  DescribedSchemaView,
  ReleaseBadge,
  SchemaGroup,
  SchemaNode,
} from '@site/plugins/api-reference/types';
import Markdown from '../Markdown';
import Text from '../Text';
import {constInDescription, rulesNotInDescription} from '@site/plugins/api-reference/client/rules';
import {hasChildren} from '@site/plugins/api-reference/client/schemaNodes';
import StaticMarkup from '@site/src/components/StaticMarkup';
import styles from './styles.module.css';
import Badge from '../Badge';

/** A field's flags: "deprecated" drawn as everywhere else (with its release and sunset), the others as plain badges. */
function FieldBadges({node}: {node: SchemaNode}): ReactNode {
  return (node.badges ?? []).map((b) =>
    b === 'deprecated' ? (
      <Badge key={b} badge={{kind: 'deprecated', mark: node.deprecation}} />
    ) : (
      <Badge key={b} badge={{kind: b}} />
    ),
  );
}

function Literal({value}: {readonly value: string}): ReactNode {
  return <code className={styles.literal}>{value}</code>;
}

/** Literals separated by commas; a value a recent release added is followed by its "New in X". */
function LiteralList({
  values,
  releases,
}: {
  readonly values: string[];
  readonly releases?: Readonly<Record<string, ReleaseBadge>> | undefined;
}): ReactNode {
  return (
    <>
      {values.map((v, i) => (
        <Fragment key={i}>
          {i > 0 ? ', ' : null}
          <Literal value={v} />
          {releases?.[v] !== undefined ? <Badge badge={releases[v]} /> : null}
        </Fragment>
      ))}
    </>
  );
}

/** The full stop after a rule, unless it has one. */
function stop(text: string): string {
  return /[.!?]$/.test(text) ? '' : '.';
}

/**
 * Description, constraints and values of one schema: what a reader needs to fill the field.
 * The rules are short sentences in one paragraph (a list cost two elements per rule, and a
 * reference page has about a thousand rules).
 */
function Facts({node}: {readonly node: SchemaNode}): ReactNode {
  const rows: ReactNode[] = [];
  if (node.const !== undefined && !constInDescription(node.const, node.description))
    rows.push(
      <Fragment key="const">
        Always <Literal value={node.const} />.
      </Fragment>,
    );
  if (node.enum !== undefined)
    rows.push(
      <Fragment key="enum">
        One of: <LiteralList values={node.enum} releases={node.valueReleases} />.
      </Fragment>,
    );
  for (const [i, c] of rulesNotInDescription(node.constraints, node.description).entries()) {
    rows.push(
      <Fragment key={`c${i}`}>
        <Text value={c.charAt(0).toUpperCase() + c.slice(1) + stop(c)} />
      </Fragment>,
    );
  }
  if (node.default !== undefined)
    rows.push(
      <Fragment key="default">
        Default: <Literal value={node.default} />.
      </Fragment>,
    );
  // An object's example is its fields' examples put together, and the whole payload is in the
  // pane beside: shown for values without listed fields only.
  if (node.examples !== undefined && node.examples.length > 0 && node.fields === undefined) {
    rows.push(
      <Fragment key="examples">
        {node.examples.length > 1 ? 'Examples: ' : 'Example: '}
        <LiteralList values={node.examples} />.
      </Fragment>,
    );
  }
  if (node.discriminator !== undefined) {
    const {property, mapping} = node.discriminator;
    rows.push(
      <Fragment key="disc">
        The field <code>{property}</code> tells which shape applies
        {mapping.length > 0 ? ': ' : ''}
        {mapping.map((m, i) => (
          <Fragment key={m.value}>
            {i > 0 ? '; ' : null}
            <Literal value={m.value} /> → {m.target}
          </Fragment>
        ))}
        .
      </Fragment>,
    );
  }
  return (
    <>
      <Markdown html={node.description} className={styles.description} />
      {rows.length > 0 ? (
        <p className={styles.facts}>
          {rows.map((row, i) => (
            <Fragment key={i}>
              {i > 0 ? ' ' : null}
              {row}
            </Fragment>
          ))}
        </p>
      ) : null}
    </>
  );
}

/** Where the fields (or items, or shapes) of a schema described once on this page are. */
function DescribedAt({node}: {readonly node: SchemaNode}): ReactNode {
  if (node.describedAt === undefined) return null;
  return (
    <p className={styles.describedAt}>
      Its structure is described once on this page, under{' '}
      <Link href={`#${node.describedAt.id}`}>{node.describedAt.title}</Link>.
    </p>
  );
}

/** Fields, items, tuple positions and compositions under a node. */
function Children({node}: {readonly node: SchemaNode}): ReactNode {
  if (node.describedAt !== undefined) return <DescribedAt node={node} />;
  if (node.recursive !== undefined) {
    const {name, id} = node.recursive;
    return (
      <p className={styles.recursive}>
        Recursive: the same structure as {id !== undefined ? <Link href={`#${id}`}>{name}</Link> : name},
        nested again.
      </p>
    );
  }
  return (
    <>
      {node.fields !== undefined ? (
        <ul className={styles.fields}>
          {node.fields.map((field, i) => (
            <Field key={field.id ?? i} node={field} />
          ))}
        </ul>
      ) : null}
      {node.prefixItems !== undefined ? (
        <div className={styles.items}>
          <p className={styles.itemsLabel}>Items by position:</p>
          <ul className={styles.fields}>
            {node.prefixItems.map((item, i) => (
              <Field key={item.id ?? i} node={item} />
            ))}
          </ul>
        </div>
      ) : null}
      {node.items !== undefined ? (
        <div className={styles.items}>
          <p className={styles.itemsLabel}>
            {node.prefixItems !== undefined ? 'Every further item:' : 'Each item:'}
          </p>
          <ul className={styles.fields}>
            <Field node={node.items} />
          </ul>
        </div>
      ) : null}
      {(node.groups ?? []).map((group, i) => (
        <Group key={i} group={group} />
      ))}
    </>
  );
}

function Group({group}: {readonly group: SchemaGroup}): ReactNode {
  const many = group.branches.length > 1;
  return (
    <div className={clsx(styles.group, styles[`group-${group.kind}`])} role="group" aria-label={group.label}>
      <p className={styles.groupLabel}>
        <strong>{group.label}</strong>
        {many ? ` these ${group.branches.length}:` : ':'}
      </p>
      <ol className={styles.branches}>
        {group.branches.map((branch, i) => (
          <li key={i} className={styles.branch}>
            <p className={styles.branchTitle}>
              <strong>{branch.title}</strong>
              {branch.node.type !== '' &&
              branch.node.type !== 'any' &&
              !branch.title.includes(branch.node.type) ? (
                <span className={styles.type}> {branch.node.type}</span>
              ) : null}
            </p>
            <Facts node={branch.node} />
            <Children node={branch.node} />
          </li>
        ))}
      </ol>
    </div>
  );
}

function Field({node}: {readonly node: SchemaNode}): ReactNode {
  const brokenLinks = useBrokenLinks();
  if (node.id !== undefined) brokenLinks.collectAnchor(node.id);
  const nested = hasChildren(node);
  return (
    // The name, type and badges open the field's first line, inline: no wrapper, no flex box.
    <li className={styles.field} id={node.id}>
      {node.id !== undefined ? (
        <Link
          className={styles.name}
          href={`#${node.id}`}
          aria-label={`${node.name ?? 'field'}: link to this field`}
        >
          {node.name}
        </Link>
      ) : (
        <code className={styles.name}>{node.name}</code>
      )}
      {/* Spaces between name, type and title keep them apart as words in the page's text. */}
      {node.type !== '' ? (
        <>
          {' '}
          <span className={styles.type}>{node.type}</span>
        </>
      ) : null}
      {node.dataType !== undefined || node.describedAt !== undefined || node.title !== undefined ? ' ' : null}
      {node.dataType !== undefined || node.describedAt !== undefined ? (
        // The type's description, rules and examples are under "Data types", once for every field;
        // a large or shared schema's fields under "Schemas".
        <Link
          className={clsx(styles.title, styles.dataType)}
          href={`#${node.dataType ?? node.describedAt?.id ?? ''}`}
        >
          {node.title}
        </Link>
      ) : node.title !== undefined ? (
        <span className={styles.title}>{node.title}</span>
      ) : null}
      {node.required === true ? <Badge badge={{kind: 'required'}} /> : null}
      <FieldBadges node={node} />
      <Badge badge={node.release} />
      <Facts node={node} />
      <DescribedAt node={node} />
      {nested ? (
        <details className={styles.nested} open>
          <summary>{summaryOf(node)}</summary>
          <Children node={node} />
        </details>
      ) : null}
    </li>
  );
}

function summaryOf(node: SchemaNode): string {
  const label = node.name ?? 'value';
  if (node.recursive !== undefined) return `Inside ${label}`;
  if (node.fields !== undefined)
    return `Fields of ${label} (${node.fields.length}${node.closed === true ? '; no others allowed' : ''})`;
  if (node.items !== undefined || node.prefixItems !== undefined) return `Items of ${label}`;
  return `Shapes of ${label}`;
}

/** A whole schema: its own facts, then its fields. `label` names it for screen readers. */
export default function Schema({
  node,
  label,
}: {
  readonly node: SchemaNode;
  readonly label: string;
}): ReactNode {
  return (
    // Static: a schema view has no control that needs React, so the browser keeps the server's markup.
    <StaticMarkup className={styles.schema} role="group" aria-label={label}>
      <p className={styles.rootType}>
        {node.type !== '' ? <span className={styles.type}>{node.type}</span> : null}
        {node.title !== undefined ? <span className={styles.title}>{node.title}</span> : null}
        <FieldBadges node={node} />
        {node.closed === true ? (
          <span className={styles.title}>no fields other than those listed</span>
        ) : null}
      </p>
      <Facts node={node} />
      <Children node={node} />
    </StaticMarkup>
  );
}

/** One entry of a section of things described once: a heading, a line that says where it is used, the schema. */
export interface DescribedOnceEntry {
  id: string;
  title: string;
  lead: ReactNode;
  schema: SchemaNode;
  /** Names the schema for screen readers. */
  label: string;
}

/**
 * A section at the end of a reference page that describes once what several places share
 * (error bodies, data types): an h2, a sentence, and each entry under its own h3.
 */
export function DescribedOnce({
  id,
  title,
  intro,
  entries,
}: {
  readonly id: string;
  readonly title: string;
  readonly intro: string;
  readonly entries: readonly DescribedOnceEntry[];
}): ReactNode {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.describedOnce}>
      <Heading as="h2" id={id}>
        {title}
      </Heading>
      <p>{intro}</p>
      <StaticMarkup>
        {entries.map((entry) => (
          <section key={entry.id} aria-labelledby={entry.id}>
            <Heading as="h3" id={entry.id}>
              {entry.title}
            </Heading>
            <p className={styles.lead}>{entry.lead}</p>
            <Schema node={entry.schema} label={entry.label} />
          </section>
        ))}
      </StaticMarkup>
    </section>
  );
}

/**
 * The named schemas this page describes once (plugins/api-reference/schema/describedOnce.ts):
 * each with its description and everything under it. Fields of that schema link here from their
 * title and say so in words.
 */
export function DescribedSchemas({schemas}: {readonly schemas: readonly DescribedSchemaView[]}): ReactNode {
  return (
    <DescribedOnce
      id={SECTION_IDS.schemas}
      title="Schemas"
      intro="Schemas that several places on this page share, or that are nested deep, described once here: each place that has one links here from its title."
      entries={schemas.map((schema) => ({
        id: schema.id,
        title: schema.title,
        lead: `The structure of ${schema.uses} ${schema.uses === 1 ? 'place' : 'places'} on this page.`,
        schema: schema.schema,
        label: `Schema ${schema.title}`,
      }))}
    />
  );
}

/** The section's anchor: DATA_TYPES_SECTION of the plugin (claimed before any other id). */
export const DATA_TYPES_ID = SECTION_IDS.dataTypes;

/**
 * The field types several fields share (plugins/api-reference/schema/dataTypes.ts), each
 * described once: its type, description, rules and examples. Fields link here from their title.
 */
export function DataTypes({types}: {readonly types: readonly DataTypeView[]}): ReactNode {
  return (
    <DescribedOnce
      id={DATA_TYPES_ID}
      title="Data types"
      intro="Types that several fields have in common, described once here: a field of one of these types links here from its title."
      entries={types.map((type) => ({
        id: type.id,
        title: type.title,
        lead: `The type of ${type.uses} ${type.uses === 1 ? 'field' : 'fields'} on this page.`,
        schema: type.schema,
        label: `Data type ${type.title}`,
      }))}
    />
  );
}
