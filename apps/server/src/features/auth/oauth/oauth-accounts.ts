import { randomUUID } from 'node:crypto';
import type { JWTPayload } from 'jose';
import type { AccountsRepository, UserRow } from '../accounts.repository';
import { normaliseEmail } from '../secrets';
import { OAuthFailure } from './oidc-client';
import type { OauthRepository } from './oauth.repository';

export type OAuthProvider = 'google' | 'apple';

export interface ProviderProfile {
  name: string | null;
  avatarUrl: string | null;
}

function claimedEmail(claims: JWTPayload): string | null {
  // Apple sends email_verified as the string "true".
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return verified && typeof claims.email === 'string' && claims.email.length > 0
    ? normaliseEmail(claims.email)
    : null;
}

/**
 * The account behind a verified ID token: the one already linked to (provider, sub), else the
 * one with the same VERIFIED email (linked now), else a new verified account.
 */
export async function resolveOAuthAccount(
  accounts: AccountsRepository,
  oauth: OauthRepository,
  provider: OAuthProvider,
  claims: JWTPayload,
  profile: ProviderProfile,
): Promise<UserRow> {
  const subject = claims.sub ?? '';
  const now = new Date().toISOString();
  const linked = await oauth.findIdentity(provider, subject);
  const linkedUser = linked && (await accounts.findById(linked.user_id));
  if (linkedUser) return fillMissingName(accounts, linkedUser, profile.name);

  const email = claimedEmail(claims);
  if (email === null) {
    throw new OAuthFailure(
      'email_not_verified',
      'Your account with this provider has no verified email address, so we cannot sign you in with it.',
    );
  }
  let user = await accounts.findByEmail(email);
  if (user !== undefined && user.email_verified !== 1) {
    // Someone registered this address without proving it. The provider just proved who owns
    // it, so the unproven password is dropped: it may be an attacker's pre-registration.
    await accounts.update(user.id, { email_verified: 1, password_hash: null, updated_at: now });
    user = { ...user, email_verified: 1, password_hash: null };
  }
  if (user === undefined) {
    const id = randomUUID();
    await accounts.insert({
      id,
      email,
      password_hash: null,
      name: profile.name,
      avatar_url: profile.avatarUrl,
      role: 'user',
      email_verified: 1,
      preferences: '{}',
      created_at: now,
      updated_at: now,
    });
    user = await accounts.findByEmail(email);
    if (user === undefined)
      throw new OAuthFailure(
        'provider_error',
        'Your account could not be created. Please try again.',
      );
  }
  await oauth.insertIdentity({ provider, subject, user_id: user.id, email, created_at: now });
  return fillMissingName(accounts, user, profile.name);
}

async function fillMissingName(
  accounts: AccountsRepository,
  user: UserRow,
  name: string | null,
): Promise<UserRow> {
  if (user.name !== null || name === null) return user;
  await accounts.update(user.id, { name, updated_at: new Date().toISOString() });
  return { ...user, name };
}

/** The `user` JSON Apple posts on the first sign-in only: {"name":{"firstName","lastName"},"email"}. */
export function parseAppleUserName(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const name = (parsed as { name?: unknown }).name;
    if (typeof name !== 'object' || name === null) return null;
    const { firstName, lastName } = name as { firstName?: unknown; lastName?: unknown };
    const full = [firstName, lastName]
      .filter((p): p is string => typeof p === 'string' && p.trim().length > 0)
      .join(' ')
      .trim();
    return full.length > 0 ? full.slice(0, 100) : null;
  } catch {
    return null;
  }
}
