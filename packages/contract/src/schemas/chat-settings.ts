import { z } from 'zod';
import { Id, IsoTimestamp, ProviderName } from './common';
import { ChatMcpChoice } from './mcp';

/** The parameters a chat's turns are answered with; each one absent means the model's default. */
export const REASONING_EFFORTS = ['low', 'medium', 'high'] as const;
export const ReasoningEffort = z.enum(REASONING_EFFORTS);
export type ReasoningEffort = z.infer<typeof ReasoningEffort>;

export const CHAT_SETTINGS_LIMITS = {
  temperatureMax: 2,
  maxOutputTokensMax: 128_000,
  stopSequences: 4,
  stopSequenceLength: 100,
  systemPromptLength: 8_000,
  presetName: 80,
  presets: 50,
} as const;

/** The names a model may not take; the catalogue lists the ones it does (`supported_parameters`). */
export const CHAT_PARAMETERS = [
  'temperature',
  'top_p',
  'max_output_tokens',
  'reasoning_effort',
  'stop',
] as const;
export const ChatParameter = z.enum(CHAT_PARAMETERS);
export type ChatParameter = z.infer<typeof ChatParameter>;

export const CHAT_PARAMETER_LABELS: Record<ChatParameter, string> = {
  temperature: 'Temperature',
  top_p: 'Top-p',
  max_output_tokens: 'Max output tokens',
  reasoning_effort: 'Reasoning effort',
  stop: 'Stop sequences',
};

export const ChatSettings = z.object({
  temperature: z.number().min(0).max(CHAT_SETTINGS_LIMITS.temperatureMax).nullable().default(null),
  top_p: z.number().min(0).max(1).nullable().default(null),
  max_output_tokens: z
    .int()
    .min(1)
    .max(CHAT_SETTINGS_LIMITS.maxOutputTokensMax)
    .nullable()
    .default(null),
  reasoning_effort: ReasoningEffort.nullable().default(null),
  stop: z
    .array(z.string().trim().min(1).max(CHAT_SETTINGS_LIMITS.stopSequenceLength))
    .max(CHAT_SETTINGS_LIMITS.stopSequences)
    .default([]),
  system_prompt: z.string().max(CHAT_SETTINGS_LIMITS.systemPromptLength).default(''),
  /** The composer's Web search toggle: the model may search the web and read pages. */
  web_search: z.boolean().default(false),
  /** The MCP servers (and single tools off among them) this chat's model may use. */
  mcp: ChatMcpChoice.default({ servers: [], disabled_tools: [] }),
});
export type ChatSettings = z.infer<typeof ChatSettings>;
export type ChatSettingsInput = z.input<typeof ChatSettings>;

export const EMPTY_CHAT_SETTINGS: ChatSettings = {
  temperature: null,
  top_p: null,
  max_output_tokens: null,
  reasoning_effort: null,
  stop: [],
  system_prompt: '',
  web_search: false,
  mcp: { servers: [], disabled_tools: [] },
};

/** GET/PUT /conversations/{id}/settings. */
export const ChatSettingsResponse = z.object({
  conversation_id: Id,
  settings: ChatSettings,
});
export type ChatSettingsResponse = z.infer<typeof ChatSettingsResponse>;

/** A named preset: a model and the settings a chat starts from. */
export const Preset = z.object({
  id: Id,
  name: z.string(),
  provider: ProviderName.nullable(),
  model: z.string().nullable(),
  settings: ChatSettings,
  is_default: z.boolean(),
  created_at: IsoTimestamp,
  updated_at: IsoTimestamp,
});
export type Preset = z.infer<typeof Preset>;

export const PresetName = z.string().trim().min(1).max(CHAT_SETTINGS_LIMITS.presetName);

export const CreatePresetRequest = z.object({
  name: PresetName,
  provider: ProviderName.nullable().default(null),
  model: z.string().min(1).max(200).nullable().default(null),
  settings: ChatSettings,
});
export type CreatePresetRequest = z.input<typeof CreatePresetRequest>;

/** PATCH: rename, replace the settings, or make it the default (false: no default). */
export const UpdatePresetRequest = z
  .object({
    name: PresetName.optional(),
    is_default: z.boolean().optional(),
  })
  .refine((body) => body.name !== undefined || body.is_default !== undefined, {
    message: 'Give a name or is_default.',
  });
export type UpdatePresetRequest = z.input<typeof UpdatePresetRequest>;

export const PresetsResponse = z.object({ presets: z.array(Preset) });
export type PresetsResponse = z.infer<typeof PresetsResponse>;
