import {
  fillTemplate,
  initialTemplateValues,
  missingTemplateValues,
  type PromptTemplate,
} from '@parallax/contract';
import { Send, TextCursorInput } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { FieldError, Input, Textarea } from '../../../ui/input';

export type FillAction = 'insert' | 'send';

/**
 * One field per variable (required ones checked), a live preview of the final text, and the
 * two ways out: into the composer, or sent at once.
 */
export function TemplateFillForm({
  template,
  onDone,
  busy = false,
  insertLabel = 'Put in new chat',
}: {
  template: Pick<PromptTemplate, 'id' | 'title' | 'body' | 'variables'>;
  onDone: (text: string, action: FillAction) => void;
  busy?: boolean;
  insertLabel?: string;
}) {
  const { variables, body } = template;
  const [values, setValues] = useState(() => initialTemplateValues(variables));
  const [checked, setChecked] = useState(false);
  const baseId = useId();
  const missing = missingTemplateValues(variables, values);
  const preview = fillTemplate(body, values);
  const set = (name: string, value: string) => setValues((v) => ({ ...v, [name]: value }));

  const finish = (action: FillAction) => {
    setChecked(true);
    if (missing.length > 0) {
      document.getElementById(`${baseId}-${missing[0]}`)?.focus();
      return;
    }
    onDone(preview, action);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    finish('insert');
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {variables.map((v) => {
        const id = `${baseId}-${v.name}`;
        const error = checked && missing.includes(v.name) ? `${v.name} is required.` : null;
        const describedBy = error ? `${id}-error` : undefined;
        return (
          <div key={v.name}>
            <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
              {v.name}
              {v.default === null && (
                <span className="text-red-700 dark:text-red-400" aria-hidden>
                  {' '}
                  *
                </span>
              )}
            </label>
            {v.type === 'choice' ? (
              <select
                id={id}
                value={values[v.name] ?? ''}
                onChange={(e) => set(v.name, e.target.value)}
                className="h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm"
              >
                {v.options.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            ) : v.type === 'long' ? (
              <Textarea
                id={id}
                value={values[v.name] ?? ''}
                required={v.default === null}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(e) => set(v.name, e.target.value)}
              />
            ) : (
              <Input
                id={id}
                value={values[v.name] ?? ''}
                required={v.default === null}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                onChange={(e) => set(v.name, e.target.value)}
              />
            )}
            <FieldError id={`${id}-error`} message={error} />
          </div>
        );
      })}
      <div>
        <p className="mb-1.5 text-sm font-medium" id={`${baseId}-preview`}>
          Preview
        </p>
        <pre
          aria-labelledby={`${baseId}-preview`}
          data-testid="template-preview"
          className="max-h-56 overflow-auto rounded-xl border border-line bg-surface-2 p-3 font-sans text-sm whitespace-pre-wrap break-words"
        >
          {preview}
        </pre>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="submit" variant="outline" disabled={busy}>
          <TextCursorInput className="size-4" aria-hidden /> {insertLabel}
        </Button>
        <Button type="button" disabled={busy} onClick={() => finish('send')}>
          <Send className="size-4" aria-hidden /> Send now
        </Button>
      </div>
    </form>
  );
}
