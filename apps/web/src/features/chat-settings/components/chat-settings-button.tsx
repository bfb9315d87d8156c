import type { ChatSettings, ModelInfo } from '@parallax/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { setParameters } from '../model/parameter-notes';
import { ChatSettingsPanel } from './chat-settings-panel';

interface ChatSettingsButtonProps {
  settings: ChatSettings;
  model: ModelInfo | null;
  onSave: (settings: ChatSettings) => Promise<void>;
  signedIn: boolean;
  disabled?: boolean;
}

/** Opens the chat's settings; a dot says the chat has some set. */
export function ChatSettingsButton(props: ChatSettingsButtonProps) {
  const [open, setOpen] = useState(false);
  const { settings } = props;
  const customised = setParameters(settings).length > 0 || settings.system_prompt.trim() !== '';
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="relative"
        aria-label={customised ? 'Chat settings (customised)' : 'Chat settings'}
        title="Chat settings"
        disabled={props.disabled}
        onClick={() => setOpen(true)}
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        {customised && (
          <span
            className="absolute top-1.5 right-1.5 size-1.5 rounded-full bg-accent"
            aria-hidden
          />
        )}
      </Button>
      <ChatSettingsPanel
        open={open}
        onOpenChange={setOpen}
        settings={settings}
        model={props.model}
        onSave={props.onSave}
        signedIn={props.signedIn}
      />
    </>
  );
}
