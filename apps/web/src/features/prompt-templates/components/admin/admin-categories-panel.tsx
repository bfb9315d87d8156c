import type { PromptTemplateCategory } from '@parallax/contract';
import { ArrowDown, ArrowUp, Check, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../../ui/button';
import { Input } from '../../../../ui/input';

/** Categories in their order: rename, move up/down, delete, add at the end. */
export function AdminCategoriesPanel({
  categories,
  onCreate,
  onRename,
  onDelete,
  onReorder,
}: {
  categories: PromptTemplateCategory[];
  onCreate: (name: string) => Promise<boolean>;
  onRename: (id: string, name: string) => Promise<boolean>;
  onDelete: (c: PromptTemplateCategory) => void;
  onReorder: (ids: string[]) => void;
}) {
  const [name, setName] = useState('');
  const [names, setNames] = useState<Record<string, string>>({});
  const ids = categories.map((c) => c.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    onReorder(next);
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && (await onCreate(name.trim()))) setName('');
  };

  return (
    <section aria-labelledby="admin-categories" className="space-y-3">
      <h2 id="admin-categories" className="text-lg font-semibold">
        Categories
      </h2>
      <ol className="space-y-2" aria-label="Categories in order">
        {categories.map((c, i) => {
          const edited = names[c.id] ?? c.name;
          return (
            <li
              key={c.id}
              className="flex flex-wrap items-center gap-2 rounded-xl border border-line bg-surface p-2"
            >
              <span className="w-6 text-center text-sm text-fg-muted tabular-nums">{i + 1}</span>
              <Input
                aria-label={`Name of category ${c.name}`}
                value={edited}
                onChange={(e) => setNames((n) => ({ ...n, [c.id]: e.target.value }))}
                className="h-9 min-w-0 flex-1 basis-40"
              />
              <span className="text-xs text-fg-muted">{c.template_count} public</span>
              <div className="flex gap-1">
                {edited.trim() !== c.name && (
                  <Button
                    size="icon"
                    variant="outline"
                    aria-label={`Save name of ${c.name}`}
                    onClick={() => void onRename(c.id, edited.trim())}
                  >
                    <Check className="size-4" aria-hidden />
                  </Button>
                )}
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${c.name} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp className="size-4" aria-hidden />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${c.name} down`}
                  disabled={i === categories.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown className="size-4" aria-hidden />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Delete category ${c.name}`}
                  onClick={() => onDelete(c)}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      <form onSubmit={(e) => void add(e)} className="flex gap-2">
        <Input
          aria-label="New category name"
          placeholder="New category"
          value={name}
          maxLength={60}
          onChange={(e) => setName(e.target.value)}
          className="h-10"
        />
        <Button type="submit" variant="outline" disabled={!name.trim()}>
          <Plus className="size-4" aria-hidden /> Add
        </Button>
      </form>
    </section>
  );
}
