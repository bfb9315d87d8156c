import {
  TOOL_LIMITS,
  UpdateToolSettingsRequest,
  type AdminToolSettings,
  type WebSearchProvider,
} from '@parallax/contract';
import { useId, useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FieldError, Input } from '../../../ui/input';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { useToolSettings, useUpdateToolSettings } from '../api/admin-tools';
import { ToolPlanAccessTable } from './tool-plan-access';

const PROVIDERS: { value: WebSearchProvider; label: string; url: string }[] = [
  {
    value: 'searxng',
    label: 'SearXNG (self-hosted)',
    url: 'https://search.example.org (required)',
  },
  { value: 'brave', label: 'Brave Search API', url: 'https://api.search.brave.com (default)' },
  { value: 'tavily', label: 'Tavily', url: 'https://api.tavily.com (default)' },
];
const NONE = '';

type Field = 'web_search_base_url' | 'web_search_api_key' | 'max_steps' | 'tool_timeout_seconds';
type Errors = Partial<Record<Field | 'form', string>>;
const FIELDS: readonly Field[] = [
  'web_search_base_url',
  'web_search_api_key',
  'max_steps',
  'tool_timeout_seconds',
];

/** A message that starts with a field's name goes under that field; any other under the form. */
function errorsFrom(message: string): Errors {
  const field = FIELDS.find((name) => message.startsWith(`${name}:`));
  return field ? { [field]: message } : { form: message };
}

/** AI management → Tools: the web search provider, the step loop's bounds, plans' access. */
export function ToolsCard() {
  const settings = useToolSettings();
  if (settings.isLoading)
    return (
      <Card className="space-y-3 p-4" aria-busy="true">
        <Skeleton className="h-6 w-40 rounded-lg" />
        <Skeleton className="h-10 w-full rounded-xl" />
        <Skeleton className="h-10 w-full rounded-xl" />
      </Card>
    );
  if (settings.isError || !settings.data)
    return (
      <Card className="p-4">
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load the tool settings.{' '}
          <button type="button" className="underline" onClick={() => void settings.refetch()}>
            Try again
          </button>
        </p>
      </Card>
    );
  return <ToolsForm key={settings.data.updated_at ?? 'new'} settings={settings.data} />;
}

