/**
 * Where the prompt generator's own instructions are edited on /admin/prompt-templates. The
 * generator feature provides the editor; until it is wired in here, the slot shows nothing.
 */
export function AdminGeneratorInstructionsSlot() {
  return null;
}
