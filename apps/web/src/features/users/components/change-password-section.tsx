import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { useState, type FormEvent } from 'react';
import { validateRequired } from '../../../lib/validate';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import {
  authErrorMessage,
  changePassword,
  FormAlert,
  PasswordField,
  PasswordStrengthMeter,
  validateNewPassword,
  validatePasswordMatch,
} from '../../auth';
import { SettingsSection } from './settings-section';

const EMPTY = { current: '', next: '', confirmation: '' };

export function ChangePasswordSection() {
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = {
    current: validateRequired(values.current),
    next: validateNewPassword(values.next),
    confirmation: validatePasswordMatch(values.next, values.confirmation),
  };
  const shown = (key: keyof typeof errors) => (submitted ? errors[key] : null);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.current || errors.next || errors.confirmation) return;
    setPending(true);
    setError(null);
    try {
      await changePassword({ current_password: values.current, new_password: values.next });
      setValues(EMPTY);
      setSubmitted(false);
      toast.success('Password changed', 'Other devices were signed out.');
    } catch (e) {
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection
      title="Password"
      description="Changing it signs you out on every other device."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {error && <FormAlert>{error}</FormAlert>}
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={values.current}
          onChange={set('current')}
          error={shown('current')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <PasswordField
            label="New password"
            autoComplete="new-password"
            value={values.next}
            onChange={set('next')}
            error={shown('next')}
            hint={<PasswordStrengthMeter password={values.next} />}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            value={values.confirmation}
            onChange={set('confirmation')}
            error={shown('confirmation')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={pending}>
            Change password
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
