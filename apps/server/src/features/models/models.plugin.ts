import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Resolve } from '../../infra/outbound/address-policy';
import { OutboundClient } from '../../infra/outbound/outbound-client';
import { SecretBox } from '../../infra/secret-box';
import { DemoUpstream } from '../../providers/demo-upstream';
import { ModelsAdminService } from './models-admin.service';
import { ModelsRepository } from './models.repository';
import { ModelsService } from './models.service';
import { testProviderConnection } from './provider-connection-test';
import { ProviderHealthProbe } from './provider-health.probe';
import { ProviderHealthRepository } from './provider-health.repository';
import { ProviderHealthService } from './provider-health.service';
import { ProviderSettingsRepository } from './provider-settings.repository';
import { ProviderSettingsService } from './provider-settings.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The model registry and the adapters behind it; chat and compare generate through it. */
    readonly models: ModelsService;
    /** Provider settings from the admin console over the env's (keys sealed). */
    readonly providerSettings: ProviderSettingsService;
    /** Every model and the admin console's edits to the registry. */
    readonly modelsAdmin: ModelsAdminService;
    /** The one HTTP client for URLs that configuration or a credential sets (SSRF guard). */
    readonly outbound: OutboundClient;
    /** The periodic probe of the providers' upstreams (one process at a time). */
    readonly providerHealthProbe: ProviderHealthProbe;
  }
}

/** Bus topic: the model registry or a provider's settings changed; every process re-reads. */
export const REGISTRY_CHANGED_TOPIC = 'models.registry-changed';

export interface ModelsPluginOptions {
  /** DNS for the outbound guard and the console's URL checks (tests simulate names). */
  resolve?: Resolve | undefined;
}

/** Every feature generates through the same registry and adapters. */
export const modelsPlugin = fp(
  async (app, { resolve }: ModelsPluginOptions) => registerModels(app, resolve),
  { name: 'models', dependencies: ['feature-flags'], decorators: { fastify: ['bus'] } },
);

function registerModels(app: FastifyInstance, resolve: Resolve | undefined): void {
  const demo = new DemoUpstream();
  const allowPrivate = app.config.allowPrivateProviderUrls;
  const outbound = new OutboundClient({ allowPrivate, ...(resolve && { resolve }) });
  app.decorate('outbound', outbound);
  const healthRepository = new ProviderHealthRepository(app.db);
  // A provider turning (un)reachable changes every process's model list at once.
  const health = new ProviderHealthService(
    healthRepository,
    app.config.providerHealth,
    () => announceRegistryChange(app),
    app.log,
  );
  const settings = new ProviderSettingsService(new ProviderSettingsRepository(app.db), {
    env: app.config.providers,
    box: new SecretBox(app.config.settingsKey),
    allowPrivateUrls: allowPrivate,
    ...(resolve && { resolve }),
    health: () => health.current(),
  });
  app.decorate('providerSettings', settings);
  const repository = new ModelsRepository(app.db);
  const models = new ModelsService(
    repository,
    settings,
    demo,
    () => app.featureFlags.isOn('mock_api'),
    outbound,
    health,
  );
  app.decorate('models', models);
  const probe = new ProviderHealthProbe(
    health,
    healthRepository,
    settings,
    (provider) => testProviderConnection(provider, { models, repository, providers: settings }),
    app.log,
  );
  app.decorate('providerHealthProbe', probe);
  app.decorate('modelsAdmin', new ModelsAdminService(repository, settings, health, probe));
  // The mock API switch is kept for a few seconds; on a change every process re-reads.
  app.featureFlags.onChanged(async (name) => {
    if (name === 'mock_api') await announceRegistryChange(app);
  });
  // Subscribed once the app is ready: no process hears of changes before it serves.
  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.bus.subscribe(REGISTRY_CHANGED_TOPIC, () => app.models.invalidate());
    probe.start();
  });
  app.addHook('onClose', async () => {
    await probe.close();
    await unsubscribe?.();
    await demo.close();
    outbound.close();
  });
}

/**
 * After an admin's change: this process re-reads at once, the others when the bus delivers
 * (or, if it does not, when their short caches expire).
 */
export async function announceRegistryChange(app: FastifyInstance): Promise<void> {
  app.models.invalidate();
  try {
    await app.bus.publish(REGISTRY_CHANGED_TOPIC, '{}');
  } catch (error) {
    app.log.warn({ err: error }, 'announcing a model registry change failed');
  }
}
