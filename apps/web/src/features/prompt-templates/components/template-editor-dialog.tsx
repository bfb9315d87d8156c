import {
  PROMPT_TEMPLATE_LIMITS,
  parseTemplateBody,
  type PromptTemplateCategory,
  type TemplateVariableProblem,
} from '@parallax/contract';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { FieldError, Input } from '../../../ui/input';
import { MarkedBodyField } from './marked-body-field';
import { SyntaxHelp } from './syntax-help';
import { VariableSummary } from './variable-summary';

export interface TemplateFormValues {
  title: string;
  description: string;
  category_id: string | null;
  tags: string[];
  body: string;
}

export const EMPTY_TEMPLATE: TemplateFormValues = {
  title: '',
  description: '',
  category_id: null,
  tags: [],
  body: '',
};

const parseTagList = (text: string) =>
  [...new Set(text.split(',').map((t) => t.trim().toLowerCase()))].filter(Boolean);

/**
 * Create or edit a template: the variables found show as the body is typed, and malformed ones
 * are listed with a button that selects them in the body. `onSave` answers an error to show,
 * or null when saved.
 */
export function TemplateEditorDialog({
  open,
  heading,
  initial,
  categories,
  onCancel,
  onSave,
}: {
  open: boolean;
  heading: string;
  initial: TemplateFormValues;
  categories: PromptTemplateCategory[];
  onCancel: () => void;
  onSave: (values: TemplateFormValues) => Promise<string | null>;
}) {
  const [values, setValues] = useState(initial);
  const [tagsText, setTagsText] = useState(initial.tags.join(', '));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    setValues(initial);
    setTagsText(initial.tags.join(', '));
    setError(null);
  }, [open, initial]);

  const parsed = useMemo(() => parseTemplateBody(values.body), [values.body]);
  const set = <K extends keyof TemplateFormValues>(key: K, value: TemplateFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const showProblem = (p: TemplateVariableProblem) => {
    const box = bodyRef.current;
    if (!box) return;
    box.focus();
    box.setSelectionRange(p.start, p.start + p.length);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const conflict = parsed.conflicts[0];
    if (values.title.trim() === '') return setError('title: give the template a title.');
    if (values.body.trim() === '') return setError('body: write the prompt.');
    if (conflict) return setError(`body: ${conflict.message}`);
    setSaving(true);
    const failed = await onSave({ ...values, tags: parseTagList(tagsText) });
    setSaving(false);
    setError(failed);
  };

  const field = 'mb-1.5 block text-sm font-medium';
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !saving && onCancel()}
      title={heading}
      className="max-h-[92dvh] max-w-3xl overflow-y-auto p-4 sm:p-6"
    >
      <form onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" noValidate>
        <div>
          <label htmlFor={`${id}-title`} className={field}>
            Title
          </label>
          <Input
            id={`${id}-title`}
            value={values.title}
            maxLength={PROMPT_TEMPLATE_LIMITS.titleMaxChars}
            onChange={(e) => set('title', e.target.value)}
            required
          />
        </div>
        <div>
          <label htmlFor={`${id}-description`} className={field}>
            Description
          </label>
          <Input
            id={`${id}-description`}
            value={values.description}
            maxLength={PROMPT_TEMPLATE_LIMITS.descriptionMaxChars}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-category`} className={field}>
              Category
            </label>
            <select
              id={`${id}-category`}
              value={values.category_id ?? ''}
              onChange={(e) => set('category_id', e.target.value || null)}
              className="h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm"
            >
              <option value="">No category</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-tags`} className={field}>
              Tags <span className="font-normal text-fg-muted">(comma separated)</span>
            </label>
            <Input
              id={`${id}-tags`}
              value={tagsText}
              onChange={(e) => setTagsText(e.target.value)}
            />
          </div>
        </div>
        <div>
          <label htmlFor={`${id}-body`} className={field}>
            Prompt
          </label>
          <MarkedBodyField
            ref={bodyRef}
            id={`${id}-body`}
            value={values.body}
            parsed={parsed}
            maxLength={PROMPT_TEMPLATE_LIMITS.bodyMaxChars}
            aria-invalid={parsed.problems.length > 0 ? true : undefined}
            aria-describedby={`${id}-variables`}
            onChange={(e) => set('body', e.target.value)}
            required
          />
          <p className="mt-1 text-right text-xs text-fg-muted tabular-nums">
            {values.body.length.toLocaleString('en-US')} /{' '}
            {PROMPT_TEMPLATE_LIMITS.bodyMaxChars.toLocaleString('en-US')}
          </p>
        </div>
        <div id={`${id}-variables`}>
          <VariableSummary
            variables={parsed.variables}
            problems={parsed.problems}
            body={values.body}
            onShowProblem={showProblem}
          />
        </div>
        <SyntaxHelp />
        <FieldError id={`${id}-error`} message={error} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
