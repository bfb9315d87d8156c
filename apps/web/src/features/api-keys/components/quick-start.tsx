import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { Card } from '../../../ui/card';
import {
  installCommand,
  quickStartSnippet,
  SNIPPET_LABELS,
  SNIPPET_LANGUAGES,
  type SnippetLanguage,
} from '../model/quick-start-snippets';
import { CopyButton } from '../../../ui/copy-button';

function CodeBox({ code, label }: { code: string; label: string }) {
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface-2/70">
      <div className="flex h-10 items-center justify-between border-b border-line pr-1.5 pl-3 text-xs text-fg-muted">
        <span>{label}</span>
        <CopyButton text={code} label={`Copy ${label.toLowerCase()}`} variant="ghost" />
      </div>
      {/* Focusable: on a phone the code scrolls sideways, and keyboards must reach that too. */}
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-ring"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** Copyable examples for curl, the `openai` package for JavaScript and for Python, streamed or not. */
export function QuickStart({ model }: { model: string }) {
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const [stream, setStream] = useState(false);
  const baseUrl = `${window.location.origin}/v1`;
  const install = installCommand(language);
  const code = quickStartSnippet(language, { baseUrl, model, stream });

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight">Quick start</h2>
      <p className="mt-1 text-sm text-fg-muted">
        The API speaks OpenAI’s chat completions: point any OpenAI SDK at{' '}
        <code className="font-mono text-fg">{baseUrl}</code> and use your key. Every model on the
        models list works by its id, or as <code className="font-mono text-fg">provider/model</code>
        .
      </p>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <div
          role="tablist"
          aria-label="Language"
          className="inline-flex rounded-xl border border-line bg-surface-2 p-1"
        >
          {SNIPPET_LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={l === language}
              onClick={() => setLanguage(l)}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium',
                l === language ? 'bg-surface text-fg shadow-soft' : 'text-fg-muted hover:text-fg',
              )}
            >
              {SNIPPET_LABELS[l]}
            </button>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={stream}
            onChange={(e) => setStream(e.target.checked)}
            className="size-4 accent-accent"
          />
          Streaming
        </label>
      </div>
      <div
        className="mt-4 space-y-3"
        role="tabpanel"
        aria-label={`${SNIPPET_LABELS[language]} example`}
      >
        {install && <CodeBox code={install} label="Install" />}
        <CodeBox code={code} label={stream ? 'Streaming example' : 'Example'} />
      </div>
      <p className="mt-4 text-xs text-fg-muted">
        Set <code className="font-mono">PARALLAX_API_KEY</code> to your key first. Calls count
        toward your daily message allowance. Unknown request fields are ignored, as OpenAI does;{' '}
        <code className="font-mono">n</code> must be 1. The full reference is in the{' '}
        <a href="/api/docs" className="text-accent underline underline-offset-2">
          API documentation
        </a>
        .
      </p>
    </Card>
  );
}
