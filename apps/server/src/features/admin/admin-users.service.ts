import type { TurnStats } from '../chat';
import type {
  AdminUserDetail,
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserSummary,
  UpdateAdminUserRequest,
} from '@parallax/contract';
import { AppError } from '../../infra/errors';
import type { AccountAdminService } from '../auth';
import type { AdminUserRow, AdminUsersRepository } from './admin-users.repository';

const DAY_MS = 86_400_000;

function toSummary(row: AdminUserRow): AdminUserSummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role === 'admin' ? 'admin' : 'user',
    email_verified: row.email_verified === 1,
    disabled: row.disabled_at !== null,
    plan_id: row.plan_id,
    plan_name: row.plan_name,
    created_at: row.created_at,
    last_active_at: row.last_active_at,
  };
}

/**
 * Accounts as the admin console manages them. ADMIN_EMAILS stays a bootstrap (it promotes at
 * sign-in); here any admin grants or revokes the role, except their own.
 */
export class AdminUsersService {
  constructor(
    private readonly repository: AdminUsersRepository,
    /** Role, disabled state, deletion and sessions of an account (the auth feature's). */
    private readonly accounts: AccountAdminService,
    /** Mails a new verification code to an unverified account (the auth feature's). */
    private readonly resendCode: (userId: string) => Promise<void>,
    /** Closes the account's open websockets in every process (the realtime hub's). */
    private readonly closeSockets: (userId: string) => Promise<void>,
    /** The account's turns (chat's). */
    private readonly turns: Pick<TurnStats, 'ofUser' | 'lastTurnOf'>,
  ) {}

  async list(query: AdminUserListQuery): Promise<AdminUserListResponse> {
    const { rows, total } = await this.repository.list(query);
    return { users: (await this.#withLastTurn(rows)).map(toSummary), total };
  }

  async detail(id: string): Promise<AdminUserDetail> {
    const row = await this.#find(id);
    const since = new Date(Date.now() - 30 * DAY_MS).toISOString();
    const now = new Date().toISOString();
    const [sessions, usage] = await Promise.all([
      this.accounts.recentSessions(id),
      this.turns.ofUser(id, since),
    ]);
    return {
      ...toSummary(row),
      disabled_at: row.disabled_at,
      sessions: sessions.map((s) => ({
        id: s.id,
        created_at: s.created_at,
        expires_at: s.expires_at,
        revoked: s.revoked_at !== null || s.expires_at <= now,
      })),
      usage,
    };
  }

  async update(
    actorId: string,
    id: string,
    input: UpdateAdminUserRequest,
  ): Promise<AdminUserDetail> {
    if (id === actorId && input.role === 'user')
      throw new AppError('conflict', 'role: you cannot remove your own admin role.');
    if (id === actorId && input.disabled === true)
      throw new AppError('conflict', 'disabled: you cannot disable your own account.');
    const current = await this.#find(id);
    const now = new Date().toISOString();
    if (input.role !== undefined && input.role !== current.role)
      await this.accounts.setRole(id, input.role, now);
    if (input.disabled !== undefined && input.disabled !== (current.disabled_at !== null)) {
      await this.accounts.setDisabled(id, input.disabled, now);
      if (input.disabled) await this.closeSockets(id);
    }
    return this.detail(id);
  }

  async resendVerification(id: string): Promise<void> {
    const row = await this.#find(id);
    if (row.email_verified === 1)
      throw new AppError('conflict', 'This email address is already verified.');
    await this.resendCode(row.id);
  }

  async delete(actorId: string, id: string): Promise<AdminUserSummary> {
    if (id === actorId)
      throw new AppError('conflict', 'You cannot delete your own account from the admin console.');
    const row = await this.#find(id);
    await this.accounts.delete(id);
    await this.closeSockets(id);
    return toSummary(row);
  }

  async #find(id: string): Promise<AdminUserRow> {
    const row = await this.repository.find(id);
    if (!row) throw new AppError('not_found', 'User not found.');
    const [withTurn] = await this.#withLastTurn([row]);
    return withTurn ?? row;
  }

  /** Last activity: the newest session start or turn, whichever is later. */
  async #withLastTurn(rows: readonly AdminUserRow[]): Promise<AdminUserRow[]> {
    const lastTurn = await this.turns.lastTurnOf(rows.map((r) => r.id));
    return rows.map((row) => {
      const turn = lastTurn.get(row.id) ?? null;
      const last = [row.last_active_at, turn]
        .filter((v): v is string => v !== null)
        .sort()
        .at(-1);
      return { ...row, last_active_at: last ?? null };
    });
  }
}
