import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan, parseJson } from './parse-json';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonNestsDeeperThan', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: '[[[[{{{{', b: '\\"[[[' }), 2)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":{"b":[1]}}', 2)).toBe(true);
  });

  it('needs no stack for a very deep value', () => {
    expect(jsonNestsDeeperThan(nested(1_000_000))).toBe(true);
  });
});

describe('parseJson', () => {
  it('parses JSON within the depth limit and refuses deeper or malformed text', () => {
    expect(parseJson('{"type":"ping","timestamp":1}')).toEqual({ type: 'ping', timestamp: 1 });
    expect(parseJson(nested(100_000))).toBeUndefined();
    expect(parseJson('{"unterminated": ')).toBeUndefined();
  });
});
