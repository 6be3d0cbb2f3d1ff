// Query keys of one song as the player shows it, shared by the features that change a song's counts (like, share).

export const songKeys = {
  detail: (id: string) => ['music', 'detail', id] as const,
};
