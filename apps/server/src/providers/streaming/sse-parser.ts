import { StringDecoder } from 'node:string_decoder';
import { createParser, type EventSourceParser } from 'eventsource-parser';

/** Enough for any provider's error object; the rest of a runaway stream is not kept. */
const MAX_STRAY_CHARS = 64 * 1024;

function isBreak(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code === 10 || code === 13;
}

/** Where `line` stands as a whole line in `text`, or -1. */
function lineStart(text: string, line: string): number {
  for (let at = text.indexOf(line); at !== -1; at = text.indexOf(line, at + 1)) {
    const end = at + line.length;
    if ((at === 0 || isBreak(text, at - 1)) && (end === text.length || isBreak(text, end)))
      return at;
  }
  return -1;
}

/**
 * Server-Sent Events framing for upstream answers (eventsource-parser), fed raw socket chunks;
 * calls `onEvent` once per complete event. Google ends a broken stream with a bare JSON error
 * object instead of an event, and that text is the only account of what went wrong: from the
 * first line that is not an SSE field on, the raw text is kept in `stray`.
 */
export class SseParser {
  readonly #decoder = new StringDecoder('utf8');
  readonly #parser: EventSourceParser;
  /** The chunk being fed, so the first stray line can be found in it. */
  #current = '';
  #stray: string | undefined;

  constructor(onEvent: (event: string, data: string) => void) {
    this.#parser = createParser({
      onEvent: (message) => onEvent(message.event ?? 'message', message.data),
      onError: (error) => {
        if (this.#stray !== undefined || error.type !== 'unknown-field') return;
        // The parser reports stray lines one by one and drops one split across two chunks;
        // raw text from here to the end keeps the error object whole.
        const line = error.line ?? '';
        const at = lineStart(this.#current, line);
        this.#stray = at === -1 ? `${line}\n` : this.#current.slice(at);
      },
    });
  }

  /**
   * Raw text from the first line that was neither a field, a comment nor blank to the end of
   * the stream (events after it are still delivered); '' when there was none.
   */
  get stray(): string {
    return this.#stray ?? '';
  }

  push(chunk: Buffer | string): void {
    this.#feed(typeof chunk === 'string' ? chunk : this.#decoder.write(chunk));
  }

  /**
   * The stream ended. An event whose closing blank line never came is still delivered: it is
   * complete apart from the terminator, and dropping it could lose a finish.
   */
  end(): void {
    this.#feed(`${this.#decoder.end()}\n\n`);
  }

  #feed(text: string): void {
    if (text === '') return;
    if (this.#stray !== undefined && this.#stray.length < MAX_STRAY_CHARS) this.#stray += text;
    this.#current = text;
    this.#parser.feed(text);
    this.#current = '';
  }
}
