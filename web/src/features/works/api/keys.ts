// Query keys of the signed-in user's songs, shared by /mywork and the 音乐列表 drawer of /create.
// Everything under ['works'] is the user's own data: mutations invalidate it.

export const worksKeys = {
  all: ['works'] as const,
  lists: ['works', 'list'] as const,
  list: (page: number) => ['works', 'list', page] as const,
  count: ['works', 'count'] as const,
  generating: ['works', 'generating'] as const,
};
