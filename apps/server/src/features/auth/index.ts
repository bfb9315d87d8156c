/** What other features may use of auth: its services, provided as app.auth. */
export type { AuthServices } from './auth.services';
export type { AccountAdminService } from './account-admin.service';
