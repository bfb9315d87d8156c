import { z } from 'zod';
import { CHAT_SETTINGS_LIMITS, ChatSettings, PresetName } from './chat-settings';
import { ConversationKind } from './conversations';
import { Id, IsoTimestamp, ProviderName } from './common';
import { PERSONALIZATION_LIMITS } from './personalization';
import { KNOWLEDGE_LIMITS } from './knowledge';
import { ProjectColour } from './projects';
import { Citation, ToolCallView } from './tools';

/**
 * Export and import of an account's data. One file format for a single chat's JSON export and
 * for `parallax-export.json` inside the account's zip, so either can be imported again.
 */

export const DATA_TRANSFER_LIMITS = {
  /** Largest file POST /account/import reads (JSON or zip). */
  importMaxBytes: 25 * 1024 * 1024,
  /** Largest unpacked JSON read out of a zip. */
  importMaxJsonBytes: 100 * 1024 * 1024,
  importMaxConversations: 5_000,
  importMaxTurns: 100_000,
  importMaxProjects: 500,
  /** Most bytes of project knowledge files read out of one zip, all files together. */
  importMaxKnowledgeBytes: 100 * 1024 * 1024,
  /** Longest text of one imported message or answer. */
  importMaxTextChars: 1_000_000,
} as const;

export const EXPORT_FORMAT = 'parallax-export';
export const EXPORT_VERSION = 1;
/** The JSON file's name inside the account zip. */
export const EXPORT_JSON_NAME = 'parallax-export.json';

/** GET /chat/conversations/{id}/export?format=markdown|json. */
export const ConversationExportQuery = z.object({ format: z.enum(['markdown', 'json']) });
export type ConversationExportQuery = z.infer<typeof ConversationExportQuery>;

const Text = z.string().max(DATA_TRANSFER_LIMITS.importMaxTextChars);

export const ExportedAttachment = z.object({
  filename: z.string().min(1).max(255),
  content_type: z.string().min(1).max(255),
  size: z.int().nonnegative(),
  /** Where the file is inside the account zip; absent in a single chat's export. */
  path: z.string().max(512).optional(),
});
export type ExportedAttachment = z.infer<typeof ExportedAttachment>;

export const ExportedTurn = z.object({
  content: Text,
  response: Text.nullable(),
  provider: z.string().max(64).nullable(),
  model: z.string().max(200).nullable(),
  model_friendly_name: z.string().max(200).nullable(),
  status: z.string().max(32),
  created_at: IsoTimestamp,
  attachments: z.array(ExportedAttachment).max(50).default([]),
  /** The tools the answer called; absent: none (or an export made before tools). */
  tool_calls: z.array(ToolCallView).max(500).optional(),
  /** The answer's numbered web sources; absent: none. */
  citations: z.array(Citation).max(1000).optional(),
});
export type ExportedTurn = z.infer<typeof ExportedTurn>;

export const ExportedConversation = z.object({
  id: Id,
  title: z.string().max(500),
  kind: ConversationKind,
  is_favourite: z.boolean(),
  project_id: Id.nullable(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
  turns: z.array(ExportedTurn),
  /**
   * The chat's own parameters and system prompt; absent when it has none stored (or the
   * export predates them).
   */
  settings: ChatSettings.optional(),
  /**
   * Whether the chat reads the account's custom instructions and memory; absent in exports
   * made before the switch was included (then: on).
   */
  personalization_enabled: z.boolean().optional(),
});
export type ExportedConversation = z.infer<typeof ExportedConversation>;

/** A project knowledge file in the account zip (its bytes at `path`). */
export const ExportedKnowledgeFile = z.object({
  filename: z.string().min(1).max(255),
  content_type: z.string().min(1).max(255),
  size: z.int().nonnegative().max(KNOWLEDGE_LIMITS.maxFileBytes),
  path: z.string().min(1).max(512),
});
export type ExportedKnowledgeFile = z.infer<typeof ExportedKnowledgeFile>;

export const ExportedProject = z.object({
  id: Id,
  name: z.string().trim().min(1).max(100),
  description: z.string().max(500),
  icon: z.string().min(1).max(16),
  colour: ProjectColour,
  instructions: z.string().max(8_000),
  default_model: z.string().max(128).nullable(),
  archived: z.boolean(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
  /** The project's knowledge files; absent in exports made before they were included. */
  files: z.array(ExportedKnowledgeFile).max(KNOWLEDGE_LIMITS.maxFilesPerProject).optional(),
});
export type ExportedProject = z.infer<typeof ExportedProject>;

/** A named preset of model and chat settings. */
export const ExportedPreset = z.object({
  name: PresetName,
  provider: ProviderName.nullable(),
  model: z.string().min(1).max(200).nullable(),
  settings: ChatSettings,
  is_default: z.boolean(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type ExportedPreset = z.infer<typeof ExportedPreset>;

/** The account's custom instructions and its memory switch. */
export const ExportedPersonalization = z.object({
  about: z.string().max(PERSONALIZATION_LIMITS.aboutMaxChars),
  style: z.string().max(PERSONALIZATION_LIMITS.styleMaxChars),
  instructions_enabled: z.boolean(),
  memory_enabled: z.boolean(),
});
export type ExportedPersonalization = z.infer<typeof ExportedPersonalization>;

/**
 * A remembered fact. The turn that saved it is not named: an import gives every turn a new
 * id, so the link could not hold.
 */
export const ExportedMemory = z.object({
  text: z.string().trim().min(1).max(PERSONALIZATION_LIMITS.memoryMaxChars),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type ExportedMemory = z.infer<typeof ExportedMemory>;

/**
 * The whole account's file. What came after the first version (presets, personalization,
 * memories, model favourites) is optional, so earlier exports still import.
 */
export const ExportFile = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exported_at: IsoTimestamp,
  projects: z.array(ExportedProject).max(DATA_TRANSFER_LIMITS.importMaxProjects),
  conversations: z.array(ExportedConversation).max(DATA_TRANSFER_LIMITS.importMaxConversations),
  presets: z.array(ExportedPreset).max(CHAT_SETTINGS_LIMITS.presets).optional(),
  personalization: ExportedPersonalization.optional(),
  /** Newest first, as Settings lists them. */
  memories: z.array(ExportedMemory).max(PERSONALIZATION_LIMITS.memoriesMax).optional(),
  /** Starred model ids, newest star first. */
  model_favourites: z.array(z.string().min(1).max(128)).max(1_000).optional(),
});
export type ExportFile = z.infer<typeof ExportFile>;

/** POST /account/import (multipart, one `file`): what was added to the account. */
export const ImportResponse = z.object({
  source: z.enum(['parallax', 'chatgpt']),
  projects: z.int().nonnegative(),
  conversations: z.int().nonnegative(),
  messages: z.int().nonnegative(),
  /** Presets added (one named like a preset the account has is left out). */
  presets: z.int().nonnegative(),
  /** Memories added (one the account remembers already is left out). */
  memories: z.int().nonnegative(),
});
export type ImportResponse = z.infer<typeof ImportResponse>;
