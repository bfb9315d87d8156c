import type { Conversation, SearchHit } from '@parallax/contract';
import { Sun } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { paletteGroups, type PaletteAction } from './palette-items';

const chat = (id: string) => ({ id, title: `Chat ${id}` }) as Conversation;
const action = (id: string, label: string): PaletteAction => ({
  id,
  label,
  icon: Sun,
  run: () => undefined,
});
const ACTIONS = [action('new-chat', 'New chat'), action('dark', 'Use dark theme')];
const HIT = { kind: 'answer', conversation_id: 'c1', message_id: 'm1' } as SearchHit;

describe('paletteGroups', () => {
  it('lists up to five recent chats, then every action, before anything is typed', () => {
    const groups = paletteGroups('', ['1', '2', '3', '4', '5', '6'].map(chat), ACTIONS, []);
    expect(groups.map((g) => g.label)).toEqual(['Recent chats', 'Actions']);
    expect(groups[0]?.items).toHaveLength(5);
    expect(groups[1]?.items).toHaveLength(2);
  });

  it('still offers the actions to someone with no chats yet', () => {
    expect(paletteGroups('', [], ACTIONS, []).map((g) => g.label)).toEqual(['Actions']);
  });

  it('puts the hits first and only the actions whose name holds the text', () => {
    const groups = paletteGroups('DARK', [chat('1')], ACTIONS, [HIT]);
    expect(groups.map((g) => g.label)).toEqual(['Results', 'Actions']);
    expect(groups[1]?.items).toEqual([{ kind: 'action', action: ACTIONS[1] }]);
    expect(paletteGroups('zzz', [chat('1')], ACTIONS, [])).toEqual([]);
  });
});
