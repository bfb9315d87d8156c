import { VISITOR_ID_PATTERN } from '@parallax/contract';
import { describe, expect, it } from 'vitest';
import { VISITOR_ID_STORAGE_KEY, generateVisitorId, getVisitorId } from './visitor-id';

describe('visitor id', () => {
  it('generates visitor_ + 32 hex characters', () => {
    const id = generateVisitorId();
    expect(id).toMatch(/^visitor_[0-9a-f]{32}$/);
    expect(id).toMatch(VISITOR_ID_PATTERN);
    expect(generateVisitorId()).not.toBe(id);
  });

  it('creates, stores and then reuses the id', () => {
    const first = getVisitorId();
    expect(localStorage.getItem(VISITOR_ID_STORAGE_KEY)).toBe(first);
    expect(getVisitorId()).toBe(first);
  });

  it.each(['session_abc', 'visitor_short', 'visitor_<script>aaaaaaaaaaaaaaaaaaaaaaaa', ''])(
    'regenerates a malformed stored id (%s)',
    (bad) => {
      localStorage.setItem(VISITOR_ID_STORAGE_KEY, bad);
      const id = getVisitorId();
      expect(id).not.toBe(bad);
      expect(id).toMatch(VISITOR_ID_PATTERN);
      expect(localStorage.getItem(VISITOR_ID_STORAGE_KEY)).toBe(id);
    },
  );
});
