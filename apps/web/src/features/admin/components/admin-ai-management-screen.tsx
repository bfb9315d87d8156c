import type { AdminModel, UpdateModelRequest } from '@parallax/contract';
import { Cpu } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Card } from '../../../ui/card';
import { LoadFailed } from '../../../ui/load-failed';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { adminModelsKey, createModel, updateModel, useAdminModels } from '../api/admin-models';
import {
  adminProvidersKey,
  checkProviderHealth,
  testProvider,
  updateProvider,
  useAdminProviders,
} from '../api/admin-providers';
import { useUsage } from '../api/admin-usage';
import { AdminPage } from '../../../ui/admin-page';
import { ChatTitlesCard } from './chat-titles-card';
import { ModelForm } from './model-form';
import { ModelsList } from './models-list';
import { ProviderCard } from './provider-card';
import { McpServersCard } from './mcp-servers-card';
import { ToolsCard } from './tools-card';
import { UsageSection } from './usage-section';

const reason = (error: unknown) => (error instanceof Error ? error.message : 'Please try again.');

function Loading() {
  return (
    <div className="space-y-3" aria-busy="true">
      {[0, 1].map((i) => (
        <Skeleton key={i} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}

/** /admin/ai-management: providers, models and usage, changed without a restart. */
export function AdminAiManagementScreen() {
  const providers = useAdminProviders();
  const models = useAdminModels();
  const usage = useUsage();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: adminProvidersKey }),
      queryClient.invalidateQueries({ queryKey: adminModelsKey }),
      // The model picker reads availability from /models.
      queryClient.invalidateQueries({ queryKey: ['models'] }),
    ]);
  };

  const changeModel = (model: AdminModel, changes: UpdateModelRequest) => {
    setBusy(true);
    void updateModel(model.id, changes)
      .catch((error: unknown) =>
        toast.error(`Could not change ${model.friendly_name}`, reason(error)),
      )
      .finally(() => {
        void refresh();
        setBusy(false);
      });
  };

  return (
    <AdminPage
      title="AI management"
      description="Provider keys, base URLs and models; changes apply to every server within seconds."
    >
      <div className="space-y-8">
        <section aria-labelledby="providers-heading" className="space-y-3">
          <h2 id="providers-heading" className="text-lg font-semibold">
            Providers
          </h2>
          {providers.isLoading ? (
            <Loading />
          ) : providers.isError ? (
            <LoadFailed
              icon={Cpu}
              title="Could not load the providers"
              error={providers.error}
              onRetry={() => void providers.refetch()}
            />
          ) : (
            <div className="grid gap-3 lg:grid-cols-2">
              {providers.data?.map((p) => (
                <ProviderCard
                  key={`${p.provider}-${p.updated_at ?? ''}`}
                  settings={p}
                  onSave={async (changes) => {
                    await updateProvider(p.provider, changes);
                    toast.success('Provider saved');
                    await refresh();
                  }}
                  onTest={async () => {
                    // The test is a probe too: the card's health and the lists may change.
                    const result = await testProvider(p.provider);
                    await refresh();
                    return result;
                  }}
                  onCheck={async () => {
                    await checkProviderHealth(p.provider);
                    await refresh();
                  }}
                />
              ))}
            </div>
          )}
        </section>

        <section aria-labelledby="models-heading" className="space-y-3">
          <h2 id="models-heading" className="text-lg font-semibold">
            Models
          </h2>
          {models.isLoading ? (
            <Loading />
          ) : models.isError ? (
            <LoadFailed
              icon={Cpu}
              title="Could not load the models"
              error={models.error}
              onRetry={() => void models.refetch()}
            />
          ) : (
            <Card className="px-4">
              <ModelsList models={models.data ?? []} busy={busy} onChange={changeModel} />
            </Card>
          )}
          <Card className="p-4">
            <h3 className="mb-3 font-medium">Add a model</h3>
            <ModelForm
              onCreate={async (body) => {
                const created = await createModel(body);
                toast.success(`“${created.friendly_name}” added`);
                await refresh();
              }}
            />
          </Card>
        </section>

        <section aria-labelledby="tools-heading" className="space-y-3">
          <h2 id="tools-heading" className="text-lg font-semibold">
            Tools
          </h2>
          <ToolsCard />
        </section>

        <section aria-labelledby="mcp-heading" className="space-y-3">
          <h2 id="mcp-heading" className="text-lg font-semibold">
            MCP servers
          </h2>
          <McpServersCard />
        </section>

        <section aria-labelledby="titles-heading" className="space-y-3">
          <h2 id="titles-heading" className="text-lg font-semibold">
            Chat titles
          </h2>
          <ChatTitlesCard models={models.data ?? []} />
        </section>

        <section aria-labelledby="usage-heading" className="space-y-3">
          <h2 id="usage-heading" className="text-lg font-semibold">
            Usage, 30 days
          </h2>
          <Card className="p-4">
            {usage.isLoading ? (
              <Loading />
            ) : usage.isError ? (
              <LoadFailed
                icon={Cpu}
                title="Could not load the usage"
                error={usage.error}
                onRetry={() => void usage.refetch()}
              />
            ) : usage.data ? (
              <UsageSection usage={usage.data} />
            ) : null}
          </Card>
        </section>
      </div>
    </AdminPage>
  );
}
