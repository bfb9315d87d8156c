/** What other features may use of attachments: its service, provided as app.attachments. */
export type { AttachmentRow } from './attachments.repository';
export {
  MAX_FILE_BYTES,
  MAX_FILES_PER_MESSAGE,
  checkFiles,
  safeFilename,
  type AttachmentsService,
} from './attachments.service';
export { isUtf8Text, sniffFile } from './file-sniffer';
