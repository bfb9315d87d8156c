/** "1 vote", "2 votes": the noun follows the count. */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`;
}

/**
 * A cost in dollars as people read one: cents for ordinary amounts, "< $0.01" below a cent,
 * and "$0" only when nothing was spent.
 */
export function formatCost(usd: number | null): string {
  if (usd === null || !Number.isFinite(usd)) return '–';
  if (usd === 0) return '$0';
  if (usd < 0.01) return '< $0.01';
  return `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A file size as people read one: "812 B", "14 KB", "2.3 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
