import type { OpenAiChatChunk } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { ChunkWriter, completionBody, newCompletionMeta } from './completion-shapes';

/** The reply shapes of tool calls (the SDK round trips in public-api.tools.test.ts use them). */
const call = { id: 'call_0', name: 'get_weather', arguments: '{"city":"Paris"}' };
const signed = { ...call, signature: 'c2lnbmF0dXJl' };
const usage = { inputTokens: 10, outputTokens: 5 };

function chunksOf(sse: string): OpenAiChatChunk[] {
  return sse
    .split('\n\n')
    .filter((line) => line.startsWith('data: {'))
    .map((line) => JSON.parse(line.slice('data: '.length)) as OpenAiChatChunk);
}

describe('tool calls in OpenAI’s reply shapes', () => {
  it('a whole answer of calls: content null, tool_calls, finish tool_calls even on a STOP', () => {
    const body = completionBody(newCompletionMeta('gemini-2.5-flash'), {
      text: '',
      toolCalls: [call, signed],
      finishReason: 'stop',
      usage,
    });
    expect(body.choices[0]?.finish_reason).toBe('tool_calls');
    expect(body.choices[0]?.message).toEqual({
      role: 'assistant',
      content: null,
      refusal: null,
      tool_calls: [
        {
          id: 'call_0',
          type: 'function',
          function: { name: 'get_weather', arguments: call.arguments },
        },
        {
          id: 'call_0',
          type: 'function',
          function: { name: 'get_weather', arguments: call.arguments },
          extra_content: { google: { thought_signature: 'c2lnbmF0dXJl' } },
        },
      ],
    });
  });

  it('a streamed call: an opening delta with id, type, name and signature, then its arguments', () => {
    const writer = new ChunkWriter(newCompletionMeta('gemini-2.5-flash'), false);
    const chunks = chunksOf(
      writer.role(true) + writer.toolCall(1, signed) + writer.end('stop', usage, true),
    );
    expect(chunks[0]?.choices[0]?.delta).toEqual({ role: 'assistant', content: null });
    expect(chunks[1]?.choices[0]?.delta.tool_calls).toEqual([
      {
        index: 1,
        id: 'call_0',
        type: 'function',
        function: { name: 'get_weather', arguments: '' },
        extra_content: { google: { thought_signature: 'c2lnbmF0dXJl' } },
      },
    ]);
    expect(chunks[2]?.choices[0]?.delta.tool_calls).toEqual([
      { index: 1, function: { arguments: call.arguments } },
    ]);
    expect(chunks[3]?.choices[0]?.finish_reason).toBe('tool_calls');
  });
});
