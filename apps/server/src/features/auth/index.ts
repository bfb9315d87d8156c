/** What other features may use of auth: its services, provided as app.auth. */
export type { AuthServices } from './auth.services';
