import type { FastifyInstance } from 'fastify';
import { DemoUpstream } from '../../providers/demo-upstream';
import { ModelsRepository } from './models.repository';
import { ModelsService } from './models.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The model registry and the adapters behind it; chat and compare generate through it. */
    readonly models: ModelsService;
  }
}

/** Root-level (not encapsulated) so every feature plugin generates through the same service. */
export function registerModels(app: FastifyInstance): void {
  const demo = new DemoUpstream();
  app.decorate(
    'models',
    new ModelsService(new ModelsRepository(app.db), app.config.providers, demo),
  );
  // The demo's provider-sim is started on first use; it must not outlive the app.
  app.addHook('onClose', () => demo.close());
}
