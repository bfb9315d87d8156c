import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LocalDiskStorage } from '../../infra/storage/local-disk-storage';
import { SupportUploadSweep } from './support-upload-sweep';
import { SupportRepository } from './support.repository';
import { SupportService } from './support.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Support tickets: the user routes and the admin inbox share it. */
    readonly support: SupportService;
    readonly supportUploadSweep: SupportUploadSweep;
  }
}

export function registerSupport(app: FastifyInstance): void {
  // Not chat's uploads folder: chat's sweeper removes files no chat attachment names.
  const storage = new LocalDiskStorage(path.join(app.config.dataDir, 'support-uploads'));
  app.decorate(
    'support',
    new SupportService(new SupportRepository(app.db), storage, {
      appUrl: app.config.appUrl,
      adminEmails: app.config.adminEmails,
      sendMail: (message) => app.sendMailInBackground(message),
      conversations: app.conversations,
    }),
  );
  const sweep = new SupportUploadSweep(app.db, storage, app.log);
  app.decorate('supportUploadSweep', sweep);
  sweep.start();
  app.addHook('preClose', () => sweep.close());
}
