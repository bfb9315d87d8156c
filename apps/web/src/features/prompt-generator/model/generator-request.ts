/** What the form asks for; the goal is required, the rest helps the model. */
export interface GeneratorForm {
  goal: string;
  audience: string;
  outputFormat: string;
  constraints: string;
}

export const EMPTY_FORM: GeneratorForm = {
  goal: '',
  audience: '',
  outputFormat: '',
  constraints: '',
};

/** Refinements one click away; each sends its text as the next turn. */
export const QUICK_REFINEMENTS = [
  'Make it shorter.',
  'Add an example.',
  'Rewrite it for a child.',
  'Make the tone more formal.',
  'Add stricter constraints.',
] as const;

/** The first message of a session: the form's fields as labelled lines (empty ones left out). */
export function composeRequest(form: GeneratorForm): string {
  const lines: [string, string][] = [
    ['Goal', form.goal],
    ['Audience', form.audience],
    ['Output format', form.outputFormat],
    ['Constraints', form.constraints],
  ];
  return lines
    .filter(([, value]) => value.trim() !== '')
    .map(([label, value]) => `${label}: ${value.trim()}`)
    .join('\n');
}

/** A session's title without the label its first request starts with ("Goal: …"). */
export function sessionTitle(title: string): string {
  return title.replace(/^Goal:\s*/, '');
}
