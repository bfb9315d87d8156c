import type { Project } from '@parallax/contract';
import { useId } from 'react';
import { useModels } from '../../chat';

interface DefaultModelSelectProps {
  project: Pick<Project, 'default_model'>;
  onChange: (model: string | null) => void;
}

const FIELD =
  'h-10 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg hover:border-line-strong focus:border-accent focus:outline-none';

/** The model new chats in the project start on (the picker can still change it per chat). */
export function DefaultModelSelect({ project, onChange }: DefaultModelSelectProps) {
  const models = useModels().data ?? [];
  const id = useId();
  return (
    <section className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold">
        Default model
      </label>
      <select
        id={id}
        className={FIELD}
        value={project.default_model ?? ''}
        onChange={(e) => onChange(e.target.value || null)}
      >
        <option value="">Your usual model</option>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.friendly_name}
            {m.available ? '' : ' (unavailable)'}
          </option>
        ))}
      </select>
    </section>
  );
}
