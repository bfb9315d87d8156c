import type { ArenaVotesExportQuery } from '@parallax/contract';
import { http } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-blob';

/** GET /compare/leaderboard/votes?format= (admins): every vote, saved as a file. */
export async function downloadArenaVotes(format: ArenaVotesExportQuery['format']): Promise<void> {
  const params: Partial<ArenaVotesExportQuery> = { format };
  const res = await http.get<Blob>('/compare/leaderboard/votes', { params, responseType: 'blob' });
  saveBlob(res.data, `arena-votes.${format}`);
}
