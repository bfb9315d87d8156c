import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AllocateIdQuery,
  AllocateIdResponse,
  CancelRequest,
  ChatMessage,
  CheckLimitsRequest,
  Conversation,
  ConversationListQuery,
  ConversationListResponse,
  CreateConversationRequest,
  FavouriteRequest,
  HistoryQuery,
  HistoryResponse,
  LimitsResponse,
  MESSAGES,
  MessageResponse,
  ModelsResponse,
  RecentConversationsQuery,
  SendMessageRequest,
  UpdateConversationRequest,
} from './index';

function rejectedPaths(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return result.error.issues.map((i) => i.path.join('.'));
}

/** JSON over the wire and back through the schema, as a client reads a server answer. */
function overTheWire<S extends z.ZodType>(schema: S, value: z.output<S>): z.output<S> {
  return schema.parse(JSON.parse(JSON.stringify(z.encode(schema, value))));
}

const conversation: Conversation = {
  id: 'c_01HZX3',
  title: 'Tide tables for Brest',
  kind: 'regular',
  is_favourite: false,
  project_id: null,
  comparison_id: null,
  created_at: '2025-11-20T08:00:00.000Z',
  updated_at: '2025-11-20T08:05:12.000Z',
  last_message_at: '2025-11-20T08:05:12.000Z',
  message_count: 2,
};

const message: ChatMessage = {
  id: 'm_01HZX4',
  conversation_id: 'c_01HZX3',
  type: 'user',
  content: 'When is high tide in Brest tomorrow?',
  response: 'High tide is at **06:41** and **19:02**.',
  created_at: '2025-11-20T08:05:00.000Z',
  updated_at: '2025-11-20T08:05:12.000Z',
  is_authenticated: true,
  provider: 'openai',
  model: 'gpt-4o-mini',
  model_friendly_name: 'GPT-4o mini',
  status: 'completed',
  attachments: [
    {
      id: 'a_1',
      filename: 'chart.png',
      content_type: 'image/png',
      size: 48213,
      url: '/api/v1/chat/attachments/a_1',
    },
  ],
  tokens: 37,
  error: null,
  request_id: 'req_7d1',
  comparison_id: null,
  parent_id: 'm_01HZX2',
  sibling_ids: ['m_01HZW9', 'm_01HZX4'],
  sibling_index: 1,
  question_version_ids: ['m_01HZX4'],
  question_version_index: 0,
  answer_sibling_ids: ['m_01HZW9', 'm_01HZX4'],
  answer_sibling_index: 1,
  sources: [{ file_id: 'f_1', filename: 'tide-tables.pdf' }],
};

describe('models', () => {
  it('round-trips the model list, demo model included', () => {
    const list = {
      models: [
        {
          id: 'openai:gpt-4o-mini',
          provider: 'openai' as const,
          model: 'gpt-4o-mini',
          friendly_name: 'GPT-4o mini',
          available: false,
          unavailable_reason: 'OPENAI_API_KEY is not set',
          context_window: 128000,
          input_price_per_million: 0.15,
          output_price_per_million: 0.6,
          supports_vision: true,
          input_kinds: ['text' as const, 'images' as const, 'files' as const],
          description: 'A small, quick model.',
          is_demo: false,
        },
        {
          id: 'demo',
          provider: 'openai' as const,
          model: 'parallax-demo',
          friendly_name: 'Offline demo',
          available: true,
          unavailable_reason: null,
          context_window: 8192,
          input_price_per_million: 0,
          output_price_per_million: 0,
          supports_vision: false,
          input_kinds: ['text' as const, 'files' as const],
          description: '',
          is_demo: true,
        },
      ],
      default_model: 'demo',
    };
    expect(overTheWire(ModelsResponse, list)).toEqual(list);
    expect(
      rejectedPaths(ModelsResponse, {
        ...list,
        models: [{ ...list.models[0], provider: 'mistral' }],
      }),
    ).toEqual(['models.0.provider']);
    expect(
      rejectedPaths(ModelsResponse, {
        ...list,
        models: [{ ...list.models[0], input_kinds: ['audio'] }],
      }),
    ).toEqual(['models.0.input_kinds.0']);
  });
});

describe('conversations', () => {
  it('round-trips a conversation page', () => {
    const page = { conversations: [conversation], total: 41, has_more: true };
    expect(overTheWire(ConversationListResponse, page)).toEqual(page);
    expect(rejectedPaths(Conversation, { ...conversation, kind: 'chat' })).toEqual(['kind']);
  });

  it('reads list queries from strings, excluding comparisons by default', () => {
    expect(ConversationListQuery.parse({})).toEqual({
      offset: 0,
      limit: 20,
      excludeComparisons: true,
    });
    expect(
      ConversationListQuery.parse({
        offset: '20',
        limit: '20',
        search: ' tide ',
        is_favourite: 'true',
        excludeComparisons: 'false',
      }),
    ).toEqual({
      offset: 20,
      limit: 20,
      search: 'tide',
      is_favourite: true,
      excludeComparisons: false,
    });
    expect(rejectedPaths(ConversationListQuery, { excludeComparisons: 'maybe' })).toEqual([
      'excludeComparisons',
    ]);
    expect(rejectedPaths(ConversationListQuery, { limit: '0' })).toEqual(['limit']);
    expect(rejectedPaths(ConversationListQuery, { limit: '1000' })).toEqual(['limit']);
    expect(rejectedPaths(ConversationListQuery, { offset: '-1' })).toEqual(['offset']);
  });

  it('defaults the recent list to 10', () => {
    expect(RecentConversationsQuery.parse({})).toEqual({ limit: 10, excludeComparisons: true });
  });

  it('validates create, rename and favourite bodies', () => {
    expect(CreateConversationRequest.parse({})).toEqual({ kind: 'regular' });
    expect(rejectedPaths(UpdateConversationRequest, { title: '   ' })).toEqual(['title']);
    expect(UpdateConversationRequest.parse({ title: ' Tides ' })).toEqual({ title: 'Tides' });
    expect(FavouriteRequest.parse({})).toEqual({});
    expect(rejectedPaths(FavouriteRequest, { is_favourite: 'yes' })).toEqual(['is_favourite']);
  });
});

