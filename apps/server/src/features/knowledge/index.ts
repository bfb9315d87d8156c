/** What other features may use of knowledge: its service, provided as app.knowledge. */
export type { KnowledgeService } from './knowledge.service';
