import {
  ChatMessage,
  HistoryResponse,
  MessageResponse,
  type VaultChatDetail,
  type VaultChatMessage,
} from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import {
  vaultChatToHistory,
  vaultFilePath,
  vaultFileUrl,
  vaultReplyToChat,
  vaultTurnToChat,
} from './vault-turns';

const CHAT = '4b9c3a8e-0d7f-4f55-9a67-1c1d2e3f4a5b';
const FIRST = '7e0f5a90-3a4b-4c5d-8e9f-0a1b2c3d4e5f';
const SECOND = '8f1a6b01-4b5c-4d6e-9fa0-1b2c3d4e5f60';

function turn(overrides: Partial<VaultChatMessage> = {}): VaultChatMessage {
  return {
    id: SECOND,
    conversation_id: CHAT,
    content: 'Edited question',
    response: 'An **answer**',
    model: 'parallax-demo',
    model_friendly_name: 'Offline demo',
    status: 'completed',
    created_at: '2026-11-29T10:00:00.000Z',
    attachments: [{ id: FIRST, filename: 'notes.txt', content_type: 'text/plain', size: 12 }],
    provider: 'openai',
    parent_id: null,
    sibling_ids: [FIRST, SECOND],
    sibling_index: 1,
    question_version_ids: [FIRST, SECOND],
    question_version_index: 1,
    answer_sibling_ids: [SECOND],
    answer_sibling_index: 0,
    error: null,
    ...overrides,
  };
}

describe('vault turns in the chat wire form', () => {
  it('a turn keeps its versions, model and files (downloaded through the vault route)', () => {
    const mapped = vaultTurnToChat(CHAT, turn());
    // The chat's own schema accepts it: the chat screen reads nothing it does not hold.
    expect(ChatMessage.parse(mapped)).toEqual(mapped);
    expect(mapped).toMatchObject({
      id: SECOND,
      sibling_ids: [FIRST, SECOND],
      sibling_index: 1,
      question_version_ids: [FIRST, SECOND],
      question_version_index: 1,
      answer_sibling_ids: [SECOND],
      answer_sibling_index: 0,
      provider: 'openai',
      model: 'parallax-demo',
      request_id: null,
    });
    const file = mapped.attachments[0];
    expect(file?.url).toBe(`/api/v1/vault/chats/${CHAT}/attachments/${FIRST}`);
    expect(vaultFilePath(file?.url ?? '')).toBe(`/vault/chats/${CHAT}/attachments/${FIRST}`);
    expect(vaultFileUrl(CHAT, FIRST)).toBe(file?.url);
  });

  it('a failed answer says why; an unknown status is shown as failed rather than live', () => {
    const failed = vaultTurnToChat(CHAT, turn({ status: 'error', error: 'Upstream refused' }));
    expect(failed).toMatchObject({ status: 'error', error: 'Upstream refused' });
    expect(vaultTurnToChat(CHAT, turn({ status: 'sealed?' })).status).toBe('error');
    expect(vaultTurnToChat(CHAT, turn({ status: 'streaming' }))).toMatchObject({
      status: 'streaming',
      response: 'An **answer**',
    });
  });

  it('the detail is one history page: no older pages, the branch in order', () => {
    const detail: VaultChatDetail = {
      id: CHAT,
      title: 'Tide pools',
      kind: 'regular',
      message_count: 2,
      created_at: '2026-11-29T10:00:00.000Z',
      updated_at: '2026-11-29T10:01:00.000Z',
      messages: [
        turn({
          id: FIRST,
          sibling_ids: [FIRST],
          sibling_index: 0,
          question_version_ids: [FIRST],
          question_version_index: 0,
          answer_sibling_ids: [FIRST],
          answer_sibling_index: 0,
        }),
        turn({ parent_id: FIRST }),
      ],
    };
    const history = vaultChatToHistory(detail);
    expect(HistoryResponse.parse(history)).toEqual(history);
    expect(history).toMatchObject({ has_more: false, cursor: null });
    expect(history.messages.map((m) => m.id)).toEqual([FIRST, SECOND]);
  });

  it('a send reply carries what is left of the allowance and the stream id the server said', () => {
    const reply = {
      conversation_id: CHAT,
      message: turn({ response: null, status: 'streaming' }),
      remaining_messages: 4,
      request_id: 'req-1',
    };
    const mapped = vaultReplyToChat(reply);
    expect(MessageResponse.parse(mapped)).toEqual(mapped);
    expect(mapped).toMatchObject({
      status: 'streaming',
      response: null,
      remaining_messages: 4,
      request_id: 'req-1',
    });
    expect(vaultReplyToChat({ ...reply, remaining_messages: null }).remaining_messages).toBeNull();
  });
});
