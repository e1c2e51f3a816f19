/** The session checker's page, and where its worker finds the compiled validators. Browser-safe. */
export const SESSION_CHECK_ROUTE = '/docs/ws/session-check';

/** The folder (in this plugin's generated data) holding one validator module per target. */
export const SESSION_VALIDATORS_DIR = 'validators';
