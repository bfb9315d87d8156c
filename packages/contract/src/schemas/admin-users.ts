import { z } from 'zod';
import { Id, IsoTimestamp, limitQuery, OffsetQuery, QueryBoolean } from './common';
import { UserRole } from './users';

export const AdminUserListQuery = z.object({
  q: z.string().trim().max(254).optional(),
  role: UserRole.optional(),
  plan: Id.optional(),
  verified: QueryBoolean.optional(),
  disabled: QueryBoolean.optional(),
  offset: OffsetQuery,
  limit: limitQuery(50),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuery>;

export const AdminUserSummary = z.object({
  id: Id,
  email: z.string(),
  name: z.string().nullable(),
  role: UserRole,
  email_verified: z.boolean(),
  disabled: z.boolean(),
  plan_id: z.string(),
  plan_name: z.string().nullable(),
  created_at: IsoTimestamp,
  last_active_at: IsoTimestamp.nullable(),
});
export type AdminUserSummary = z.infer<typeof AdminUserSummary>;

export const AdminUserListResponse = z.object({
  users: z.array(AdminUserSummary),
  total: z.int(),
});
export type AdminUserListResponse = z.infer<typeof AdminUserListResponse>;

export const AdminUserSession = z.object({
  id: Id,
  created_at: IsoTimestamp,
  expires_at: IsoTimestamp,
  revoked: z.boolean(),
});

export const AdminUserDetail = AdminUserSummary.extend({
  disabled_at: IsoTimestamp.nullable(),
  sessions: z.array(AdminUserSession),
  usage: z.object({
    messages_total: z.int().nonnegative(),
    messages_30d: z.int().nonnegative(),
    input_tokens_30d: z.int().nonnegative(),
    output_tokens_30d: z.int().nonnegative(),
  }),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetail>;

export const UpdateAdminUserRequest = z
  .object({ role: UserRole.optional(), disabled: z.boolean().optional() })
  .strict();
export type UpdateAdminUserRequest = z.infer<typeof UpdateAdminUserRequest>;
