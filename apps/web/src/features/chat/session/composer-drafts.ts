import { create } from 'zustand';

/**
 * What is typed in each thread's box, kept outside the screens. The first send from home opens
 * the chat's own page, which mounts a new box: text typed while that happens is in this store,
 * not in the old box's state, and moves to the new chat when its box appears.
 */
interface DraftsState {
  drafts: Record<string, string>;
  /** A draft to move once the box of `to` mounts (home → the chat it just created). */
  handoff: { from: string; to: string } | null;
}

export const useComposerDrafts = create<DraftsState>()(() => ({ drafts: {}, handoff: null }));

export function setDraftOf(threadKey: string, text: string): void {
  useComposerDrafts.setState((s) => {
    const drafts = { ...s.drafts, [threadKey]: text };
    if (!text) delete drafts[threadKey];
    return { drafts };
  });
}

/** Adds `text` to the end of a thread's draft, a blank line after what is there. */
export function appendToDraft(threadKey: string, text: string): void {
  const current = useComposerDrafts.getState().drafts[threadKey] ?? '';
  setDraftOf(threadKey, current.trim() ? `${current.trimEnd()}\n\n${text}` : text);
}

/** Asks the box of `to`, when it mounts, to take over whatever `from` holds by then. */
export function handOffDraft(from: string, to: string): void {
  useComposerDrafts.setState({ handoff: { from, to } });
}

/**
 * Called as the box of `threadKey` mounts (before the browser takes the next keystroke): takes
 * the draft handed to it, appended to any draft it already had.
 */
export function takeHandedDraft(threadKey: string): void {
  useComposerDrafts.setState((s) => {
    if (s.handoff?.to !== threadKey) return s;
    const carried = s.drafts[s.handoff.from] ?? '';
    const drafts = { ...s.drafts };
    delete drafts[s.handoff.from];
    const own = drafts[threadKey] ?? '';
    const text = own && carried ? `${own}\n${carried}` : own || carried;
    if (text) drafts[threadKey] = text;
    return { drafts, handoff: null };
  });
}