export function ToolsForm({ settings }: { settings: AdminToolSettings }) {
  const id = useId();
  const update = useUpdateToolSettings();
  const [provider, setProvider] = useState<WebSearchProvider | typeof NONE>(
    settings.web_search_provider ?? NONE,
  );
  const [baseUrl, setBaseUrl] = useState(settings.web_search_base_url ?? '');
  const [apiKey, setApiKey] = useState('');
  const [maxSteps, setMaxSteps] = useState(String(settings.max_steps));
  const [timeout, setTimeoutSeconds] = useState(String(settings.tool_timeout_seconds));
  const [plans, setPlans] = useState(settings.plans);
  const [errors, setErrors] = useState<Errors>({});
  const saving = update.isPending;
  const providerChanged = provider !== (settings.web_search_provider ?? NONE);
  const keyShown = provider === 'brave' || provider === 'tavily';

  const send = (body: UpdateToolSettingsRequest, done: string) => {
    setErrors({});
    update.mutate(body, {
      onSuccess: () => {
        setApiKey('');
        toast.success(done);
      },
      onError: (error) =>
        setErrors(errorsFrom(error instanceof Error ? error.message : 'Please try again.')),
    });
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      web_search_provider: provider === NONE ? null : provider,
      web_search_base_url: provider === NONE || baseUrl.trim() === '' ? null : baseUrl.trim(),
      ...(keyShown && apiKey !== '' && { web_search_api_key: apiKey }),
      max_steps: Number(maxSteps),
      tool_timeout_seconds: Number(timeout),
      plans: plans.map(({ plan_id, web_search, read_page }) => ({
        plan_id,
        web_search,
        read_page,
      })),
    };
    const parsed = UpdateToolSettingsRequest.safeParse(body);
    const next: Errors = {};
    if (provider === 'searxng' && body.web_search_base_url === null)
      next.web_search_base_url = 'web_search_base_url: SearXNG needs the address of your instance';
    if (!parsed.success || Object.keys(next).length > 0) {
      for (const issue of parsed.error?.issues ?? []) {
        const field = FIELDS.find((name) => name === issue.path[0]);
        const message = issue.message.startsWith(`${String(issue.path[0])}:`)
          ? issue.message
          : `${issue.path.join('.')}: ${issue.message}`;
        next[field ?? 'form'] ??= message;
      }
      setErrors(next);
      return;
    }
    send(parsed.data, 'Tool settings saved');
  };

  const described = (field: Field, hint?: string) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby':
      [hint, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') ||
      undefined,
  });

  return (
    <Card className="p-4" role="region" aria-labelledby={`${id}-title`}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-title`} className="font-medium">
            Web search and reading pages
          </h3>
          {settings.web_search_ready ? (
            <Badge tone="success">Web search ready</Badge>
          ) : settings.web_search_provider ? (
            <Badge tone="warning">Web search not ready</Badge>
          ) : (
            <Badge tone="neutral">Web search off</Badge>
          )}
        </div>
        {settings.web_search_problem && (
          <p className="text-sm text-amber-800 dark:text-amber-300">
            {settings.web_search_problem}
          </p>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-provider`} className="mb-1 block text-sm font-medium">
              Search provider
            </label>
            <select
              id={`${id}-provider`}
              value={provider}
              disabled={saving}
              onChange={(event) => {
                setProvider(event.target.value as WebSearchProvider | typeof NONE);
                setErrors({});
              }}
              className="h-11 w-full rounded-xl border border-line bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-ring"
            >
              <option value={NONE}>None: no web search</option>
              {PROVIDERS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
            {providerChanged && settings.web_search_api_key_set && (
              <p className="mt-1 text-xs text-fg-muted">
                Saving another provider removes the current key and address.
              </p>
            )}
          </div>
          {provider !== NONE && (
            <div>
              <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium">
                {provider === 'searxng' ? 'Instance URL' : 'Base URL'}
              </label>
              <Input
                id={`${id}-url`}
                type="url"
                inputMode="url"
                spellCheck={false}
                value={baseUrl}
                disabled={saving}
                onChange={(event) => setBaseUrl(event.target.value)}
                placeholder={PROVIDERS.find((p) => p.value === provider)?.url}
                {...described('web_search_base_url')}
              />
              <FieldError
                id={`${id}-web_search_base_url-error`}
                message={errors.web_search_base_url ?? null}
              />
            </div>
          )}
        </div>
        {keyShown && (
          <div>
            <label htmlFor={`${id}-key`} className="mb-1 block text-sm font-medium">
              API key
            </label>
            <Input
              id={`${id}-key`}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={apiKey}
              disabled={saving}
              onChange={(event) => setApiKey(event.target.value)}
              placeholder={
                settings.web_search_api_key_set && !providerChanged
                  ? `•••• ${settings.web_search_api_key_last4 ?? ''} (set): type to replace`
                  : 'Not set'
              }
              {...described('web_search_api_key')}
            />
            <FieldError
              id={`${id}-web_search_api_key-error`}
              message={errors.web_search_api_key ?? null}
            />
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${id}-steps`} className="mb-1 block text-sm font-medium">
              Steps per answer
            </label>
            <Input
              id={`${id}-steps`}
              type="number"
              inputMode="numeric"
              min={1}
              max={TOOL_LIMITS.stepsMax}
              value={maxSteps}
              disabled={saving}
              onChange={(event) => setMaxSteps(event.target.value)}
              {...described('max_steps', `${id}-steps-hint`)}
            />
            <p id={`${id}-steps-hint`} className="mt-1 text-xs text-fg-muted">
              Model calls one answer may take, 1 to {TOOL_LIMITS.stepsMax} (default{' '}
              {TOOL_LIMITS.stepsDefault}).
            </p>
            <FieldError id={`${id}-max_steps-error`} message={errors.max_steps ?? null} />
          </div>
          <div>
            <label htmlFor={`${id}-timeout`} className="mb-1 block text-sm font-medium">
              Tool timeout (seconds)
            </label>
            <Input
              id={`${id}-timeout`}
              type="number"
              inputMode="numeric"
              min={1}
              max={TOOL_LIMITS.toolTimeoutMaxSeconds}
              value={timeout}
              disabled={saving}
              onChange={(event) => setTimeoutSeconds(event.target.value)}
              {...described('tool_timeout_seconds', `${id}-timeout-hint`)}
            />
            <p id={`${id}-timeout-hint`} className="mt-1 text-xs text-fg-muted">
              How long one search or page read may run, 1 to {TOOL_LIMITS.toolTimeoutMaxSeconds}{' '}
              (default {TOOL_LIMITS.toolTimeoutDefaultSeconds}).
            </p>
            <FieldError
              id={`${id}-tool_timeout_seconds-error`}
              message={errors.tool_timeout_seconds ?? null}
            />
          </div>
        </div>
        <ToolPlanAccessTable
          id={id}
          plans={plans}
          disabled={saving}
          onChange={(planId, changes) =>
            setPlans((current) =>
              current.map((plan) => (plan.plan_id === planId ? { ...plan, ...changes } : plan)),
            )
          }
        />
        <FieldError id={`${id}-form-error`} message={errors.form ?? null} />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" loading={saving}>
            Save
          </Button>
          {keyShown && settings.web_search_api_key_set && !providerChanged && (
            <Button
              type="button"
              variant="ghost"
              disabled={saving}
              onClick={() => send({ clear_web_search_api_key: true }, 'Search key removed')}
            >
              Remove key
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
