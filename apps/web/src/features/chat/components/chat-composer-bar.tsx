import type { RefObject } from 'react';
import type { useChatComposer } from '../hooks/use-chat-composer';
import { Composer } from './composer';
import { ModelPicker } from './model-picker';
import { RemainingMessages } from './remaining-messages';

interface ChatComposerBarProps {
  composer: ReturnType<typeof useChatComposer>;
  onSend: () => void;
  onStop?: (() => void) | undefined;
  busy: boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

/** Composer + model picker + remaining messages, shared by the home and chat screens. */
export function ChatComposerBar({ composer, onSend, onStop, busy, inputRef }: ChatComposerBarProps) {
  const { modelChoice } = composer;
  return (
    <div className="space-y-2">
      <Composer
        ref={inputRef}
        value={composer.draft}
        onChange={composer.setDraft}
        files={composer.files}
        onFilesChange={composer.setFiles}
        onSend={onSend}
        onStop={onStop}
        busy={busy || composer.sending || !modelChoice.selected}
        toolbar={
          <ModelPicker
            models={modelChoice.models}
            selected={modelChoice.selected}
            onSelect={modelChoice.select}
            isLoading={modelChoice.isLoading}
          />
        }
      />
      <RemainingMessages />
    </div>
  );
}
