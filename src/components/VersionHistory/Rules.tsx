/**
 * "How changes are classified": the rules the release diff applies, rendered from the same table
 * the diff reads (plugins/releases/changes/rules.ts), each side's verdict with a sentence the rule
 * itself writes, so the page cannot drift from the code.
 */
import type {ReactNode} from 'react';
import Heading from '@theme/Heading';
import type {PublishedRule} from '@site/plugins/releases/changes/published';
import ChangeText from './ChangeText';
import styles from './styles.module.css';

export const RULES_ID = 'how-changes-are-classified';

function Cell({side}: {side: PublishedRule['send']}): ReactNode {
  if (side === undefined) return <td className={styles.meta}>Does not apply</td>;
  return (
    <td>
      <strong className={side.verdict === 'breaking' ? styles.breakingMark : undefined}>{side.label}</strong>
      <br />
      <ChangeText text={side.example} />
    </td>
  );
}

export default function Rules({rules}: {rules: PublishedRule[]}): ReactNode {
  return (
    <section aria-labelledby={RULES_ID}>
      <Heading as="h2" id={RULES_ID}>
        How changes are classified
      </Heading>
      <p>
        A change is judged where a reader meets it. Where you <strong>send</strong> something (a
        request&apos;s parameters and body, a WebSocket message you send, what you write to connect), fewer
        accepted values break you and more do not. Where you <strong>receive</strong> something (a response, a
        message you receive), new values and absent fields break you and fewer values do not. A message that
        goes both ways takes the stricter side. A change to a shared schema, parameter, response, header,
        message, security scheme or server is listed under every operation and message that uses it. Breaking
        changes need a new major version; behaviour changes, deprecations, announced removals and additions a
        minor one; compatible and documentation changes a patch.
      </p>
      <table className={styles.rules}>
        <thead>
          <tr>
            <th scope="col">Change</th>
            <th scope="col">Where you send it</th>
            <th scope="col">Where you receive it</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={rule.id}>
              <th scope="row">{rule.title}</th>
              <Cell side={rule.send} />
              <Cell side={rule.receive} />
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
