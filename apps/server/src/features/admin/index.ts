/** What other features may use of the admin console: naming their admin action for the audit log. */
export { noteAudit, type AuditNote } from './audit.service';
