/** What other features may use of personalization: its service, provided as app.personalization. */
export type { PersonalizationService } from './personalization.service';
