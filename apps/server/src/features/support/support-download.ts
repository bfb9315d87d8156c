import type { FastifyReply } from 'fastify';
import type { SupportAttachmentRow } from './support.repository';

/** As chat serves its files: a download, never rendered in the app's origin. */
export function sendSupportFile(reply: FastifyReply, row: SupportAttachmentRow, data: Buffer) {
  return reply
    .header('content-type', row.content_type)
    .header(
      'content-disposition',
      `attachment; filename="${row.filename.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(row.filename)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(data);
}
