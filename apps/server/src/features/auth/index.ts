/** What other features may use of auth: its services, wired per app instance. */
export { buildAuthServices, type AuthServices } from './auth.services';
