import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Database } from '../../db/schema';
import type { ChatOwner } from '../../infra/auth/chat-owner';
import { CONTEXT_STATUSES, type MessageRow } from './message-row';

// The reads that walk a conversation's tree up a branch (recursive CTEs over parent_id), apart
// for their size: MessagesRepository is their only caller and stays the table's one owner.

export interface HistoryPage {
  excludeComparisons: boolean;
  limit: number;
  offset: number;
  /** Only turns strictly older than this (created_at, id). */
  before?: { createdAt: string; id: string } | undefined;
}

export interface BranchPage {
  conversationId: string;
  /** Where the walk up the branch starts; `include`: that turn is the page's newest. */
  from: { id: string; include: boolean };
  limit: number;
  offset: number;
}

/** The owner's turns, narrowed by MessagesRepository. */
type OwnedTurns = SelectQueryBuilder<Database, 'messages', MessageRow>;

/** Turns of the branch that ends at `leaf`: the leaf, its parent, and so on up to the first turn. */
function branchIds(seed: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`(
    with recursive branch(id, parent_id) as (
      ${seed}
      union all
      select m.id, m.parent_id from messages m join branch b on m.id = b.parent_id
    )
    select id from branch)`;
}

/**
 * A blind comparison hides which model answered until its first vote; its turns would name the
 * model in a history, so they join it only once the session is revealed.
 */
function notHiddenByBlindComparison(
  eb: ExpressionBuilder<Database, 'messages'>,
): Expression<SqlBool> {
  return eb.or([
    eb('messages.comparison_id', 'is', null),
    eb.not(
      eb.exists(
        eb
          .selectFrom('compare_sessions')
          .select('compare_sessions.id')
          .whereRef('compare_sessions.id', '=', 'messages.comparison_id')
          .where('compare_sessions.blind', '=', 1)
          .where('compare_sessions.revealed_at', 'is', null),
      ),
    ),
  ]);
}

/** MessagesRepository.page, over the owner's turns in `owned`. */
export function readHistoryPage(
  owned: OwnedTurns,
  owner: ChatOwner,
  page: HistoryPage,
): Promise<MessageRow[]> {
  const ownerColumn = sql.ref(owner.kind === 'user' ? 'c.user_id' : 'c.visitor_id');
  let query = owned.where(
    sql<SqlBool>`id in ${branchIds(sql`
      select m.id, m.parent_id from messages m
      join conversations c on c.current_leaf_id = m.id
      where ${ownerColumn} = ${owner.id}`)}`,
  );
  if (page.excludeComparisons) query = query.where('comparison_id', 'is', null);
  else query = query.where(notHiddenByBlindComparison);
  const before = page.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', before.createdAt),
        eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  }
  return query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/**
 * MessagesRepository.branchPage. The walk stops as deep as the page reaches, so a page costs
 * the same in a chat of 20 turns or 20,000; only when turns the reader may not see (an
 * unrevealed blind comparison's) thin the page out does it walk on.
 */
export async function readBranchPage(
  db: Kysely<Database>,
  owner: ChatOwner,
  page: BranchPage,
): Promise<MessageRow[]> {
  const wanted = page.offset + page.limit;
  const walked = await walkBranch(db, owner, page, wanted);
  const shown = walked.filter((row) => Boolean(row.shown)).map(({ shown: _, ...row }) => row);
  // Fewer turns than asked for: the walk reached the first turn. Otherwise it saw all it
  // needed unless some were left out on the way, and then it walks the rest of the branch.
  if (walked.length < wanted || shown.length >= wanted)
    return shown.slice(page.offset, page.offset + page.limit);
  const all = await walkBranch(db, owner, page, null);
  return all
    .filter((row) => Boolean(row.shown))
    .slice(page.offset, page.offset + page.limit)
    .map(({ shown: _, ...row }) => row);
}

/** The branch's turns from `page.from` up, `depth` of them at most, each marked shown or not. */
function walkBranch(
  db: Kysely<Database>,
  owner: ChatOwner,
  page: BranchPage,
  depth: number | null,
) {
  // The start itself is the previous page's oldest turn: its own row is not shown again.
  const first = page.from.include ? 0 : 1;
  const bound = depth === null ? sql`` : sql`where b.depth < ${first + depth - 1}`;
  const branch = sql<{ id: string; depth: number }>`(
    with recursive branch(id, parent_id, depth) as (
      select id, parent_id, 0 from messages
      where id = ${page.from.id} and conversation_id = ${page.conversationId}
      union all
      select m.id, m.parent_id, b.depth + 1 from messages m join branch b on m.id = b.parent_id
      ${bound}
    )
    select id, depth from branch)`;
  const ownerColumn = owner.kind === 'user' ? 'messages.user_id' : 'messages.visitor_id';
  return db
    .selectFrom(branch.as('branch'))
    .innerJoin('messages', 'messages.id', 'branch.id')
    .selectAll('messages')
    .select((eb) =>
      eb.and([eb(ownerColumn, '=', owner.id), notHiddenByBlindComparison(eb)]).as('shown'),
    )
    .where('branch.depth', '>=', first)
    .orderBy('branch.depth', 'asc')
    .execute();
}

/** MessagesRepository.branchTurns. */
export async function readBranchTurns(db: Kysely<Database>, leafId: string): Promise<MessageRow[]> {
  const { rows } = await sql<MessageRow>`
    with recursive branch(id, parent_id, depth) as (
      select id, parent_id, 0 from messages where id = ${leafId}
      union all
      select m.id, m.parent_id, b.depth + 1 from messages m join branch b on m.id = b.parent_id
    )
    select messages.* from messages join branch on branch.id = messages.id
    where messages.status in (${sql.join(CONTEXT_STATUSES)})
    order by branch.depth desc`.execute(db);
  return rows;
}
