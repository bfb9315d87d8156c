/** What other features may use of search: its service, provided as app.searchIndex. */
export type { KnowledgeChunkInput, KnowledgeMatch, SearchService } from './search.service';