describe('messages', () => {
  const send = {
    message: 'When is high tide?',
    message_id: 'm_01HZX4',
    provider: 'anthropic',
    model: 'claude-haiku-4-5',
  };

  it('trims the message and always includes history unless told', () => {
    expect(SendMessageRequest.parse({ ...send, message: '  When is high tide?\n' })).toEqual({
      ...send,
      include_conversation_history: true,
    });
  });

  it('cuts the trimmed message to 10,000 characters (spec §5)', () => {
    const exact = SendMessageRequest.parse({ ...send, message: ` ${'a'.repeat(10_000)} ` });
    expect(exact.message).toHaveLength(10_000);
    const long = SendMessageRequest.parse({ ...send, message: `${'b'.repeat(10_000)}tail` });
    expect(long.message).toBe('b'.repeat(10_000));
  });

  it("says 'Message cannot be empty' for blank text", () => {
    const result = SendMessageRequest.safeParse({ ...send, message: ' \n\t ' });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.messageEmpty);
  });

  it('needs a pre-allocated id and a known provider', () => {
    expect(rejectedPaths(SendMessageRequest, { ...send, message_id: undefined })).toEqual([
      'message_id',
    ]);
    expect(rejectedPaths(SendMessageRequest, { ...send, provider: 'mistral' })).toEqual([
      'provider',
    ]);
  });

  it('round-trips a streaming send answer and a chat message', () => {
    const answer = {
      id: 'm_01HZX4',
      conversation_id: 'c_01HZX3',
      message: 'When is high tide?',
      response: null,
      created_at: '2025-11-20T08:05:00.000Z',
      is_authenticated: false,
      provider: 'anthropic' as const,
      model: 'claude-haiku-4-5',
      model_friendly_name: 'Claude Haiku 4.5',
      status: 'streaming' as const,
      attachments: [],
      remaining_messages: 9,
      request_id: 'req_7d1',
      sources: [],
    };
    expect(overTheWire(MessageResponse, answer)).toEqual(answer);
    expect(overTheWire(ChatMessage, message)).toEqual(message);
    expect(rejectedPaths(ChatMessage, { ...message, status: 'done' })).toEqual(['status']);
    expect(rejectedPaths(MessageResponse, { ...answer, created_at: 'yesterday' })).toEqual([
      'created_at',
    ]);
  });

  it('allocates ids, with a comparison id on request', () => {
    expect(AllocateIdQuery.parse({})).toEqual({ allocate_comparison_id: false });
    expect(AllocateIdQuery.parse({ allocate_comparison_id: 'true' })).toEqual({
      allocate_comparison_id: true,
    });
    expect(overTheWire(AllocateIdResponse, { message_id: 'm_1', comparison_id: 'cmp_1' })).toEqual({
      message_id: 'm_1',
      comparison_id: 'cmp_1',
    });
    expect(overTheWire(AllocateIdResponse, { message_id: 'm_1' })).toEqual({ message_id: 'm_1' });
  });

  it('pages history 50 at a time', () => {
    expect(HistoryQuery.parse({})).toEqual({ limit: 50, offset: 0, excludeComparisons: true });
    const page = {
      messages: [message],
      has_more: true,
      cursor: 'm_01HZX4',
      remaining_messages: null,
    };
    expect(overTheWire(HistoryResponse, page)).toEqual(page);
  });

  it('checks limits', () => {
    expect(
      CheckLimitsRequest.parse({
        provider: 'gemini',
        model: 'gemini-2.5-flash',
        conversation_id: null,
      }),
    ).toEqual({
      provider: 'gemini',
      model: 'gemini-2.5-flash',
      conversation_id: null,
    });
    const limits = {
      can_send_message: false,
      remaining_messages: 0,
      daily_limit: 10,
      is_authenticated: false,
      resets_at: '2030-05-02T00:00:00.000Z',
      free_daily_limit: 25,
    };
    expect(overTheWire(LimitsResponse, limits)).toEqual(limits);
    expect(rejectedPaths(LimitsResponse, { ...limits, remaining_messages: -1 })).toEqual([
      'remaining_messages',
    ]);
    expect(rejectedPaths(LimitsResponse, { ...limits, resets_at: 'tomorrow' })).toEqual([
      'resets_at',
    ]);
  });

  it('cancels by message id, request id or neither (path form)', () => {
    expect(CancelRequest.parse({ message_id: 'm_1' })).toEqual({ message_id: 'm_1' });
    expect(CancelRequest.parse({})).toEqual({});
    expect(rejectedPaths(CancelRequest, { request_id: '' })).toEqual(['request_id']);
  });
});
