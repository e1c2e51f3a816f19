/**
 * The API's version history, newest first. One entry per version; a change
 * that integrators must act on carries `action`. A test checks that the newest
 * version equals `info.version` of the OpenAPI document and that every
 * operation named here exists.
 *
 * The documents state only the current version and that the bulk order
 * endpoint has been disabled; earlier versions are not published, so none are
 * listed. Add new versions at the top.
 */

export interface VersionChange {
  /** What changed, in one sentence (inline `code` allowed). */
  summary: string;
  /** REST operations (operationIds) the change concerns; rendered as links into the reference. */
  operations?: string[];
  /** Set when integrators must act; the text says what to do. */
  action?: {text: string; contactProvider?: boolean};
}

export interface VersionEntry {
  /** Semantic version, as in `info.version`. */
  version: string;
  /** Release date (YYYY-MM-DD), or null when the provider has not published it. */
  date: string | null;
  changes: VersionChange[];
}

export const versionHistory: readonly VersionEntry[] = [
  {
    version: '2.0.0',
    date: null,
    changes: [
      {
        summary:
          'Current version of the REST API and of the WebSocket API: instruments, risk figures, order and trade history, settlement requests and transactions over REST; prices, orders and trades over WebSocket.',
      },
      {
        summary: 'The bulk order endpoint (`POST /api/orders/bulk`) has been disabled.',
        operations: ['createBulkOrder', 'getBulkOrder', 'getBulkOrderStatus'],
        action: {
          text: 'To place bulk orders, contact the provider.',
          contactProvider: true,
        },
      },
    ],
  },
];
