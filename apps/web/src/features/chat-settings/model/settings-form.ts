import {
  CHAT_SETTINGS_LIMITS,
  REASONING_EFFORTS,
  type ChatSettings,
  type ReasoningEffort,
} from '@parallax/contract';

/** The panel's fields as typed: numbers stay text until they are checked. */
export interface SettingsForm {
  temperature: string;
  top_p: string;
  max_output_tokens: string;
  reasoning_effort: '' | ReasoningEffort;
  stop: string;
  system_prompt: string;
  /** Not a field of the panel (the composer's toggle sets it): carried through a save. */
  web_search: boolean;
  /** Carried through unchanged: the chat's MCP picker edits it, not this form. */
  mcp: ChatSettings['mcp'];
}

export type FormErrors = Partial<Record<keyof SettingsForm, string>>;

export function toForm(settings: ChatSettings): SettingsForm {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    temperature: text(settings.temperature),
    top_p: text(settings.top_p),
    max_output_tokens: text(settings.max_output_tokens),
    reasoning_effort: settings.reasoning_effort ?? '',
    stop: settings.stop.join('\n'),
    system_prompt: settings.system_prompt,
    web_search: settings.web_search,
    mcp: settings.mcp,
  };
}

function numberIn(
  raw: string,
  min: number,
  max: number,
  integer: boolean,
): { value: number | null } | { error: string } {
  const text = raw.trim();
  if (text === '') return { value: null };
  const value = Number(text);
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value)))
    return { error: integer ? 'Enter a whole number.' : 'Enter a number.' };
  if (value < min || value > max) return { error: `Between ${min} and ${max}.` };
  return { value };
}

/** The settings the form holds, or each wrong field's message (the server checks them again). */
export function fromForm(
  form: SettingsForm,
): { settings: ChatSettings; errors: null } | { settings: null; errors: FormErrors } {
  const errors: FormErrors = {};
  const temperature = numberIn(form.temperature, 0, CHAT_SETTINGS_LIMITS.temperatureMax, false);
  const topP = numberIn(form.top_p, 0, 1, false);
  const maxTokens = numberIn(
    form.max_output_tokens,
    1,
    CHAT_SETTINGS_LIMITS.maxOutputTokensMax,
    true,
  );
  if ('error' in temperature) errors.temperature = temperature.error;
  if ('error' in topP) errors.top_p = topP.error;
  if ('error' in maxTokens) errors.max_output_tokens = maxTokens.error;
  const stop = form.stop
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (stop.length > CHAT_SETTINGS_LIMITS.stopSequences)
    errors.stop = `At most ${CHAT_SETTINGS_LIMITS.stopSequences} stop sequences.`;
  else if (stop.some((line) => line.length > CHAT_SETTINGS_LIMITS.stopSequenceLength))
    errors.stop = `Each at most ${CHAT_SETTINGS_LIMITS.stopSequenceLength} characters.`;
  if (form.system_prompt.length > CHAT_SETTINGS_LIMITS.systemPromptLength)
    errors.system_prompt = `At most ${CHAT_SETTINGS_LIMITS.systemPromptLength.toLocaleString('en')} characters.`;
  const effort = (REASONING_EFFORTS as readonly string[]).includes(form.reasoning_effort)
    ? (form.reasoning_effort as ReasoningEffort)
    : null;
  if (Object.keys(errors).length > 0) return { settings: null, errors };
  return {
    settings: {
      temperature: 'value' in temperature ? temperature.value : null,
      top_p: 'value' in topP ? topP.value : null,
      max_output_tokens: 'value' in maxTokens ? maxTokens.value : null,
      reasoning_effort: effort,
      stop,
      system_prompt: form.system_prompt,
      web_search: form.web_search,
      mcp: form.mcp,
    },
    errors: null,
  };
}
