/** The turns of the branch ending at `leafId`, first turn first (none for a null leaf). */
export function branchOf<T extends { id: string; parent_id: string | null }>(
  turns: readonly T[],
  leafId: string | null,
): T[] {
  const byId = new Map(turns.map((t) => [t.id, t]));
  const branch: T[] = [];
  const seen = new Set<string>();
  for (let at = leafId === null ? undefined : byId.get(leafId); at;) {
    // A cycle cannot be stored by a send, but a loop must never hang a request.
    if (seen.has(at.id)) break;
    seen.add(at.id);
    branch.push(at);
    at = at.parent_id === null ? undefined : byId.get(at.parent_id);
  }
  return branch.reverse();
}
