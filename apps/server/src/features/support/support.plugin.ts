import path from 'node:path';
import fp from 'fastify-plugin';
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

/** How many of a user's latest error reports the admin sees beside a ticket. */
const RECENT_ERRORS = 10;

export const supportPlugin = fp(
  async (app) => {
    // Not chat's uploads folder: chat's sweeper removes files no chat attachment names.
    const storage = new LocalDiskStorage(path.join(app.config.dataDir, 'support-uploads'));
    const { clientErrors, plans } = app;
    const { accountAdmin } = app.auth;
    app.decorate(
      'support',
      new SupportService(new SupportRepository(app.db), storage, {
        appUrl: app.config.appUrl,
        adminEmails: app.config.adminEmails,
        sendMail: (message) => app.sendMailInBackground(message),
        conversations: app.conversations,
        recentErrors: (userId) => clientErrors.recentOf(userId, RECENT_ERRORS),
        findUser: async (userId) => {
          const user = await accountAdmin.find(userId);
          if (!user) return undefined;
          const plan = await plans.rulesForPlanId(user.plan_id);
          const { id, email, name, role, email_verified, created_at } = user;
          const account = { id, email, name, role, email_verified, created_at };
          return { ...account, plan_id: plan.planId, plan_name: plan.planName };
        },
        admins: () => accountAdmin.admins(),
      }),
    );
    const sweep = new SupportUploadSweep(app.db, storage, app.log);
    app.decorate('supportUploadSweep', sweep);
    sweep.start();
    app.addHook('preClose', () => sweep.close());
  },
  {
    name: 'support',
    dependencies: ['telemetry', 'auth', 'billing', 'conversations'],
    decorators: { fastify: ['sendMailInBackground'] },
  },
);
