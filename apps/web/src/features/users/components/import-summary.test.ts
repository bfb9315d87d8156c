import { describe, expect, it } from 'vitest';
import { importSummary } from './import-summary';

const base = { projects: 0, conversations: 2, messages: 5, presets: 0, memories: 0 };

describe('importSummary', () => {
  it('names the chats alone when nothing else came', () => {
    expect(importSummary({ source: 'chatgpt', ...base })).toBe(
      'Imported from ChatGPT: 2 chats with 5 messages.',
    );
  });

  it('lists projects, presets and memories that came with them', () => {
    expect(
      importSummary({ source: 'parallax', ...base, projects: 1, presets: 3, memories: 1 }),
    ).toBe('Imported from Parallax: 2 chats with 5 messages, 1 project, 3 presets and 1 memory.');
  });
});
