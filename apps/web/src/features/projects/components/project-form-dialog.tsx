import {
  PROJECT_COLOURS,
  PROJECT_LIMITS,
  type Project,
  type ProjectColour,
} from '@parallax/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { cn } from '../../../lib/cn';
import { buttonClasses } from '../../../ui/button';
import { Modal } from '../../../ui/dialog';
import { Input, Textarea } from '../../../ui/input';
import { PROJECT_SWATCH } from './project-colours';

const ICONS = ['📁', '🎓', '💼', '🧪', '✍️', '💡', '🌱', '🛠️', '📊', '🎨'];

export interface ProjectFormValues {
  name: string;
  description: string;
  icon: string;
  colour: ProjectColour;
  instructions: string;
}

interface ProjectFormDialogProps {
  open: boolean;
  /** The project being edited; a new one when absent. */
  project?: Project;
  onCancel: () => void;
  /** Resolves true when saved (the dialog then closes). */
  onSave: (values: ProjectFormValues) => Promise<boolean>;
}

const EMPTY: ProjectFormValues = {
  name: '',
  description: '',
  icon: '📁',
  colour: 'blue',
  instructions: '',
};

/** Create a project, or edit its name, description, icon and colour. */
export function ProjectFormDialog({ open, project, onCancel, onSave }: ProjectFormDialogProps) {
  const [values, setValues] = useState<ProjectFormValues>(EMPTY);
  const [saving, setSaving] = useState(false);
  const ids = useId();
  useEffect(() => {
    if (open) setValues(project ? { ...project } : EMPTY);
  }, [open, project]);
  const set = <K extends keyof ProjectFormValues>(key: K, value: ProjectFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!values.name.trim() || saving) return;
    setSaving(true);
    try {
      if (
        await onSave({
          ...values,
          name: values.name.trim(),
          description: values.description.trim(),
        })
      )
        onCancel();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onCancel();
      }}
      title={project ? 'Edit project' : 'New project'}
      description="Chats in a project share its instructions and start on its default model."
    >
      <form className="mt-4 space-y-4" onSubmit={(e) => void submit(e)}>
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-name`} className="text-sm font-medium">
            Name
          </label>
          <Input
            id={`${ids}-name`}
            value={values.name}
            maxLength={PROJECT_LIMITS.nameMaxChars}
            required
            autoFocus
            onChange={(e) => set('name', e.target.value)}
            placeholder="e.g. Thesis, Trip to Japan"
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${ids}-description`} className="text-sm font-medium">
            Description <span className="font-normal text-fg-muted">(optional)</span>
          </label>
          <Input
            id={`${ids}-description`}
            value={values.description}
            maxLength={PROJECT_LIMITS.descriptionMaxChars}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">Icon</legend>
          <div className="flex flex-wrap gap-1.5">
            {ICONS.map((icon) => (
              <button
                key={icon}
                type="button"
                aria-label={`Icon ${icon}`}
                aria-pressed={values.icon === icon}
                onClick={() => set('icon', icon)}
                className={cn(
                  'grid size-9 place-items-center rounded-lg border text-lg',
                  values.icon === icon
                    ? 'border-accent bg-surface-3'
                    : 'border-line hover:bg-surface-2',
                )}
              >
                {icon}
              </button>
            ))}
            <Input
              aria-label="Another emoji"
              value={ICONS.includes(values.icon) ? '' : values.icon}
              maxLength={PROJECT_LIMITS.iconMaxChars}
              onChange={(e) => set('icon', e.target.value.trim() || '📁')}
              placeholder="🙂"
              className="h-9 w-16 px-2 text-center"
            />
          </div>
        </fieldset>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">Colour</legend>
          <div className="flex flex-wrap gap-2">
            {PROJECT_COLOURS.map((colour) => (
              <button
                key={colour}
                type="button"
                aria-label={`Colour ${colour}`}
                aria-pressed={values.colour === colour}
                onClick={() => set('colour', colour)}
                className={cn(
                  'size-7 rounded-full ring-offset-2 ring-offset-surface',
                  PROJECT_SWATCH[colour],
                  values.colour === colour && 'ring-2 ring-fg',
                )}
              />
            ))}
          </div>
        </fieldset>
        {!project && (
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-instructions`} className="text-sm font-medium">
              Instructions <span className="font-normal text-fg-muted">(optional)</span>
            </label>
            <Textarea
              id={`${ids}-instructions`}
              value={values.instructions}
              maxLength={PROJECT_LIMITS.instructionsMaxChars}
              onChange={(e) => set('instructions', e.target.value)}
              placeholder="How should the assistant answer in this project?"
            />
          </div>
        )}
        <div className="flex justify-end gap-2 pt-1">
          <button type="button" className={buttonClasses('outline')} onClick={onCancel}>
            Cancel
          </button>
          <button
            type="submit"
            className={buttonClasses('primary')}
            disabled={!values.name.trim() || saving}
          >
            {project ? 'Save' : 'Create project'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
