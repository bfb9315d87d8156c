/**
 * Location states this feature hands to other screens. The receiving features define the same
 * shapes on their side; they are kept here as plain types so this feature imports none of them.
 */

/** /prompt-templates opens a new-template editor prefilled from this (the user saves it). */
export interface TemplateDraftState {
  templateDraft: { title: string; body: string };
}

/** /compare opens a new comparison with this prompt and these models chosen. */
export interface ComparePrefillState {
  comparePrefill: { prompt: string; models: string[] };
}
