import { KeepItSafe } from '../../../../ui/keep-it-safe';

/** The recovery codes, shown once: copy or download them, and say they were kept. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-sm font-semibold">Save your recovery codes</h3>
        <p className="mt-1 text-sm text-fg-muted">
          If you lose your phone, each of these codes signs you in once. They are shown only now: we
          keep them only in a form nobody can read back.
        </p>
      </div>
      <ul
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-x-6 gap-y-1.5 rounded-xl border border-line bg-surface-2 px-4 py-3 font-mono text-sm tracking-wide select-all min-[360px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <KeepItSafe
        text={text}
        copyLabel="Copy recovery codes"
        file={{
          name: 'parallax-recovery-codes.txt',
          content: `Parallax two-factor recovery codes\n\n${text}\n\nEach code signs you in once when your authenticator app is not at hand. Keep them somewhere safe, away from your phone.\n`,
        }}
        keptLabel="I kept my recovery codes somewhere safe."
        doneLabel="Done"
        onDone={onDone}
      />
    </div>
  );
}
