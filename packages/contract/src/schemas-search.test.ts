import { describe, expect, it } from 'vitest';
import { SEARCH_MAX_LIMIT, SearchQuery } from './schemas/search';

describe('SearchQuery', () => {
  it('defaults to an empty query and a page of 20', () => {
    expect(SearchQuery.parse({})).toEqual({ q: '', limit: 20 });
  });

  it('takes any text as q, query syntax included', () => {
    const q = '"a" OR b* -c NEAR(d) e:f';
    expect(SearchQuery.parse({ q }).q).toBe(q);
  });

  it('refuses a limit above the maximum and an unknown kind', () => {
    expect(SearchQuery.safeParse({ limit: String(SEARCH_MAX_LIMIT + 1) }).success).toBe(false);
    expect(SearchQuery.safeParse({ kind: 'vault' }).success).toBe(false);
  });
});
