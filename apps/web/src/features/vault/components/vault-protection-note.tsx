import { ShieldCheck } from 'lucide-react';

/** What the vault protects against, and what not, in plain words (issue: one sentence each). */
export function VaultProtectionNote() {
  return (
    <p className="flex gap-2 text-sm text-fg-muted">
      <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden />
      <span>
        Everything in the vault is stored encrypted under a key only your PIN or recovery key opens,
        so a stolen database or backup reveals none of it; it does not protect against a compromised
        server while your vault is unlocked, and the model that answers still reads what you send
        it.
      </span>
    </p>
  );
}
