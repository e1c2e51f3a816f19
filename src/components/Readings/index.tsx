/**
 * "What the specification leaves open": every reading the API documents mark (`x-reading`),
 * generated at build time (plugins/api-reference/readings.ts), each with links to the places of
 * the references that show it. Server-rendered, plain links: no script of its own.
 */
import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {ReadingEntry} from '@site/plugins/api-reference/readings';
import styles from './styles.module.css';

/** Places beyond this many are summed up: one reading (the decimal format) shows at many fields. */
const SHOWN_PLACES = 4;

export default function Readings({readings}: {readonly readings: readonly ReadingEntry[]}): ReactNode {
  if (readings.length === 0) return <p>The API documents mark no reading of the specification.</p>;
  return (
    <ol className={styles.readings}>
      {readings.map((reading) => {
        const shown = reading.places.slice(0, SHOWN_PLACES);
        const more = reading.places.length - shown.length;
        return (
          <li key={reading.id} id={`reading-${reading.id}`} className={styles.reading}>
            {/* Rendered at build time from the document's Markdown by micromark, which escapes raw HTML. */}
            <p className={styles.text} dangerouslySetInnerHTML={{__html: reading.html}} />
            <p className={styles.places}>
              Shown at{' '}
              {shown.map((place, i) => (
                <span key={place.href}>
                  {i > 0 ? ', ' : ''}
                  <Link to={place.href}>
                    <code>{place.label}</code>
                  </Link>
                  {place.api === 'ws' ? ' (WebSocket)' : ' (REST)'}
                </span>
              ))}
              {more > 0 ? ` and ${more} more place${more === 1 ? '' : 's'}` : ''}.
            </p>
          </li>
        );
      })}
    </ol>
  );
}
