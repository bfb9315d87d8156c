import { WS_ERROR_MAPPING } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import {
  buildContext,
  ContextError,
  estimateTokens,
  IMAGE_TOKEN_ESTIMATE,
  type HistoryTurn,
} from './context';

const model = { friendlyName: 'Test Model', contextWindow: 1_000, supportsVision: true };
const words = (n: number): string => 'abcd'.repeat(n); // n tokens by the chars/4 estimate

function history(count: number, tokensEach: number): HistoryTurn[] {
  return Array.from({ length: count }, (_, i) => ({
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    content: `${i}:${words(tokensEach)}`.slice(0, tokensEach * 4),
  }));
}

function contextError(run: () => unknown): ContextError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContextError) return error;
    throw error;
  }
  throw new Error('expected a ContextError');
}

describe('buildContext', () => {
  it('keeps every turn, in order, when they fit, and ends with the new message', () => {
    const built = buildContext({
      model,
      system: 'Be kind.',
      history: history(4, 10),
      message: 'Next?',
    });
    expect(built.system).toBe('Be kind.');
    expect(built.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(built.messages.at(-1)).toEqual({ role: 'user', content: 'Next?' });
    expect(built.droppedTurns).toBe(0);
    expect(built.estimatedTokens).toBe(estimateTokens('Be kind.') + 40 + estimateTokens('Next?'));
  });

  it('drops the oldest turns first so the rest fits the window minus the answer reserve', () => {
    // window 1000, reserve 250 → 750 for input: message 100 + 6 turns of 100 fit, 10 do not.
    const turns = history(10, 100);
    const built = buildContext({ model, history: turns, message: words(100) });
    expect(built.estimatedTokens).toBeLessThanOrEqual(750);
    expect(built.droppedTurns).toBe(4);
    expect(built.messages.slice(0, -1).map((m) => m.content)).toEqual(
      turns.slice(4).map((t) => t.content),
    );
  });

  it('never starts the kept history with an assistant turn', () => {
    const built = buildContext({ model, history: history(10, 100), message: words(200) });
    expect(built.messages[0]?.role).toBe('user');
    expect(built.droppedTurns).toBe(6);
  });

  it('refuses a message that cannot fit even alone, with the spec text', () => {
    const error = contextError(() => buildContext({ model, history: [], message: words(800) }));
    expect(error.code).toBe('context_length');
    expect(error.message).toBe(WS_ERROR_MAPPING.find((m) => m.kind === 'context_length')?.message);
  });

  it('sends images to vision models and counts them', () => {
    const png = {
      filename: 'chart.png',
      contentType: 'image/png',
      data: new Uint8Array([1, 2, 3]),
    };
    const built = buildContext({
      model: { ...model, contextWindow: 100_000 },
      history: [],
      message: 'What is this?',
      attachments: [png],
    });
    expect(built.messages[0]?.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image', data: png.data, mediaType: 'image/png' },
    ]);
    expect(built.estimatedTokens).toBe(estimateTokens('What is this?') + IMAGE_TOKEN_ESTIMATE);
  });

  it('refuses images for a model without vision, naming the model and file', () => {
    const error = contextError(() =>
      buildContext({
        model: { ...model, supportsVision: false },
        history: [],
        message: 'Look',
        attachments: [
          { filename: 'cat.jpg', contentType: 'image/jpeg', data: new Uint8Array([1]) },
        ],
      }),
    );
    expect(error.code).toBe('attachment_refused');
    expect(error.message).toBe(
      'Test Model cannot read images. Remove cat.jpg or choose a model that supports images.',
    );
  });

  it('inlines text files, by media type or by extension', () => {
    const built = buildContext({
      model: { ...model, supportsVision: false },
      history: [],
      message: 'Review these',
      attachments: [
        {
          filename: 'notes.md',
          contentType: 'text/markdown',
          data: new TextEncoder().encode('# Notes'),
        },
        {
          filename: 'main.py',
          contentType: 'application/octet-stream',
          data: new TextEncoder().encode('print(1)'),
        },
      ],
    });
    expect(built.messages[0]?.content).toEqual([
      { type: 'text', text: 'Review these' },
      { type: 'text', text: '<file name="notes.md">\n# Notes\n</file>' },
      { type: 'text', text: '<file name="main.py">\nprint(1)\n</file>' },
    ]);
  });

  it('refuses other files and text that is not UTF-8', () => {
    const pdf = contextError(() =>
      buildContext({
        model,
        history: [],
        message: 'Read',
        attachments: [
          {
            filename: 'report.pdf',
            contentType: 'application/pdf',
            data: new Uint8Array([37, 80]),
          },
        ],
      }),
    );
    expect(pdf.message).toBe(
      'report.pdf cannot be sent: only images (PNG, JPEG, GIF, WebP) and text files are supported.',
    );
    const binary = contextError(() =>
      buildContext({
        model,
        history: [],
        message: 'Read',
        attachments: [
          {
            filename: 'data.txt',
            contentType: 'text/plain',
            data: new Uint8Array([0xff, 0xfe, 0xfd]),
          },
        ],
      }),
    );
    expect(binary.code).toBe('attachment_refused');
    expect(binary.message).toContain('data.txt is not readable text');
  });
});
