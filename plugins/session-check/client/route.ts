import {ROUTES} from '../../api-reference/client/routes';

/** The session checker's page, and where its worker finds the compiled validators. Browser-safe. */
export const SESSION_CHECK_ROUTE = ROUTES.sessionCheck;

/** The folder (in this plugin's generated data) holding one validator module per target. */
export const SESSION_VALIDATORS_DIR = 'validators';
