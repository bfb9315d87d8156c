import { AUTH_FALLBACK_MESSAGES } from '@parallax/contract';
import { BadgeCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { validateUrl } from '../../../lib/validate';
import { Badge } from '../../../ui/badge';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast/toast-store';
import { authErrorMessage, FormAlert, TextField, type AuthUser } from '../../auth';
import { updateProfile } from '../api/update-profile';
import { SettingsSection } from './settings-section';
import { UserAvatar } from './user-avatar';

const NAME_MAX = 100;

/** An optional avatar URL: blank is fine, anything else must be http(s). */
export function validateAvatarUrl(value: string): string | null {
  return value.trim() === '' ? null : validateUrl(value);
}

export function ProfileDetailsSection({ user }: { user: AuthUser }) {
  const [name, setName] = useState(user.name ?? '');
  const [avatarUrl, setAvatarUrl] = useState(user.avatar_url ?? '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const avatarError = validateAvatarUrl(avatarUrl);
  const dirty = name.trim() !== (user.name ?? '') || avatarUrl.trim() !== (user.avatar_url ?? '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (avatarError || !dirty) return;
    setPending(true);
    setError(null);
    try {
      await updateProfile({
        name: name.trim() === '' ? null : name.trim(),
        avatar_url: avatarUrl.trim() === '' ? null : avatarUrl.trim(),
      });
      toast.success('Profile saved');
    } catch (e) {
      setError(authErrorMessage(e, AUTH_FALLBACK_MESSAGES.unexpected));
    } finally {
      setPending(false);
    }
  };

  return (
    <SettingsSection title="Profile" description="How you appear in Parallax.">
      <form noValidate onSubmit={(e) => void save(e)} className="space-y-4">
        <div className="flex items-center gap-4">
          <UserAvatar
            size="lg"
            name={name || user.name}
            email={user.email}
            avatarUrl={avatarError ? null : avatarUrl.trim() || null}
          />
          <div className="min-w-0">
            <p className="truncate font-medium">{name.trim() || user.email}</p>
            <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <span className="truncate">{user.email}</span>
              {user.email_verified && (
                <Badge tone="success">
                  <BadgeCheck className="size-3" aria-hidden /> Verified
                </Badge>
              )}
            </p>
          </div>
        </div>
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          label="Name"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={null}
        />
        <TextField
          label="Avatar URL"
          type="url"
          inputMode="url"
          placeholder="https://example.com/me.png"
          value={avatarUrl}
          onChange={(e) => setAvatarUrl(e.target.value)}
          error={avatarError}
          hint="A link to a square image. The preview above updates as you type."
        />
        <div className="flex justify-end">
          <Button type="submit" loading={pending} disabled={!dirty || avatarError !== null}>
            Save profile
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
