import {
  serviceAccountKeyProblem,
  type ProviderSettings,
  type ProviderTestResponse,
  type UpdateProviderSettingsRequest,
} from '@parallax/contract';
import { useId, useState } from 'react';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { FieldError, Input } from '../../../ui/input';
import { ProviderHealthLine } from './provider-health-line';
import { VertexCredentialsField } from './vertex-credentials-field';

const NAMES: Record<ProviderSettings['provider'], string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
  google: 'Google Vertex AI',
  grok: 'xAI Grok',
};

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

/**
 * One provider's settings: switch, key (write-only: only its last 4 characters come back),
 * base URL, Vertex project, location and service-account key (write-only too), whether the
 * server reaches it, and a connection test.
 */
export function ProviderCard({
  settings,
  onSave,
  onTest,
  onCheck,
}: {
  settings: ProviderSettings;
  onSave: (changes: UpdateProviderSettingsRequest) => Promise<void>;
  onTest: () => Promise<ProviderTestResponse>;
  onCheck: () => Promise<void>;
}) {
  const id = useId();
  const [apiKey, setApiKey] = useState('');
  const [baseUrl, setBaseUrl] = useState(
    settings.base_url_source === 'admin' ? (settings.base_url ?? '') : '',
  );
  const [project, setProject] = useState(settings.vertex_project ?? '');
  const [location, setLocation] = useState(settings.vertex_location ?? '');
  const [credentials, setCredentials] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<ProviderTestResponse | null>(null);
  const isVertex = settings.provider === 'google';

  const save = async (changes: UpdateProviderSettingsRequest) => {
    setSaving(true);
    setError(null);
    try {
      await onSave(changes);
      setApiKey('');
      setCredentials('');
    } catch (failure) {
      setError(reason(failure));
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const changes: UpdateProviderSettingsRequest = {
      base_url: baseUrl.trim() === '' ? null : baseUrl.trim(),
    };
    if (apiKey !== '') changes.api_key = apiKey;
    if (isVertex) {
      changes.vertex_project = project.trim() === '' ? null : project.trim();
      changes.vertex_location = location.trim() === '' ? null : location.trim();
      if (credentials.trim() !== '') {
        const problem = serviceAccountKeyProblem(credentials);
        if (problem) {
          setError(`Service-account JSON key: ${problem}`);
          return;
        }
        changes.vertex_credentials = credentials;
      }
    }
    void save(changes);
  };

  const test = async () => {
    setTesting(true);
    setResult(null);
    try {
      setResult(await onTest());
    } catch (failure) {
      setResult({
        ok: false,
        latency_ms: 0,
        error_class: 'request',
        detail: reason(failure),
        model: null,
      });
    } finally {
      setTesting(false);
    }
  };

  return (
    <Card className="p-4" role="region" aria-labelledby={`${id}-name`}>
      <form onSubmit={submit} className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-name`} className="font-medium">
            {NAMES[settings.provider]}
          </h3>
          <div className="flex flex-wrap items-center gap-2">
            {settings.configured && settings.health.state === 'unreachable' ? (
              <Badge tone="danger">Unreachable</Badge>
            ) : settings.configured ? (
              <Badge tone="success">Ready</Badge>
            ) : (
              <Badge tone="warning">{settings.unavailable_reason ?? 'Not configured'}</Badge>
            )}
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={settings.enabled}
                disabled={saving}
                onChange={(event) => void save({ enabled: event.target.checked })}
              />
              Enabled
            </label>
          </div>
        </div>
        {settings.configured && <ProviderHealthLine health={settings.health} onCheck={onCheck} />}
        {!isVertex && (
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
              onChange={(event) => setApiKey(event.target.value)}
              placeholder={
                settings.api_key_set
                  ? `•••• ${settings.api_key_last4 ?? ''} (${settings.api_key_source === 'env' ? 'from the environment' : 'set here'}): type to replace`
                  : 'Not set'
              }
            />
          </div>
        )}
        <div>
          <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium">
            Base URL
          </label>
          <Input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            spellCheck={false}
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
            placeholder={
              settings.base_url_source === 'env' && settings.base_url
                ? `${settings.base_url} (from the environment)`
                : "The provider's official endpoint"
            }
          />
        </div>
        {isVertex && (
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-project`} className="mb-1 block text-sm font-medium">
                Vertex project
              </label>
              <Input
                id={`${id}-project`}
                value={project}
                onChange={(e) => setProject(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={`${id}-location`} className="mb-1 block text-sm font-medium">
                Vertex location
              </label>
              <Input
                id={`${id}-location`}
                value={location}
                onChange={(e) => setLocation(e.target.value)}
              />
            </div>
          </div>
        )}
        {isVertex && (
          <VertexCredentialsField
            id={id}
            settings={settings}
            value={credentials}
            onChange={setCredentials}
            saving={saving}
            onRemove={() => void save({ vertex_credentials: null })}
          />
        )}
        <FieldError id={`${id}-error`} message={error} />
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" loading={saving}>
            Save
          </Button>
          {!isVertex && settings.api_key_source === 'admin' && (
            <Button
              type="button"
              variant="ghost"
              disabled={saving}
              onClick={() => void save({ clear_api_key: true })}
            >
              Remove key
            </Button>
          )}
          <Button type="button" variant="outline" loading={testing} onClick={() => void test()}>
            Test connection
          </Button>
          <p role="status" className="text-sm">
            {result &&
              (result.ok ? (
                <span className="text-emerald-700 dark:text-emerald-300">
                  Connected in {result.latency_ms} ms{result.model ? ` (${result.model})` : ''}
                </span>
              ) : (
                <span className="text-red-700 dark:text-red-300">
                  {result.error_class}: {result.detail}
                </span>
              ))}
          </p>
        </div>
      </form>
    </Card>
  );
}
