import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
  type RefObject,
} from 'react';
import { useTemplateSlashBinding } from '../../features/prompt-templates';
import type { useChatComposer } from '../../features/chat/hooks/use-chat-composer';
import { Composer } from '../../features/chat/components/composer';
import { ModelPicker } from '../../features/chat/components/model-picker';
import { RemainingMessages } from '../../features/chat/components/remaining-messages';

interface ChatComposerBarProps {
  composer: ReturnType<typeof useChatComposer>;
  onSend: () => void;
  onStop?: (() => void) | undefined;
  busy: boolean;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** Beside the model picker: the preset picker, a new chat's settings. */
  tools?: ReactNode;
}

/** Composer + model picker + remaining messages, shared by the home and chat screens. */
export function ChatComposerBar({
  composer,
  onSend,
  onStop,
  busy,
  inputRef,
  tools,
}: ChatComposerBarProps) {
  const { modelChoice } = composer;
  const ownRef = useRef<HTMLTextAreaElement>(null);
  const ref = inputRef ?? ownRef;

  // Opening a chat means writing in it: the box takes the focus in the commit that shows it,
  // so a keystroke right after a screen change lands here rather than on the page body, and
  // after any draft it already holds (a focused textarea puts the caret at its start).
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.focus({ preventScroll: true });
    box.setSelectionRange(box.value.length, box.value.length);
  }, [ref]);

  // The send button disables itself (or turns into Stop) as the message leaves; keeping the
  // focus in the box means what is typed next is not lost on the page body.
  const sendAndKeepFocus = useCallback(() => {
    onSend();
    ref.current?.focus({ preventScroll: true });
  }, [onSend, ref]);

  // A template filled in from the "/" menu and sent at once: the send reads the box, so it
  // waits for the render that shows the filled text there.
  const [sendWhenShown, setSendWhenShown] = useState<string | null>(null);
  useEffect(() => {
    if (sendWhenShown === null || composer.draft !== sendWhenShown) return;
    setSendWhenShown(null);
    sendAndKeepFocus();
  }, [sendWhenShown, composer.draft, sendAndKeepFocus]);
  const slash = useTemplateSlashBinding({
    draft: composer.draft,
    onInsert: (text) => {
      composer.setDraft(text);
      ref.current?.focus({ preventScroll: true });
    },
    onSendText: (text) => {
      composer.setDraft(text);
      setSendWhenShown(text);
    },
  });

  return (
    <div className="space-y-2">
      <div
        className="relative"
        onKeyDownCapture={(event) => {
          if (event.target !== ref.current || !slash.onKeyDown(event)) return;
          event.preventDefault();
          event.stopPropagation();
        }}
      >
        {slash.element}
        <Composer
          ref={ref}
          inputProps={slash.inputProps}
          value={composer.draft}
          onChange={composer.setDraft}
          files={composer.files}
          onFilesChange={composer.setFiles}
          onSend={sendAndKeepFocus}
          onStop={onStop}
          // While the models load a send waits for them (the composer's submit), so it is allowed.
          busy={busy || composer.sending || (!modelChoice.selected && !modelChoice.isLoading)}
          toolbar={
            <>
              <ModelPicker
                models={modelChoice.models}
                selected={modelChoice.selected}
                onSelect={modelChoice.select}
                isLoading={modelChoice.isLoading}
                shortcut
              />
              {tools}
            </>
          }
        />
      </div>
      <RemainingMessages />
    </div>
  );
}
