/**
 * Reads OpenAI chat-completions SSE incrementally and reports how many characters of answer
 * text each network chunk carried, so a stamp or an arrival can be tied to a text offset.
 */
export class SseTextCounter {
  #pending = '';
  text = '';
  chunks = 0;

  /** Feeds raw bytes; returns the answer text length after this chunk. */
  push(raw: string): number {
    this.#pending += raw;
    let boundary = this.#pending.indexOf('\n\n');
    while (boundary !== -1) {
      const event = this.#pending.slice(0, boundary);
      this.#pending = this.#pending.slice(boundary + 2);
      this.#readEvent(event);
      boundary = this.#pending.indexOf('\n\n');
    }
    return this.text.length;
  }

  #readEvent(event: string): void {
    for (const line of event.split('\n')) {
      if (!line.startsWith('data: ') || line === 'data: [DONE]') continue;
      const delta = contentOf(JSON.parse(line.slice(6)));
      if (delta) {
        this.text += delta;
        this.chunks += 1;
      }
    }
  }
}

function contentOf(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || !('choices' in payload)) return '';
  const choices = payload.choices;
  if (!Array.isArray(choices)) return '';
  const first: unknown = choices[0];
  if (typeof first !== 'object' || first === null || !('delta' in first)) return '';
  const delta = first.delta;
  if (typeof delta !== 'object' || delta === null || !('content' in delta)) return '';
  return typeof delta.content === 'string' ? delta.content : '';
}

/** The bench's marker in a prompt, so the upstream can tell concurrent streams apart. */
export const TAG_PATTERN = /\bbench-([a-z0-9-]+)\b/;
