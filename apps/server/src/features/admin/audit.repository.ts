import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditListQuery } from '@parallax/contract';
import type { AuditLogTable, Database } from '../../db/schema';

export type AuditRow = Selectable<AuditLogTable>;

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Omit<AuditRow, 'actor_email'>): Promise<void> {
    const actor = await this.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', row.actor_id)
      .executeTakeFirst();
    await this.db
      .insertInto('audit_log')
      .values({ ...row, actor_email: actor?.email ?? '' })
      .execute();
  }

  async list(query: AuditListQuery): Promise<{ rows: AuditRow[]; total: number }> {
    let base = this.db.selectFrom('audit_log');
    if (query.actor)
      base = base.where(
        sql<boolean>`lower(actor_email) like ${likePattern(query.actor)} escape '\\'`,
      );
    if (query.action)
      base = base.where(sql<boolean>`action like ${prefixPattern(query.action)} escape '\\'`);
    if (query.target_type) base = base.where('target_type', '=', query.target_type);
    if (query.target_id) base = base.where('target_id', '=', query.target_id);
    if (query.from) base = base.where('created_at', '>=', new Date(query.from).toISOString());
    if (query.to) base = base.where('created_at', '<=', new Date(query.to).toISOString());
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
