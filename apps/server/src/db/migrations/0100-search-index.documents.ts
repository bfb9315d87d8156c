/**
 * The set-based inserts of chat documents into search_documents, shared by both dialects'
 * backfill and by the triggers that re-index one conversation (`where` on alias c, the
 * conversation). A turn is one document: its user message and, once completed, its answer.
 * `tsv` adds PostgreSQL's tsvector column, computed from the same texts.
 */
export function searchDocumentsInserts(
  where: string,
  owner: string,
  tsv?: { title: string; turn: string },
): string[] {
  const scope = `c.search_excluded = 0 and coalesce(c.user_id, c.visitor_id) is not null and ${where}`;
  return [
    `insert into search_documents (kind, owner_key, conversation_id, created_at${tsv ? ', tsv' : ''})
      select 'title', ${owner}, c.id, c.created_at${tsv ? `, ${tsv.title}` : ''}
      from conversations c where ${scope}`,
    `insert into search_documents (kind, owner_key, conversation_id, message_id, created_at${tsv ? ', tsv' : ''})
      select 'turn', ${owner}, c.id, m.id, m.created_at${tsv ? `, ${tsv.turn}` : ''}
      from messages m join conversations c on c.id = m.conversation_id where ${scope}`,
  ];
}
