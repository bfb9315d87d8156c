import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Resolve } from '../../infra/outbound/address-policy';
import { OutboundClient } from '../../infra/outbound/outbound-client';
import { SecretBox } from '../../infra/secret-box';
import { BuiltInToolbox } from './toolbox';
import { ToolSettingsRepository } from './tool-settings.repository';
import { ToolSettingsService } from './tool-settings.service';
import type { TurnToolbox } from './turn-tool';

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in tools a turn may offer and the step loop's bounds (issue 36). */
    readonly tools: TurnToolbox;
    /** AI management → Tools (the search provider, its sealed key, plans' access). */
    readonly toolSettings: ToolSettingsService;
  }
}

/** Bus topic: the Tools settings changed; every process re-reads. */
export const TOOL_SETTINGS_CHANGED_TOPIC = 'tools.settings-changed';

export interface ToolsPluginOptions {
  /** DNS for the outbound guards and the console's URL check (tests simulate names). */
  resolve?: Resolve | undefined;
  /**
   * Tests only (buildApp's option, never an env var): read_page may reach loopback and private
   * addresses, so a test can serve pages on 127.0.0.1. In production the route is guarded.
   */
  pageReadsReachPrivate?: boolean | undefined;
}

export const toolsPlugin = fp(
  async (app, options: ToolsPluginOptions) => registerTools(app, options),
  {
    name: 'tools',
    dependencies: ['models', 'billing', 'limits'],
    decorators: { fastify: ['bus'] },
  },
);

function registerTools(app: FastifyInstance, options: ToolsPluginOptions): void {
  const { resolve } = options;
  // Its own pool and guard: whatever ALLOW_PRIVATE_PROVIDER_URLS says, a model's URL never
  // reaches this host or its networks.
  const pages = new OutboundClient({
    allowPrivate: options.pageReadsReachPrivate === true,
    ...(resolve && { resolve }),
  });
  const settings = new ToolSettingsService(new ToolSettingsRepository(app.db), {
    box: new SecretBox(app.config.settingsKey),
    allowPrivateUrls: app.config.allowPrivateProviderUrls,
    resolve,
    plans: () => app.plans.listAll(),
  });
  app.decorate('toolSettings', settings);
  app.decorate(
    'tools',
    new BuiltInToolbox(settings, app.limits, {
      search: app.outbound.configured,
      pages: pages.configured,
    }),
  );
  let unsubscribe: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    unsubscribe = await app.bus.subscribe(TOOL_SETTINGS_CHANGED_TOPIC, () => settings.invalidate());
  });
  app.addHook('onClose', async () => {
    await unsubscribe?.();
    pages.close();
  });
}

/** After an admin's change: this process re-reads at once, the others when the bus delivers. */
export async function announceToolSettingsChange(app: FastifyInstance): Promise<void> {
  app.toolSettings.invalidate();
  try {
    await app.bus.publish(TOOL_SETTINGS_CHANGED_TOPIC, '{}');
  } catch (error) {
    app.log.warn({ err: error }, 'announcing a tool settings change failed');
  }
}
