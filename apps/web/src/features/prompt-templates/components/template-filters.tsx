import type { PromptTemplateCategory, TemplateSort } from '@parallax/contract';
import { Search } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { Input } from '../../../ui/input';

const SELECT = 'h-10 min-w-0 rounded-xl border border-line bg-surface px-3 text-sm';

export interface FilterValues {
  q: string;
  category: string;
  tag: string;
  sort: TemplateSort;
}

/** Search, category, tag and order of the template list. */
export function TemplateFilters({
  values,
  onChange,
  categories,
  tags,
}: {
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  categories: PromptTemplateCategory[];
  tags: string[];
}) {
  const set = <K extends keyof FilterValues>(key: K, value: FilterValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <div className="relative col-span-2 sm:col-span-1">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search templates"
          placeholder="Search templates"
          value={values.q}
          onChange={(e) => set('q', e.target.value)}
          className="h-10 pl-9"
        />
      </div>
      <select
        aria-label="Category"
        value={values.category}
        onChange={(e) => set('category', e.target.value)}
        className={SELECT}
      >
        <option value="">All categories</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      <select
        aria-label="Tag"
        value={values.tag}
        onChange={(e) => set('tag', e.target.value)}
        className={SELECT}
      >
        <option value="">All tags</option>
        {tags.map((t) => (
          <option key={t} value={t}>
            #{t}
          </option>
        ))}
      </select>
      <select
        aria-label="Sort by"
        value={values.sort}
        onChange={(e) => set('sort', e.target.value === 'uses' ? 'uses' : 'recent')}
        className={cn(SELECT, 'col-span-2 sm:col-span-1')}
      >
        <option value="recent">Most recent</option>
        <option value="uses">Most used</option>
      </select>
    </div>
  );
}
