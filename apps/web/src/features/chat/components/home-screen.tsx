import { Code2, Columns3, FileText, Lightbulb, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../auth';
import { Composer } from './composer';
import { greetingFor } from './greeting';

const SUGGESTIONS: ReadonlyArray<{ icon: LucideIcon; title: string; prompt: string }> = [
  {
    icon: Lightbulb,
    title: 'Explain a concept',
    prompt: 'Explain how public-key cryptography works, with a simple analogy.',
  },
  {
    icon: Code2,
    title: 'Review some code',
    prompt: 'Review this function for bugs and readability:\n\n',
  },
  {
    icon: FileText,
    title: 'Draft an email',
    prompt: 'Draft a friendly email asking my team to move our weekly sync to Thursday.',
  },
  {
    icon: Columns3,
    title: 'Compare models',
    prompt:
      'Which is better for a small team: a monorepo or several repositories? Give pros and cons.',
  },
];

export function HomeScreen() {
  const { user } = useAuth();
  const [draft, setDraft] = useState('');
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const firstName = user?.name?.split(' ')[0];
  const location = useLocation();
  const wantsFocus = (location.state as { focusComposer?: unknown } | null)?.focusComposer === true;

  // "New chat" from elsewhere lands here asking for the composer.
  useEffect(() => {
    if (wantsFocus) composerRef.current?.focus();
  }, [wantsFocus, location.key]);

  const applySuggestion = (prompt: string) => {
    setDraft(prompt);
    composerRef.current?.focus();
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col justify-center px-5 py-10 sm:px-8">
      <div className="mb-8 text-center sm:mb-10">
        <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">
          {greetingFor(new Date())}
          {firstName ? `, ${firstName}` : ''}
        </h1>
        <p className="mt-3 text-fg-muted">
          Ask several AI models, watch them answer, and compare side by side.
        </p>
      </div>
      <Composer ref={composerRef} value={draft} onChange={setDraft} />
      <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label="Suggestions">
        {SUGGESTIONS.map(({ icon: Icon, title, prompt }) => (
          <li key={title}>
            <button
              type="button"
              onClick={() => applySuggestion(prompt)}
              className="group flex w-full items-start gap-3 rounded-xl border border-line bg-surface/60 p-4 text-left transition-colors hover:border-line-strong hover:bg-surface"
            >
              <Icon
                className="mt-0.5 size-4 shrink-0 text-fg-subtle transition-colors group-hover:text-accent"
                aria-hidden
              />
              <span className="min-w-0">
                <span className="block text-sm font-medium">{title}</span>
                <span className="mt-0.5 line-clamp-1 block text-sm text-fg-muted">
                  {prompt.trim()}
                </span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
