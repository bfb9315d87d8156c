/**
 * The set-based inserts of chat documents into search_documents, shared by both dialects'
 * backfill and by the triggers that re-index one conversation (`where` on alias c, the
 * conversation): its title, each user message, each completed answer. `tsv` adds
 * PostgreSQL's tsvector column, computed from the same texts.
 */
/** The owner key of a conversation row (alias or NEW): 'u:<user id>' or 'v:<visitor id>'. */
export const OWNER = (row: string) =>
  `case when ${row}.user_id is not null then 'u:' || ${row}.user_id else 'v:' || ${row}.visitor_id end`;

/**
 * The title an untitled chat has until its first exchange names it (the contract's
 * CONVERSATION_DEFAULT_TITLE, as of this migration): every such chat shares it, so it is not
 * indexed, and naming the chat then only inserts (FTS5 rows are costly to rewrite).
 */
export const PLACEHOLDER_TITLE = `'New chat'`;

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
      from conversations c where ${scope} and c.title <> ${PLACEHOLDER_TITLE}`,
    `insert into search_documents (${columns})
      select 'message', ${owner}, c.id, m.id, m.created_at${extra('m.content')}
      from messages m join conversations c on c.id = m.conversation_id where ${scope}`,
    `insert into search_documents (${columns})
      select 'answer', ${owner}, c.id, m.id, m.created_at${extra('m.response')}
      from messages m join conversations c on c.id = m.conversation_id
      where ${scope} and m.status = 'completed' and m.response is not null`,
  ];
}

/** search_documents on either dialect: `id` is its primary key, `extra` any further columns. */
export function searchDocumentsTable(id: string, extra = ''): string {
  return `create table search_documents (
    id ${id} primary key,
    kind text not null,
    owner_key text not null,
    conversation_id text references conversations(id) on delete cascade,
    message_id text references messages(id) on delete cascade,
    project_id text,
    source_id text,
    source_name text,
    created_at text not null,
    body text${extra}
  )`;
}

/** The cascades from chats and turns, and removing a knowledge file's chunks, look these up. */
export const SEARCH_DOCUMENTS_INDEXES = [
  'create index search_documents_conversation_idx on search_documents (conversation_id)',
  'create index search_documents_message_idx on search_documents (message_id)',
  `create index search_documents_source_idx on search_documents (owner_key, source_id)
    where source_id is not null`,
];
