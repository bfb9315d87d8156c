import type { AdminModel, UpdateModelRequest } from '@parallax/contract';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';

const price = (n: number) => `$${n.toLocaleString(undefined, { maximumFractionDigits: 4 })}`;

/** Every model with its switch and default mark; failures come back through onChange's toast. */
export function ModelsList({
  models,
  busy,
  onChange,
}: {
  models: readonly AdminModel[];
  busy: boolean;
  onChange: (model: AdminModel, changes: UpdateModelRequest) => void;
}) {
  return (
    <ul className="divide-y divide-line" aria-label="Models">
      {models.map((model) => (
        <li key={model.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="break-all">{model.friendly_name}</span>
              {model.is_default && <Badge tone="accent">Default</Badge>}
              {model.is_demo && <Badge>Demo</Badge>}
              {model.enabled && !model.available && <Badge tone="warning">Unavailable</Badge>}
            </p>
            <p className="mt-0.5 break-all text-xs text-fg-muted">
              {model.provider} · {model.model} · {model.context_window.toLocaleString()} tokens · in{' '}
              {price(model.input_price_per_million)} / out {price(model.output_price_per_million)}{' '}
              per million{model.supports_vision ? ' · images' : ''}
            </p>
            {model.enabled && !model.available && model.unavailable_reason && (
              <p className="mt-0.5 text-xs break-words text-amber-800 dark:text-amber-300">
                {model.unavailable_reason}
              </p>
            )}
          </div>
          <div className="flex items-center gap-2">
            {model.enabled && !model.is_default && (
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => onChange(model, { is_default: true })}
              >
                Make default
              </Button>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={model.enabled}
                disabled={busy}
                onChange={(event) => onChange(model, { enabled: event.target.checked })}
                aria-label={`${model.friendly_name} enabled`}
              />
              Enabled
            </label>
          </div>
        </li>
      ))}
    </ul>
  );
}
