/**
 * A call's arguments as the approval prompt shows them: indented JSON when they parse, else the
 * text exactly as the model wrote it (nothing is dropped or reworded: this is what runs).
 */
export function prettyArguments(text: string): string {
  if (text.trim() === '') return '{}';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
