import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimRequestRecord } from '@parallax/provider-sim';
import { nowMs } from '../lib/stats';
import { TAG_PATTERN } from './sse-chunks';

/** What the upstream sent for one tagged stream: [emitted at ms, text length so far] pairs. */
export interface StreamStamps {
  stamps: Array<[number, number]>;
  text: string;
  chunks: number;
}

/**
 * Stamps every token of every tagged stream the moment provider-sim has written it to its
 * socket (the sim's onTokenWritten hook). Every path of the A/B (direct, floor proxy, server)
 * reads the same sim, so "emitted" means the same moment for all of them, and no proxy hop
 * sits between the sim and the first consumer. The tag is read from the request body once.
 */
export class SimStamps {
  readonly #streams = new Map<string, StreamStamps>();
  readonly #byRecord = new WeakMap<SimRequestRecord, StreamStamps | null>();

  readonly onTokenWritten = (record: SimRequestRecord, token: string): void => {
    let stream = this.#byRecord.get(record);
    if (stream === undefined) {
      const tag = TAG_PATTERN.exec(JSON.stringify(record.body))?.[1];
      stream = tag ? { stamps: [], text: '', chunks: 0 } : null;
      if (tag && stream) this.#streams.set(tag, stream);
      this.#byRecord.set(record, stream);
    }
    if (!stream || token.length === 0) return;
    stream.text += token;
    stream.chunks += 1;
    stream.stamps.push([nowMs(), stream.text.length]);
  };

  /** Every stream since the last call, by tag (the part after `bench-`); then forgets them. */
  take(): Record<string, StreamStamps> {
    const streams = Object.fromEntries(this.#streams);
    this.#streams.clear();
    return streams;
  }

  /** Serves GET /__bench/stamps: `take()` for a bench in another process. */
  async serve(): Promise<{ url: string; server: Server }> {
    const server = createServer((req, res) => {
      if (req.url !== '/__bench/stamps') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(this.take()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}`, server };
  }
}
