import { randomUUID } from 'node:crypto';
import type { AuthSession, TokenResponse, UserRole } from '@parallax/contract';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessTokens } from '../../infra/auth/access-token';
import { AppError } from '../../infra/errors';
import { describeUserAgent, placeOfAddress } from './session-device';
import { generateOpaqueToken, hashOpaqueToken } from './secrets';
import type { SessionsRepository } from './sessions.repository';

/** Absolute lifetime of a sign-in: rotation never extends it. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * A rotated refresh token presented again within this window is taken for a retried request
 * (two tabs, a lost response) and answered 409 without harm; later it is theft, and the
 * whole family is revoked.
 * NOTE: we answer 409 rather than replaying the successor pair, because replaying would mean
 * storing a usable refresh token, which we never do.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const SESSION_ENDED = 'Your session has expired. Please sign in again.';

/**
 * Told of every session this service revokes, after the revocation is stored: the app closes
 * the websockets those sessions opened (realtime), which would otherwise stream on until
 * their next API call.
 */
export type SessionsEnded = (userId: string, sessionIds: readonly string[]) => Promise<void>;

export class SessionsService {
  constructor(
    private readonly repository: SessionsRepository,
    private readonly accessTokens: AccessTokens,
    private readonly roleOf: (userId: string) => Promise<UserRole | null>,
    private readonly ended: SessionsEnded,
  ) {}

  /** Starts a new session (a sign-in) and returns its first token pair. */
  async start(userId: string, role: UserRole): Promise<TokenResponse> {
    const now = new Date();
    const sessionId = randomUUID();
    const refreshToken = generateOpaqueToken();
    await this.repository.insertSession(
      {
        id: sessionId,
        user_id: userId,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS).toISOString(),
        revoked_at: null,
        // Filled by the session's first authenticated call (request-auth.ts).
        user_agent: null,
        ip_address: null,
        last_active_at: null,
      },
      hashOpaqueToken(refreshToken),
    );
    return this.tokenResponse(userId, role, sessionId, refreshToken, now);
  }

  /** Single use: the token is swapped for a new pair; reuse after the grace window ends the family. */
  async refresh(refreshToken: string): Promise<TokenResponse> {
    const now = new Date();
    const nowIso = now.toISOString();
    const found = await this.repository.findToken(hashOpaqueToken(refreshToken));
    if (found === undefined) throw new AppError('unauthorized', SESSION_ENDED);
    const { token, session } = found;
    if (session.revoked_at !== null || session.expires_at <= nowIso)
      throw new AppError('unauthorized', SESSION_ENDED);
    if (token.used_at !== null) await this.rejectReuse(token.used_at, session.id, now);

    const successor = generateOpaqueToken();
    const rotated = await this.repository.rotate(
      token.token_hash,
      hashOpaqueToken(successor),
      session.id,
      nowIso,
    );
    // Lost a race with a concurrent refresh of the same token: that is a retry, not theft.
    if (!rotated)
      throw new AppError(
        'conflict',
        'This session was refreshed by another request just now. Use the newest tokens.',
      );
    const role = await this.roleOf(session.user_id);
    if (role === null) throw new AppError('unauthorized', SESSION_ENDED);
    return this.tokenResponse(session.user_id, role, session.id, successor, now);
  }

  /** Revokes the session a refresh token belongs to (logout without an access token). */
  async revokeByRefreshToken(refreshToken: string): Promise<void> {
    const found = await this.repository.findToken(hashOpaqueToken(refreshToken));
    if (found !== undefined) await this.revoke(found.session.id);
  }

  /** The account's live sessions as Settings lists them; `currentSessionId` is the caller's. */
  async listOf(userId: string, currentSessionId: string): Promise<AuthSession[]> {
    const rows = await this.repository.liveOf(userId, new Date().toISOString());
    return rows.map((row) => ({
      id: row.id,
      created_at: row.created_at,
      last_active_at: row.last_active_at,
      ...describeUserAgent(row.user_agent),
      ip_address: row.ip_address,
      place: placeOfAddress(row.ip_address),
      current: row.id === currentSessionId,
    }));
  }

  /**
   * Signs one of the account's sessions out. Every authenticated call reads its session's
   * state (request-auth.ts), so the next call of that device is refused in any process, and
   * its websockets close at once. Another account's session, or one already ended, is not
   * found.
   */
  async revokeOwn(userId: string, sessionId: string): Promise<void> {
    const revoked = await this.repository.revokeOwn(userId, sessionId, new Date().toISOString());
    if (!revoked)
      throw new AppError('not_found', 'That session was not found. It may have ended already.');
    await this.ended(userId, [sessionId]);
  }

  async revoke(sessionId: string): Promise<void> {
    const revoked = await this.repository.revokeSession(sessionId, new Date().toISOString());
    if (revoked !== undefined) await this.ended(revoked.userId, [sessionId]);
  }

  /** Password change keeps the caller's session; reset and account events revoke them all. */
  async revokeAllOf(userId: string, exceptSessionId?: string): Promise<void> {
    const revoked = await this.repository.revokeUserSessions(
      userId,
      new Date().toISOString(),
      exceptSessionId,
    );
    await this.ended(userId, revoked);
  }

  private async rejectReuse(usedAt: string, sessionId: string, now: Date): Promise<never> {
    if (now.getTime() - Date.parse(usedAt) <= REFRESH_REUSE_GRACE_MS) {
      throw new AppError(
        'conflict',
        'This session was refreshed by another request just now. Use the newest tokens.',
      );
    }
    await this.revoke(sessionId);
    throw new AppError('unauthorized', SESSION_ENDED);
  }

  private async tokenResponse(
    userId: string,
    role: UserRole,
    sessionId: string,
    refreshToken: string,
    now: Date,
  ): Promise<TokenResponse> {
    const accessToken = await this.accessTokens.sign({ userId, role, sessionId }, now);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      token_type: 'Bearer',
    };
  }
}
