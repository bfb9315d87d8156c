import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { Wire } from '../../../../lib/http';
import { Button } from '../../../../ui/button';
import { authErrorMessage } from '../../auth-error-message';
import { FormAlert } from '../../components/fields/form-alert';
import { PasswordField } from '../../components/fields/password-field';
import { TextField } from '../../components/fields/text-field';
import { disableTwoFactor } from '../api/disable-two-factor';
import { regenerateRecoveryCodes } from '../api/regenerate-recovery-codes';

type Action = 'codes' | 'disable';

const validateCode = (code: string) =>
  /^\d{6}$/.test(code.trim()) || code.replace(/[\s-]/g, '').length === 10
    ? null
    : 'Enter the 6-digit code from your app, or a recovery code.';

/** Two-factor sign-in is on: its state, new recovery codes, and turning it off. */
export function TwoFactorManage({
  status,
  onNewCodes,
  onDisabled,
}: {
  status: Wire<'TwoFactorStatus'>;
  onNewCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const [action, setAction] = useState<Action | null>(null);
  const since = status.enabled_at ? new Date(status.enabled_at).toLocaleDateString() : null;
  return (
    <div className="space-y-4">
      <div className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-900 dark:border-emerald-900/70 dark:bg-emerald-950/40 dark:text-emerald-100">
        <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <div>
          <p className="font-medium">Two-factor sign-in is on{since && ` since ${since}`}.</p>
          <p className="mt-0.5">
            {status.recovery_codes_left === 1
              ? '1 recovery code left.'
              : `${status.recovery_codes_left} recovery codes left.`}
            {status.recovery_codes_left <= 3 && ' Make new ones before you run out.'}
          </p>
        </div>
      </div>
      {action === null ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setAction('codes')}>
            New recovery codes
          </Button>
          <Button variant="outline" onClick={() => setAction('disable')}>
            Turn off
          </Button>
        </div>
      ) : (
        <ConfirmForm
          action={action}
          onCancel={() => setAction(null)}
          onDone={async (password, code) => {
            if (action === 'codes') onNewCodes(await regenerateRecoveryCodes({ code }));
            else {
              await disableTwoFactor({ code, ...(password !== '' && { password }) });
              onDisabled();
            }
          }}
        />
      )}
    </div>
  );
}

function ConfirmForm({
  action,
  onCancel,
  onDone,
}: {
  action: Action;
  onCancel: () => void;
  onDone: (password: string, code: string) => Promise<void>;
}) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const disabling = action === 'disable';
  // Not required here: accounts that sign in only with Google or Apple have no password, and
  // the server names the field when one is needed.
  const errors = { code: validateCode(code) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.code) return;
    setPending(true);
    setError(null);
    try {
      await onDone(password, code.trim());
    } catch (e) {
      setPending(false);
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      className="space-y-4 rounded-xl border border-line p-4"
      aria-label={disabling ? 'Turn off two-factor sign-in' : 'Make new recovery codes'}
    >
      <p className="text-sm text-fg-muted">
        {disabling
          ? 'Confirm with your password and a code. Your account will then be protected by your password alone.'
          : 'Confirm with a code. The new codes replace all the old ones, used or not.'}
      </p>
      {error && <FormAlert>{error}</FormAlert>}
      {disabling && (
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={null}
          hint="Leave it empty if you sign in only with Google or Apple."
          autoFocus
        />
      )}
      <TextField
        label="Code from your app, or a recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={submitted ? errors.code : null}
        autoFocus={!disabling}
        className="font-mono"
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant={disabling ? 'danger' : 'primary'} loading={pending}>
          {disabling ? 'Turn off two-factor sign-in' : 'Make new codes'}
        </Button>
      </div>
    </form>
  );
}
