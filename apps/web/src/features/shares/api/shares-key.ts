/** The query keys of share links: the owner's list and each source's own link. */
export const sharesKey = ['shares'] as const;
export const shareOfKey = (kind: string, sourceId: string) =>
  [...sharesKey, 'of', kind, sourceId] as const;
