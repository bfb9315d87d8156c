import {
  CHAT_PARAMETER_LABELS,
  CHAT_PARAMETERS,
  type ChatParameter,
  type ChatSettings,
  type ModelInfo,
} from '@parallax/contract';

/** The parameters the settings set (a value, not the model's default). */
export function setParameters(settings: ChatSettings): ChatParameter[] {
  return CHAT_PARAMETERS.filter((name) =>
    name === 'stop' ? settings.stop.length > 0 : settings[name] !== null,
  );
}

/**
 * "Reasoning effort not supported by GPT-4o mini; not sent", one per parameter the settings
 * set and the model does not take (the server leaves those out of its request).
 */
export function parameterNotes(
  settings: ChatSettings,
  model: Pick<ModelInfo, 'friendly_name' | 'supported_parameters'>,
): string[] {
  const supported = model.supported_parameters;
  if (!supported) return [];
  return setParameters(settings)
    .filter((name) => !supported.includes(name))
    .map(
      (name) => `${CHAT_PARAMETER_LABELS[name]} not supported by ${model.friendly_name}; not sent`,
    );
}
