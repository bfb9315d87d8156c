import fp from 'fastify-plugin';
import { ClientErrorsRepository } from './client-errors.repository';
import { LogRetention } from './log-retention';
import { TelemetryRepository } from './telemetry.repository';
import { TelemetryService } from './telemetry.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Browser error reports and usage events as the browser sends them. */
    readonly telemetry: TelemetryService;
    /** The admin's read of the browser error reports. */
    readonly clientErrors: ClientErrorsRepository;
    readonly logRetention: LogRetention;
  }
}

/** One prune job per process, stopped before the database closes. */
export const telemetryPlugin = fp(
  async (app) => {
    app.decorate('telemetry', new TelemetryService(new TelemetryRepository(app.db)));
    app.decorate('clientErrors', new ClientErrorsRepository(app.db));
    const retention = new LogRetention(app.db, app.config.logRetentionDays, app.log);
    app.decorate('logRetention', retention);
    retention.start();
    app.addHook('preClose', () => retention.close());
  },
  { name: 'telemetry' },
);
