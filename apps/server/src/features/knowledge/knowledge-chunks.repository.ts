import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { TextChunk } from './chunk-text';

/** Rows per insert statement: well under SQLite's and pg's bound-parameter limits. */
const INSERT_BATCH = 200;

export interface RankedChunk {
  fileId: string;
  filename: string;
  position: number;
  content: string;
  /** Higher is better on both databases (bm25 is negated). */
  score: number;
}

/**
 * knowledge_chunks and its full-text index: FTS5 ranked by bm25 on SQLite, the generated
 * tsvector (GIN) ranked by ts_rank on PostgreSQL. `terms` are plain words (search-terms.ts),
 * so the query strings built here hold no syntax of the user's.
 */
export class KnowledgeChunksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Replaces a file's chunks (a retried indexing run starts from nothing). */
  async replace(
    file: { id: string; projectId: string; filename: string },
    chunks: readonly TextChunk[],
  ): Promise<void> {
    await this.deleteOfFile(file.id);
    for (let i = 0; i < chunks.length; i += INSERT_BATCH) {
      await this.db
        .insertInto('knowledge_chunks')
        .values(
          chunks.slice(i, i + INSERT_BATCH).map((chunk) => ({
            file_id: file.id,
            project_id: file.projectId,
            position: chunk.position,
            filename: file.filename,
            content: chunk.text,
          })),
        )
        .execute();
    }
  }

  async deleteOfFile(fileId: string): Promise<void> {
    await this.db.deleteFrom('knowledge_chunks').where('file_id', '=', fileId).execute();
  }

  /** The project's best chunks for any of the terms, best first. */
  async search(projectId: string, terms: readonly string[], limit: number): Promise<RankedChunk[]> {
    if (terms.length === 0) return [];
    return dialectOf(this.db) === 'postgres'
      ? this.#searchPostgres(projectId, terms, limit)
      : this.#searchSqlite(projectId, terms, limit);
  }

  async #searchSqlite(projectId: string, terms: readonly string[], limit: number) {
    // Each term quoted: FTS5 reads a quoted string as a plain token sequence, never syntax.
    const match = terms.map((term) => `"${term.replaceAll('"', '""')}"`).join(' OR ');
    const result = await sql<{
      file_id: string;
      filename: string;
      position: number;
      content: string;
      rank: number;
    }>`
      select c.file_id, c.filename, c.position, c.content, bm25(knowledge_chunks_fts, 2.0, 1.0) as rank
      from knowledge_chunks_fts
      join knowledge_chunks c on c.seq = knowledge_chunks_fts.rowid
      where knowledge_chunks_fts match ${match} and c.project_id = ${projectId}
      order by rank, c.file_id, c.position
      limit ${limit}`.execute(this.db);
    return result.rows.map((row) => ({
      fileId: row.file_id,
      filename: row.filename,
      position: Number(row.position),
      content: row.content,
      score: -Number(row.rank),
    }));
  }

  async #searchPostgres(projectId: string, terms: readonly string[], limit: number) {
    // Terms are letters and digits only, so joining them with | is a valid tsquery; the
    // english configuration stems them the way the generated tsvector was stemmed.
    const query = terms.join(' | ');
    const result = await sql<{
      file_id: string;
      filename: string;
      position: number;
      content: string;
      rank: number;
    }>`
      select file_id, filename, position, content, ts_rank(tsv, q, 1) as rank
      from knowledge_chunks, to_tsquery('english', ${query}) as q
      where project_id = ${projectId} and tsv @@ q
      order by rank desc, file_id, position
      limit ${limit}`.execute(this.db);
    return result.rows.map((row) => ({
      fileId: row.file_id,
      filename: row.filename,
      position: Number(row.position),
      content: row.content,
      score: Number(row.rank),
    }));
  }
}
