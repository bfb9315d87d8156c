import { StringDecoder } from 'node:string_decoder';

const LF = 10;
const CR = 13;

/**
 * Incremental Server-Sent Events parser (WHATWG "event stream interpretation") for upstream
 * answers: fed raw socket chunks, it calls `onEvent` once per complete event. Lines that are
 * not SSE fields are kept in `stray`: Google ends a broken stream with a bare JSON error object
 * instead of an event, and that text is the only account of what went wrong.
 */
export class SseParser {
  readonly #decoder = new StringDecoder('utf8');
  readonly #onEvent: (event: string, data: string) => void;
  #pending = '';
  /** A chunk ended on CR: a LF starting the next chunk belongs to the same line break. */
  #skipLf = false;
  #event = '';
  #data: string | undefined;
  #stray = '';

  constructor(onEvent: (event: string, data: string) => void) {
    this.#onEvent = onEvent;
  }

  /** Text of every line that was neither a field, a comment nor blank, each ending in "\n". */
  get stray(): string {
    return this.#stray;
  }

  push(chunk: Buffer | string): void {
    this.#feed(typeof chunk === 'string' ? chunk : this.#decoder.write(chunk));
  }

  /**
   * The stream ended. An event whose closing blank line never came is still delivered: it is
   * complete apart from the terminator, and dropping it could lose a finish.
   */
  end(): void {
    this.#feed(this.#decoder.end());
    if (this.#pending !== '') {
      const line = this.#pending;
      this.#pending = '';
      this.#line(line);
    }
    this.#dispatch();
  }

  #feed(text: string): void {
    const length = text.length;
    let start = 0;
    if (this.#skipLf && length > 0) {
      if (text.charCodeAt(0) === LF) start = 1;
      this.#skipLf = false;
    }
    for (let i = start; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code !== LF && code !== CR) continue;
      const piece = text.slice(start, i);
      const line = this.#pending === '' ? piece : this.#pending + piece;
      this.#pending = '';
      if (code === CR) {
        if (i + 1 === length) this.#skipLf = true;
        else if (text.charCodeAt(i + 1) === LF) i++;
      }
      start = i + 1;
      this.#line(line);
    }
    if (start < length) this.#pending += text.slice(start);
  }

  #line(line: string): void {
    if (line === '') {
      this.#dispatch();
      return;
    }
    if (line.charCodeAt(0) === 58 /* ':' comment, e.g. keep-alive pings */) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') this.#data = this.#data === undefined ? value : `${this.#data}\n${value}`;
    else if (field === 'event') this.#event = value;
    else if (field !== 'id' && field !== 'retry') this.#stray += `${line}\n`;
  }

  #dispatch(): void {
    const data = this.#data;
    const event = this.#event;
    this.#data = undefined;
    this.#event = '';
    if (data !== undefined) this.#onEvent(event === '' ? 'message' : event, data);
  }
}
