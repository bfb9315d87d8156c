import { useAuth } from '../../features/auth';
import {
  ChatSettingsButton,
  PresetPicker,
  useAnswerNote,
  useChatSettingsControl,
} from '../../features/chat-settings';
import type { useChatComposer } from '../../features/chat/hooks/use-chat-composer';

type Composer = ReturnType<typeof useChatComposer>;

/**
 * A chat's settings on its screen: the header's settings button, the composer's preset picker
 * (an account's), and the note on answers whose model did not take some of them. Off where a
 * chat keeps no settings (the vault): nothing is shown, read or sent.
 */
export function useChatSettingsTools(
  conversationId: string | null,
  composer: Composer,
  enabled: boolean,
) {
  const { isAuthenticated } = useAuth();
  const control = useChatSettingsControl(
    conversationId,
    composer.modelChoice,
    isAuthenticated,
    enabled,
  );
  const answerNote = useAnswerNote(control.settings);
  if (!enabled) return { button: null, presets: null, answerNote: undefined };
  return {
    button: (
      <ChatSettingsButton
        settings={control.settings}
        model={composer.modelChoice.selected}
        onSave={(settings) => control.save(settings)}
        signedIn={isAuthenticated}
        disabled={control.loading}
      />
    ),
    presets: isAuthenticated ? (
      <PresetPicker value={control.presetId} onPick={control.pickPreset} />
    ) : null,
    answerNote,
  };
}
