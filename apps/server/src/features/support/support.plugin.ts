import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LocalDiskStorage } from '../../infra/storage/local-disk-storage';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support tickets: the user routes and the admin inbox share it. */
    readonly support: SupportService;
  }
}

export function registerSupport(app: FastifyInstance): void {
  app.decorate(
    'support',
    new SupportService(
      new SupportRepository(app.db),
      // Not chat's uploads folder: chat's sweeper removes files no chat attachment names.
      new LocalDiskStorage(path.join(app.config.dataDir, 'support-uploads')),
      {
        appUrl: app.config.appUrl,
        adminEmails: app.config.adminEmails,
        sendMail: (message) => app.sendMailInBackground(message),
      },
    ),
  );
}
