import { Writable } from 'node:stream';
import pino from 'pino';

/** A real pino logger at level warn whose warnings' messages are kept, in order, to assert on. */
export function warningsLog(): { log: pino.Logger; warnings: string[] } {
  const warnings: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString()) as { level: number; msg: string };
      if (line.level === 40) warnings.push(line.msg);
      done();
    },
  });
  return { log: pino({ level: 'warn' }, stream), warnings };
}
