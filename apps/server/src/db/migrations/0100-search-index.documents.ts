/**
 * The set-based inserts of chat documents into search_documents, shared by both dialects'
 * backfill and by the triggers that re-index one conversation (`where` on alias c, the
 * conversation): its title, each user message, each completed answer. `tsv` adds
 * PostgreSQL's tsvector column, computed from the same texts.
 */
export function searchDocumentsInserts(
  where: string,
  owner: string,
  tsv?: (text: string) => string,
): string[] {
  const scope = `c.search_excluded = 0 and coalesce(c.user_id, c.visitor_id) is not null and ${where}`;
  const columns = `kind, owner_key, conversation_id, message_id, created_at${tsv ? ', tsv' : ''}`;
  const extra = (text: string) => (tsv ? `, ${tsv(text)}` : '');
  return [
    `insert into search_documents (${columns})
      select 'title', ${owner}, c.id, null, c.created_at${extra('c.title')}
      from conversations c where ${scope}`,
    `insert into search_documents (${columns})
      select 'message', ${owner}, c.id, m.id, m.created_at${extra('m.content')}
      from messages m join conversations c on c.id = m.conversation_id where ${scope}`,
    `insert into search_documents (${columns})
      select 'answer', ${owner}, c.id, m.id, m.created_at${extra('m.response')}
      from messages m join conversations c on c.id = m.conversation_id
      where ${scope} and m.status = 'completed' and m.response is not null`,
  ];
}
