import { Check, Copy } from 'lucide-react';
import { useRef, useState, type ComponentProps } from 'react';

function languageOf(children: unknown): string | null {
  if (children === null || typeof children !== 'object' || !('props' in children)) return null;
  const props = children.props as { className?: unknown };
  const match =
    typeof props.className === 'string' ? /language-([\w+-]+)/.exec(props.className) : null;
  return match?.[1] ?? null;
}

/** A fenced code block with its language and a copy button. */
export function CodeBlock({
  children,
  node: _node,
  ...rest
}: ComponentProps<'pre'> & { node?: unknown }) {
  const ref = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState(false);
  const language = languageOf(children);

  const copy = async () => {
    const text = ref.current?.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1_500);
    } catch {
      // Clipboard refused (insecure context or permission): nothing to undo.
    }
  };

  return (
    <div className="group/code relative my-3 overflow-hidden rounded-xl border border-line bg-surface-2/70">
      <div className="flex h-9 items-center justify-between border-b border-line px-3 text-xs text-fg-muted">
        <span className="font-mono">{language ?? 'text'}</span>
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 hover:bg-surface-3 hover:text-fg"
          aria-label={copied ? 'Code copied' : 'Copy code'}
        >
          {copied ? (
            <Check className="size-3.5" aria-hidden />
          ) : (
            <Copy className="size-3.5" aria-hidden />
          )}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre
        ref={ref}
        className="overflow-x-auto p-3.5 font-mono text-[13px] leading-relaxed"
        {...rest}
      >
        {children}
      </pre>
    </div>
  );
}
