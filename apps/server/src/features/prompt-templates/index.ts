/** What other features may use of prompt templates: its service, provided as app.promptTemplates. */
export type { PromptTemplatesService } from './prompt-templates.service';
