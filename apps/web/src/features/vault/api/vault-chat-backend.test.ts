import { VaultSendRequest } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { vaultSendBody } from './vault-chat-backend';

const ID = '5d1e2f30-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const CHAT = '6e2f3041-5b6c-4d7e-9f80-a1b2c3d4e5f6';

describe('a chat send as the vault receives it', () => {
  it('a new chat names no conversation; a project or generator does not go along', () => {
    const body = vaultSendBody({
      message: 'Hello',
      message_id: ID,
      conversation_id: null,
      project_id: 'p1',
      prompt_generator_id: 'default',
      provider: 'openai',
      model: 'gpt',
    });
    expect(body).toEqual({ message: 'Hello', message_id: ID, provider: 'openai', model: 'gpt' });
    expect(VaultSendRequest.parse(body)).toEqual(body);
  });

  it('a regenerate or an edit is a new version of its turn in its chat', () => {
    const body = vaultSendBody({
      message: 'Edited',
      message_id: ID,
      conversation_id: CHAT,
      provider: 'openai',
      model: 'gpt',
      version_of: CHAT,
    });
    expect(body).toMatchObject({ conversation_id: CHAT, version_of: CHAT });
    expect(VaultSendRequest.parse(body)).toEqual(body);
  });
});
