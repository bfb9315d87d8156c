import { randomUUID } from 'node:crypto';

/** A multipart body with one file field, for app.inject. */
export function multipart(
  filename: string,
  data: Buffer,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----upload${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
