import { describe, expect, it } from 'vitest';
import { keysToCamel, keysToSnake, toCamelKey, toSnakeKey } from './case-convert';

describe('case conversion', () => {
  it('converts single keys both ways', () => {
    expect(toSnakeKey('conversationId')).toBe('conversation_id');
    expect(toSnakeKey('includeConversationHistory')).toBe('include_conversation_history');
    expect(toSnakeKey('already_snake')).toBe('already_snake');
    expect(toSnakeKey('userID')).toBe('user_id');
    expect(toCamelKey('remaining_messages')).toBe('remainingMessages');
    expect(toCamelKey('alreadyCamel')).toBe('alreadyCamel');
    expect(toCamelKey('_meta')).toBe('_meta');
  });

  it('walks nested objects and arrays', () => {
    const wire = {
      request_id: 'r1',
      messages: [{ created_at: 't', attachments: [{ content_type: 'x' }] }],
    };
    expect(keysToCamel(wire)).toEqual({
      requestId: 'r1',
      messages: [{ createdAt: 't', attachments: [{ contentType: 'x' }] }],
    });
    expect(
      keysToSnake({
        projectId: 'p',
        nested: { isFavourite: true },
        list: [{ modelFriendlyName: 'm' }],
      }),
    ).toEqual({
      project_id: 'p',
      nested: { is_favourite: true },
      list: [{ model_friendly_name: 'm' }],
    });
  });

  it('leaves FormData, Blob, Date and primitives untouched', () => {
    const form = new FormData();
    form.append('someField', '1');
    const blob = new Blob(['x']);
    const date = new Date(0);
    expect(keysToSnake(form)).toBe(form);
    expect(keysToSnake(blob)).toBe(blob);
    expect((keysToSnake({ someDate: date }) as { some_date: Date }).some_date).toBe(date);
    expect(keysToCamel('plain')).toBe('plain');
    expect(keysToCamel(null)).toBeNull();
  });

  it('converts a value nested far deeper than the call stack allows', () => {
    let deep: unknown = { innerKey: 1 };
    for (let i = 0; i < 100_000; i += 1) deep = [{ someKey: deep }];
    let walked = keysToSnake(deep);
    for (let i = 0; i < 100_000; i += 1) walked = (walked as [{ some_key: unknown }])[0].some_key;
    expect(walked).toEqual({ inner_key: 1 });
  });
});
