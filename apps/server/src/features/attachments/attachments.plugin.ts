import path from 'node:path';
import fp from 'fastify-plugin';
import { LocalDiskStorage } from '../../infra/storage/local-disk-storage';
import { AttachmentsRepository } from './attachments.repository';
import { AttachmentsService } from './attachments.service';
import { UploadSweeper } from './upload-sweeper';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one attachments service: chat links, reads and discards uploads through it. */
    readonly attachments: AttachmentsService;
    readonly uploadSweeper: UploadSweeper;
  }
}

/** Uploaded files over the file storage, and the sweeper of files no message names. */
export const attachmentsPlugin = fp(
  async (app) => {
    const attachments = new AttachmentsService(
      new LocalDiskStorage(path.join(app.config.dataDir, 'uploads')),
      new AttachmentsRepository(app.db),
    );
    const uploadSweeper = new UploadSweeper(attachments, app.log);
    app.decorate('attachments', attachments);
    app.decorate('uploadSweeper', uploadSweeper);
    uploadSweeper.start();
    app.addHook('preClose', () => uploadSweeper.close());
    app.visitors.onVisitorClaimed((visitorId, userId) =>
      attachments.moveVisitorToUser(visitorId, userId),
    );
  },
  { name: 'attachments', decorators: { fastify: ['visitors'] } },
);
