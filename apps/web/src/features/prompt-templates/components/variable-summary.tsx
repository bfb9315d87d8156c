import type { TemplateVariable, TemplateVariableProblem } from '@parallax/contract';
import { AlertTriangle } from 'lucide-react';
import { Badge } from '../../../ui/badge';

const TYPE_LABEL = { text: 'short text', long: 'long text', choice: 'choice' } as const;

function describe(v: TemplateVariable): string {
  if (v.type === 'choice') return `${v.options.join(' | ')} · default ${v.default ?? ''}`;
  return v.default === null ? 'required' : `optional · default “${v.default}”`;
}

/** The variables found in a body (as it is typed) and the spots that are not variables. */
export function VariableSummary({
  variables,
  problems,
  body,
  onShowProblem,
}: {
  variables: TemplateVariable[];
  problems: TemplateVariableProblem[];
  body: string;
  /** Selects the marked text in the editor. */
  onShowProblem?: (problem: TemplateVariableProblem) => void;
}) {
  return (
    <div className="space-y-2" aria-live="polite">
      <p className="text-xs font-medium tracking-wide text-fg-muted uppercase">
        Variables found: {variables.length}
      </p>
      {variables.length === 0 ? (
        <p className="text-sm text-fg-muted">None yet. Type {'{{name}}'} where a value goes.</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label="Variables found">
          {variables.map((v) => (
            <li key={v.name} className="max-w-full">
              <Badge tone="accent" className="max-w-full" title={describe(v)}>
                <span className="truncate font-mono">{v.name}</span>
                <span className="shrink-0 opacity-80">· {TYPE_LABEL[v.type]}</span>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {problems.length > 0 && (
        <ul className="space-y-1" aria-label="Variable problems">
          {problems.map((p) => {
            const line = body.slice(0, p.start).split('\n').length;
            return (
              <li key={p.start} className="flex items-start gap-2 text-sm">
                <AlertTriangle
                  className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-400"
                  aria-hidden
                />
                <span className="min-w-0 break-words text-amber-800 dark:text-amber-300">
                  Line {line}: {p.message}{' '}
                  <code className="rounded bg-surface-2 px-1 break-all text-fg">
                    {body.slice(p.start, p.start + Math.min(p.length, 40))}
                  </code>
                  {onShowProblem && (
                    <button
                      type="button"
                      className="ml-2 text-xs font-medium text-accent underline-offset-2 hover:underline"
                      onClick={() => onShowProblem(p)}
                    >
                      Show
                    </button>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
