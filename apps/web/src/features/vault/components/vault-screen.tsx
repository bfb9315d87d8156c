import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { VaultContents } from './vault-contents';
import { VaultGate } from './vault-gate';
import { VaultProtectionNote } from './vault-protection-note';

/** The vault's page: its heading, what it protects, and `children` below. */
export function VaultFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-8 sm:py-10">
      <header className="mb-6 space-y-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
          <LockKeyhole className="size-6 text-accent" aria-hidden /> Vault
        </h1>
        <VaultProtectionNote />
      </header>
      {children}
    </div>
  );
}

/** /vault: set-up on the first visit, the unlock pad while locked, the contents when open. */
export function VaultScreen() {
  return (
    <VaultFrame>
      <VaultGate>
        <VaultContents />
      </VaultGate>
    </VaultFrame>
  );
}
