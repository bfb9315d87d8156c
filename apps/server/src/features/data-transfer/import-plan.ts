import type { ExportedConversation, ExportedProject } from '@parallax/contract';

/** What an import adds to the account, whatever file it came from. */
export interface ImportPlan {
  source: 'parallax' | 'chatgpt';
  projects: ExportedProject[];
  conversations: ExportedConversation[];
  /** Knowledge files read out of the zip, by the id their project has in the file. */
  knowledge: Array<{ projectId: string; filename: string; data: Buffer }>;
}

/** A file that cannot be imported: the message says what is wrong with it. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}
