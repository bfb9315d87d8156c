import type { AuditEntry, AuditListQuery, AuditListResponse } from '@parallax/contract';
import type { AuditNote } from '../../infra/audit-note';
import { timeOrderedId } from '../../infra/time-ordered-id';
import { auditSnapshot } from './audit-redaction';
import type { AuditRepository, AuditRow } from './audit.repository';

function parseSnapshot(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    return auditSnapshot(JSON.parse(text));
  } catch {
    return null;
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor_id: row.actor_id,
    actor_email: row.actor_email,
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    before: parseSnapshot(row.before),
    after: parseSnapshot(row.after),
    request_id: row.request_id,
    created_at: row.created_at,
  };
}

function serialise(value: unknown): string | null {
  const snapshot = auditSnapshot(value);
  return snapshot === null ? null : JSON.stringify(snapshot);
}

export class AuditService {
  constructor(private readonly repository: AuditRepository) {}

  async record(actorId: string, requestId: string, note: AuditNote): Promise<void> {
    await this.repository.insert({
      id: timeOrderedId(),
      actor_id: actorId,
      action: note.action,
      target_type: note.targetType ?? null,
      target_id: note.targetId ?? null,
      before: serialise(note.before),
      after: serialise(note.after),
      request_id: requestId,
      created_at: new Date().toISOString(),
    });
  }

  async list(query: AuditListQuery): Promise<AuditListResponse> {
    const { rows, total } = await this.repository.list(query);
    return { entries: rows.map(toEntry), total };
  }
}
