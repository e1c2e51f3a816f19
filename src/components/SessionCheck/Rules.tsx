import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {SESSION_RULES} from '@site/plugins/session-check/client/rules';

/** The rules the checker judges by, generated from the same table (plugins/session-check/client/rules.ts). */
export default function Rules(): ReactNode {
  return (
    <ul>
      {SESSION_RULES.map((rule) => (
        <li key={rule.id} id={`rule-${rule.id}`}>
          <strong>{rule.title}</strong>: {rule.checked ? 'checked' : 'not published; not checked'}.{' '}
          <Link to={rule.where.link}>
            {rule.where.file === 'docs/websockets.mdx' ? 'WebSocket guide' : 'AsyncAPI document'},{' '}
            {rule.where.place}
          </Link>
          : “{rule.where.words}”{rule.reading !== undefined ? <> Reading: {rule.reading}</> : null}
          {rule.enforcedByMock ? ' The samples’ WebSocket mock enforces it too.' : null}
        </li>
      ))}
    </ul>
  );
}
