import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { FieldError, Input } from '../../../ui/input';
import type { TemplateDraftState } from '../../prompt-templates';
import { detectVariables, renameVariables, variableName } from '../model/placeholders';

const TITLE_MAX = 200;

/**
 * "Save as template": the placeholders the model wrote become `{{name}}` variables; the user
 * confirms or renames them (an empty name keeps that text plain) and the title, then the
 * templates screen opens its editor with the draft, where saving is theirs to do.
 */
export function SaveTemplateDialog({
  open,
  onOpenChange,
  text,
  defaultTitle,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  text: string;
  defaultTitle: string;
}) {
  const detected = useMemo(() => detectVariables(text), [text]);
  const [title, setTitle] = useState(defaultTitle.slice(0, TITLE_MAX));
  const [names, setNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(detected.names.map((n) => [n, n])),
  );
  const navigate = useNavigate();
  const id = useId();

  const cleaned = Object.fromEntries(
    detected.names.map((n) => {
      const raw = names[n] ?? n;
      return [n, raw.trim() === '' ? '' : (variableName(raw) ?? '')];
    }),
  );
  const invalid = detected.names.filter((n) => (names[n] ?? '').trim() !== '' && !cleaned[n]);
  const titleError = title.trim() ? null : 'Title: give the template a name.';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (titleError || invalid.length > 0) return;
    const state: TemplateDraftState = {
      templateDraft: { title: title.trim(), body: renameVariables(detected.body, cleaned) },
    };
    onOpenChange(false);
    void navigate('/prompt-templates', { state });
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Save as template"
      description="Check the variables found in this prompt. You save the template on the next screen."
    >
      <form onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={`${id}-title`} className="mb-1.5 block text-sm font-medium">
            Title
          </label>
          <Input
            id={`${id}-title`}
            value={title}
            maxLength={TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            aria-invalid={titleError ? true : undefined}
            aria-describedby={`${id}-title-error`}
          />
          <FieldError id={`${id}-title-error`} message={titleError} />
        </div>
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium">Variables</legend>
          {detected.names.length === 0 ? (
            <p className="text-sm text-fg-muted">
              No placeholders found. Write <code>{'{{name}}'}</code> in the editor to add one.
            </p>
          ) : (
            <ul className="max-h-60 space-y-2 overflow-y-auto">
              {detected.names.map((name) => (
                <li key={name} className="flex items-center gap-2">
                  <span aria-hidden className="shrink-0 font-mono text-xs text-fg-muted">
                    {'{{'}
                  </span>
                  <Input
                    aria-label={`Variable ${name}`}
                    value={names[name] ?? name}
                    onChange={(e) => setNames({ ...names, [name]: e.target.value })}
                    className="h-9 font-mono text-xs"
                    aria-invalid={invalid.includes(name) ? true : undefined}
                  />
                  <span aria-hidden className="shrink-0 font-mono text-xs text-fg-muted">
                    {'}}'}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <FieldError
            id={`${id}-vars-error`}
            message={
              invalid.length > 0
                ? 'Variables: a name starts with a letter (letters, digits and _).'
                : null
            }
          />
          {detected.names.length > 0 && (
            <p className="mt-1.5 text-xs text-fg-muted">Empty a name to keep that text as it is.</p>
          )}
        </fieldset>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={Boolean(titleError) || invalid.length > 0}>
            Continue to templates
          </Button>
        </div>
      </form>
    </Modal>
  );
}
