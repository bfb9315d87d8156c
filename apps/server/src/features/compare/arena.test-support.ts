import type {
  AllocateIdResponse,
  CompareSession,
  CompareVoteChoice,
  LeaderboardResponse,
} from '@parallax/contract';
import type { FastifyInstance } from 'fastify';

export type Headers = Record<string, string>;

async function call<T>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  headers: Headers,
  payload?: object,
): Promise<{ status: number; body: T }> {
  const res = await app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json<T>() };
}

/**
 * One judged comparison: a session of `models` (blind or not), one prompt sent to every panel
 * (answered by provider-sim), then the verdict; `winner` names a model, not a panel, since a
 * blind session shuffles them. Returns the revealed session.
 */
export async function judge(
  app: FastifyInstance,
  headers: Headers,
  options: {
    models: readonly string[];
    blind: boolean;
    prompt: string;
    winner: string | 'tie' | 'all_bad';
  },
): Promise<CompareSession> {
  const ids = (
    await call<AllocateIdResponse>(
      app,
      'POST',
      '/chat/messages/allocate-id?allocate_comparison_id=true',
      headers,
    )
  ).body;
  const created = await call<CompareSession>(app, 'POST', '/compare/sessions', headers, {
    comparison_id: ids.comparison_id,
    models: options.models,
    blind: options.blind,
  });
  if (created.status !== 201) throw new Error(`create: ${created.status}`);
  const session = created.body;
  await Promise.all(
    session.panels.map(async (panel) => {
      const message = (
        await call<AllocateIdResponse>(app, 'POST', '/chat/messages/allocate-id', headers)
      ).body;
      await call(
        app,
        'POST',
        `/compare/sessions/${session.id}/panels/${panel.index}/messages`,
        headers,
        {
          message: options.prompt,
          message_id: message.message_id,
        },
      );
    }),
  );
  const winner: CompareVoteChoice =
    options.winner === 'tie' || options.winner === 'all_bad'
      ? options.winner
      : await panelOf(app, session, options.winner);
  const voted = await call<CompareSession>(
    app,
    'POST',
    `/compare/sessions/${session.id}/votes`,
    headers,
    {
      turn_index: 0,
      winner,
    },
  );
  if (voted.status !== 200) throw new Error(`vote: ${voted.status} ${JSON.stringify(voted.body)}`);
  return voted.body;
}

/**
 * The panel showing `model`. A blind session hides it from the client, so the test asks the
 * database for the shuffled order the server stored.
 */
async function panelOf(
  app: FastifyInstance,
  session: CompareSession,
  model: string,
): Promise<number> {
  if (!session.blind) {
    const panel = session.panels.find((p) => p.model === model);
    if (!panel) throw new Error(`no panel of ${model}`);
    return panel.index;
  }
  const order = await app.db
    .selectFrom('compare_panels')
    .select(['position', 'model'])
    .where('session_id', '=', session.id)
    .execute();
  const panel = order.find((p) => p.model === model);
  if (!panel) throw new Error(`no panel of ${model}`);
  return Number(panel.position);
}

/** The board once it has caught up with `votes` stored votes (it is computed in the background). */
export async function boardWith(
  app: FastifyInstance,
  headers: Headers,
  query: string,
  votes: number,
): Promise<LeaderboardResponse> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const board = (
      await call<LeaderboardResponse>(app, 'GET', `/compare/leaderboard?${query}`, headers)
    ).body;
    const { excluded } = board;
    const seen =
      board.total_votes +
      excluded.not_blind +
      excluded.visitor +
      excluded.daily_cap +
      excluded.duplicate_prompt;
    if (seen >= votes || Date.now() > deadline) return board;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export { call };
