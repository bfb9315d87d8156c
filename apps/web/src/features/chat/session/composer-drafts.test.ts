import { beforeEach, describe, expect, it } from 'vitest';
import { handOffDraft, setDraftOf, takeHandedDraft, useComposerDrafts } from './composer-drafts';

const drafts = () => useComposerDrafts.getState().drafts;

beforeEach(() => useComposerDrafts.setState({ drafts: {}, handoff: null }));

describe('composer drafts', () => {
  it('keeps one draft per thread and forgets an emptied one', () => {
    setDraftOf('a', 'first');
    setDraftOf('b', 'second');
    setDraftOf('a', '');
    expect(drafts()).toEqual({ b: 'second' });
  });

  it('moves what home holds when the new chat’s box mounts, including text typed after the send', () => {
    setDraftOf('new', 'typed while the answer starts');
    handOffDraft('new', 'c1');
    // Still typing in the home box until the chat page replaces it.
    setDraftOf('new', 'typed while the answer starts, and more');
    takeHandedDraft('other');
    expect(drafts()).toEqual({ new: 'typed while the answer starts, and more' });
    takeHandedDraft('c1');
    expect(drafts()).toEqual({ c1: 'typed while the answer starts, and more' });
    // Once taken, a second mount (React's strict mode runs effects twice) changes nothing.
    takeHandedDraft('c1');
    expect(drafts()).toEqual({ c1: 'typed while the answer starts, and more' });
  });
});
