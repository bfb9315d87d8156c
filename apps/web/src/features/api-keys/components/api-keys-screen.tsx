import type { ApiKey, CreatedApiKey } from '@parallax/contract';
import { useQueryClient } from '@tanstack/react-query';
import { KeySquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { useCurrentPlan } from '../../billing';
import { useModels } from '../../chat';
import { apiKeysKey, useApiKeys } from '../api/list-api-keys';
import { renameApiKey, revokeApiKey } from '../api/update-api-key';
import { ApiKeyCard } from './api-key-card';
import { PlanApiNotice, planApiBlock } from './plan-api-notice';
import { CreateKeyDialog } from './create-key-dialog';
import { QuickStart } from './quick-start';
import { RenameKeyDialog } from './rename-key-dialog';
import { RevokeKeyDialog } from './revoke-key-dialog';
import { SecretDialog } from './secret-dialog';

const errorText = (e: unknown) => (e instanceof Error ? e.message : undefined);

/** /api-keys: the signed-in user's keys (create, rename, revoke) and a quick start. */
export function ApiKeysScreen() {
  const keys = useApiKeys();
  const models = useModels();
  const plan = useCurrentPlan();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [renaming, setRenaming] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const usable = (models.data ?? []).filter((m) => m.available);
  const exampleModel = usable.find((m) => !m.is_demo)?.id ?? usable[0]?.id ?? 'parallax-demo';
  const replaceKey = (key: ApiKey) =>
    queryClient.setQueryData<ApiKey[]>(apiKeysKey, (list) =>
      list?.map((k) => (k.id === key.id ? key : k)),
    );

  const onCreated = (result: CreatedApiKey) => {
    setCreating(false);
    setCreated(result);
    queryClient.setQueryData<ApiKey[]>(apiKeysKey, (list) => [result.key, ...(list ?? [])]);
  };
  const rename = async (key: ApiKey, name: string) => {
    replaceKey(await renameApiKey(key.id, name));
    setRenaming(null);
    toast.success('Key renamed');
  };
  const revoke = (key: ApiKey) => {
    setRevoking(null);
    revokeApiKey(key.id).then(
      (revoked) => {
        replaceKey(revoked);
        toast.success(`“${key.name}” was revoked`);
      },
      (e: unknown) => toast.error('Could not revoke the key', errorText(e)),
    );
  };

  const list = keys.data ?? [];
  const blocked = planApiBlock(plan, list.filter((k) => k.status === 'active').length);
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-8 sm:py-10">
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">API keys</h1>
          <p className="mt-1 text-sm text-fg-muted">
            Call every model from your own code with the OpenAI SDK.
          </p>
        </div>
        {list.length > 0 && (
          <Button onClick={() => setCreating(true)} disabled={blocked !== null}>
            <Plus className="size-4" aria-hidden /> Create key
          </Button>
        )}
      </header>
      {blocked && <PlanApiNotice message={blocked} />}

      <section aria-label="Your API keys" className="mb-8">
        {keys.isPending ? (
          <div className="space-y-3" aria-busy>
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-40 w-full rounded-2xl" />
            ))}
          </div>
        ) : keys.isError ? (
          <LoadFailed
            icon={KeySquare}
            title="Could not load your API keys"
            error={keys.error}
            onRetry={() => void keys.refetch()}
          />
        ) : list.length === 0 ? (
          <EmptyState
            className="rounded-2xl border border-dashed border-line"
            icon={KeySquare}
            title="No API keys yet"
            description="Create a key to use Parallax from scripts and tools. Its secret is shown once, when you create it."
            action={
              <Button onClick={() => setCreating(true)} disabled={blocked !== null}>
                <Plus className="size-4" aria-hidden /> Create your first key
              </Button>
            }
          />
        ) : (
          <div className="space-y-3">
            {list.map((key) => (
              <ApiKeyCard key={key.id} apiKey={key} onRename={setRenaming} onRevoke={setRevoking} />
            ))}
          </div>
        )}
      </section>

      <QuickStart model={exampleModel} />

      <CreateKeyDialog
        open={creating}
        models={usable}
        onClose={() => setCreating(false)}
        onCreated={onCreated}
      />
      <SecretDialog
        secret={created?.secret ?? null}
        name={created?.key.name ?? ''}
        onDone={() => setCreated(null)}
      />
      <RenameKeyDialog apiKey={renaming} onCancel={() => setRenaming(null)} onRename={rename} />
      <RevokeKeyDialog apiKey={revoking} onCancel={() => setRevoking(null)} onConfirm={revoke} />
    </div>
  );
}
