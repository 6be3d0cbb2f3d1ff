import { useCreateSong } from '../../create/api/useCreateSong';
import { concatBody } from '../../create/form';

/**
 * POST /music/api/create/ace {action: 'concat', audio_id}: 合成完整歌曲, joins one of the caller's finished
 * extensions (origin extend) with the song(s) it continues into one whole song (origin concat). Free; the answer's
 * `songIds` holds the one new song, which appears in my works as generating. The create mutation: failures (4000
 * with the server's sentence, 4290) are toasted by the API client, and the lists and the profile reload. `join`
 * resolves with the answer, or with null when it failed, even when the card that asked is gone by then (the reloaded
 * list can unmount it, and a mutate callback of an unmounted component never runs).
 */
export function useJoinSong() {
  const create = useCreateSong();
  return {
    isPending: create.isPending,
    join: (audioId: string) => create.mutateAsync(concatBody(audioId)).catch(() => null),
  };
}
