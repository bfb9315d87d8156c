import type { ExportedConversation, ExportedProject, ExportFile } from '@parallax/contract';

/** The account's own settings an export of ours carries besides chats and projects. */
export type AccountSettingsPlan = Pick<
  ExportFile,
  'presets' | 'personalization' | 'memories' | 'model_favourites'
>;

/** What an import adds to the account, whatever file it came from. */
export interface ImportPlan {
  source: 'parallax' | 'chatgpt';
  projects: ExportedProject[];
  conversations: ExportedConversation[];
  /** Knowledge files read out of the zip, by the id their project has in the file. */
  knowledge: Array<{ projectId: string; filename: string; data: Buffer }>;
  /** Presets, personalization, memories, model stars; null for ChatGPT's file. */
  account: AccountSettingsPlan | null;
}

/** A file that cannot be imported: the message says what is wrong with it. */
export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}
