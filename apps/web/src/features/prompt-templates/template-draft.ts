/**
 * Location state that opens /prompt-templates on a new template's editor, prefilled (the
 * prompt generator's "Save as template" navigates with it). The user saves to confirm.
 */
export interface TemplateDraftState {
  templateDraft: { title: string; body: string };
}

export function templateDraftOf(state: unknown): TemplateDraftState['templateDraft'] | null {
  if (typeof state !== 'object' || state === null || !('templateDraft' in state)) return null;
  const draft = (state as { templateDraft: unknown }).templateDraft;
  if (typeof draft !== 'object' || draft === null) return null;
  const { title, body } = draft as { title?: unknown; body?: unknown };
  return typeof title === 'string' && typeof body === 'string' ? { title, body } : null;
}
