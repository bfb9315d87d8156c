import type { ChatSettings, ModelInfo } from '@parallax/contract';
import { useEffect, useState } from 'react';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { EMPTY_CHAT_SETTINGS } from '@parallax/contract';
import { fromForm, toForm, type FormErrors } from '../model/settings-form';
import { SaveAsPreset } from './save-as-preset';
import { PresetList } from './preset-list';
import { SettingsFields } from './settings-fields';

interface ChatSettingsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: ChatSettings;
  model: ModelInfo | null;
  /** Keeps the settings; a message names what the server refused. */
  onSave: (settings: ChatSettings) => Promise<void>;
  /** Presets are an account's: a visitor sees none of their controls. */
  signedIn: boolean;
}

/**
 * The chat's parameters and system prompt: a centred dialog on a desktop, a sheet from the
 * bottom on a phone. "Save as preset" keeps what is in the form with the chat's model.
 */
export function ChatSettingsPanel(props: ChatSettingsPanelProps) {
  const { open, settings, model } = props;
  const [form, setForm] = useState(() => toForm(settings));
  const [errors, setErrors] = useState<FormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Each opening starts from what the chat has.
  useEffect(() => {
    if (!open) return;
    setForm(toForm(settings));
    setErrors({});
    setFailure(null);
  }, [open, settings]);

  const checked = () => {
    const result = fromForm(form);
    setErrors(result.errors ?? {});
    return result.settings;
  };
  const save = async () => {
    const next = checked();
    if (!next) return;
    setSaving(true);
    setFailure(null);
    try {
      await props.onSave(next);
      props.onOpenChange(false);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'The settings could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={props.onOpenChange}
      title="Chat settings"
      description="Used by every answer in this chat."
      className="max-h-[90dvh] max-w-xl overflow-y-auto max-sm:top-auto max-sm:bottom-0 max-sm:w-full max-sm:max-w-none max-sm:translate-y-0 max-sm:rounded-b-none"
    >
      <form
        className="mt-5 space-y-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <SettingsFields form={form} errors={errors} onChange={setForm} model={model} />
        {failure && (
          <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
            {failure}
          </p>
        )}
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Button
            variant="ghost"
            onClick={() => {
              setForm(toForm(EMPTY_CHAT_SETTINGS));
              setErrors({});
            }}
          >
            Reset to defaults
          </Button>
          <Button type="submit" loading={saving}>
            Save settings
          </Button>
        </div>
      </form>
      {props.signedIn && (
        <div className="mt-6 space-y-4 border-t border-line pt-5">
          <SaveAsPreset model={model} settingsOf={checked} />
          <PresetList />
        </div>
      )}
    </Modal>
  );
}
