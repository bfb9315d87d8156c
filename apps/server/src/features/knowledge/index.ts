/** What other features may use of knowledge: its service, provided as app.knowledge. */
export type {
  ExportableKnowledgeFile,
  ImportedKnowledgeFile,
  KnowledgeService,
} from './knowledge.service';
