import { CHAT_TITLE_PROMPT } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { composeTitle, isTitleRequest, simTitleFor } from './title-text';

describe('title requests', () => {
  it('are recognised by the app’s title instruction and answered from the message', () => {
    const prompt = `${CHAT_TITLE_PROMPT}\n\nMessage:\nhow do tides work on other planets? [sim ttft=0]`;
    expect(isTitleRequest(prompt)).toBe(true);
    expect(isTitleRequest('how do tides work')).toBe(false);
    expect(composeTitle(prompt)).toBe('How Do Tides Work On');
    expect(simTitleFor('how do tides work on other planets? [sim ttft=0]')).toBe(
      'How Do Tides Work On',
    );
    expect(simTitleFor('[sim ttft=0] ?!')).toBe('Untitled Question');
  });
});
