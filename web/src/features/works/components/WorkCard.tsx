import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FavoriteIcon from '@mui/icons-material/Favorite';
import GraphicEqIcon from '@mui/icons-material/GraphicEq';
import MergeTypeIcon from '@mui/icons-material/MergeType';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ShareIcon from '@mui/icons-material/Share';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/api-client';
import { copyText } from '../../../lib/clipboard';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate } from '../../../lib/date';
import { CARD_TITLE_MAX, truncate } from '../../../lib/format';
import { displayTags } from '../../../lib/genres';
import { usePlayer } from '../../../lib/player';
import { progressSince } from '../../../lib/progress';
import type { UserSong } from '../../../lib/types';
import { zh } from '../../../strings/zh-CN';
import { zhCreate } from '../../../strings/create';
import { zhWorks } from '../../../strings/works';
import { SongCounts } from '../../../components/SongCounts';
import { SongCover } from '../../../components/SongCover';
import { toPlayerSong } from '../../../components/SongList';
import { fetchSongFile, type SongFormat, saveBlob, songFileName } from '../api/downloadSong';
import { useLikeSong } from '../../songs/api/useLikeSong';
import { useOpenSong } from '../api/useOpenSong';
import { useShareSong } from '../../songs/api/useShareSong';
import { ExtendDialog } from './ExtendDialog';
import { JoinDialog } from './JoinDialog';
import { similarHref } from '../links';

const COVER = 88;

function Action({ label, onClick, disabled, pressed, children }: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} aria-pressed={pressed} onClick={onClick} disabled={disabled} size="small">
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * One of the user's songs (docs/web.md): generating (spinner and the progress text, moving with `now`), done
 * (playable) or failed (生成错误 / 积分已退还, no image, the failure sentence, its switch disabled), with the actions
 * play/pause (the global audio), like, 生成类似, 继续创作 (the extend dialog), for a finished extension 合成完整歌曲
 * (the join dialog), share, download (and, for members, the lossless WAV), delete and the public switch. An extension
 * says 续写作品 and a joined whole song 完整版 next to its date. Used by /mywork and by
 * the 音乐列表 drawer of /create. Deleting asks the list to confirm (`onDelete`).
 */
export function WorkCard({
  song,
  now,
  onDelete,
  priority = false,
}: {
  song: UserSong;
  now: number;
  onDelete: (song: UserSong) => void;
  /** Load the cover at once, with high priority (one of the first cards on screen). */
  priority?: boolean;
}) {
  const player = usePlayer();
  const navigate = useNavigate();
  const openSong = useOpenSong();
  const share = useShareSong();
  const like = useLikeSong();
  const [downloading, setDownloading] = useState<SongFormat | null>(null);
  const [extending, setExtending] = useState(false);
  const [joining, setJoining] = useState(false);
  const { user } = useCurrentUser();
  const member = (user?.membershipLevel ?? 0) >= 1;

  const done = song.complete === 1;
  const generating = song.complete === 0;
  const failed = song.complete === -1;
  const playing = player.isPlaying(song.native_id);
  const tags = displayTags(song.tags);
  // Only a finished extension can be joined into a whole song (the server refuses anything else).
  const joinable = done && song.origin === 'extend';
  let lineage: string | null = null;
  if (song.origin === 'extend') lineage = zhWorks.originExtend;
  else if (song.origin === 'concat') lineage = zhWorks.originConcat;

  /** Runs `action` for a finished song; otherwise says why not. */
  const whenDone = (action: () => void, notDone: string = zhCreate.onlyCompleted) => () => {
    if (generating) notify(zhCreate.generatingWait, 'warning');
    else if (!done) notify(notDone, 'warning');
    else action();
  };

  const onPlay = whenDone(() => player.toggle(toPlayerSong(song)));

  const onLike = whenDone(() => like.mutate({ nativeId: song.native_id, like: !song.liked }));

  const onSimilar = () => {
    if (!done) notify(zhCreate.onlyCompleted, 'warning');
    else navigate(similarHref(song.title, song.tags));
  };

  const onExtend = whenDone(() => setExtending(true));

  const onShare = whenDone(() => {
    share.mutate(song.native_id, {
      onSuccess: async ({ url }) => {
        if (await copyText(url)) notify(zhWorks.linkCopied, 'success');
        else notify(zhWorks.copyFailed(url), 'warning');
      },
    });
  });

  const download = (format: SongFormat) =>
    whenDone(() => {
      if (!song.native_audio_url) {
        notify(zhWorks.noDownloadLink, 'warning');
        return;
      }
      setDownloading(format);
      fetchSongFile(song.native_id, format)
        .then((blob) => saveBlob(blob, songFileName(song.title, format)))
        .catch((error: unknown) => notify(error instanceof Error ? error.message : zh.errors.downloadFailed, 'error'))
        .finally(() => setDownloading(null));
    });
  const onDownload = download('mp3');
  const onDownloadWav = download('wav');

  const onSwitch = () => {
    const open: 0 | 1 = song.open === 1 ? 0 : 1;
    openSong.mutate({ nativeId: song.native_id, open }, { onSuccess: () => notify(zhWorks.statusChanged, 'success') });
  };

  let cover: ReactNode;
  if (failed)
    cover = (
      <Box sx={{ width: COVER, height: COVER, borderRadius: 1.5, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', flexShrink: 0 }}>
        <ErrorOutlineIcon color="error" aria-hidden />
      </Box>
    );
  else if (generating)
    cover = (
      <Box sx={{ width: COVER, height: COVER, borderRadius: 1.5, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', flexShrink: 0 }}>
        <CircularProgress size={28} aria-hidden />
      </Box>
    );
  else cover = <SongCover src={song.native_image_url} width={COVER} height={COVER} radius={1.5} priority={priority} />;

  const title = failed ? zhWorks.failedTitle : truncate(song.title, CARD_TITLE_MAX);
  let subtitle: string;
  if (failed) subtitle = zhWorks.failedSubtitle;
  else if (generating) subtitle = zhWorks.generatingProgress(progressSince(song.progress_started_at, now));
  else subtitle = tags.join(' · ');

  return (
    <Card component="article" variant="outlined" aria-label={song.title || title} sx={{ minWidth: 0 }}>
      <Stack direction="row" sx={{ gap: 1.5, p: 1.5, alignItems: 'flex-start' }}>
        {cover}
        <Stack sx={{ minWidth: 0, flex: 1, gap: 0.25 }}>
          <Typography component="h2" sx={{ fontWeight: 600, fontSize: '1rem' }} noWrap title={failed ? undefined : song.title}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography
              variant="body2"
              noWrap
              sx={{ color: failed ? 'error.main' : 'text.secondary' }}
            >
              {subtitle}
            </Typography>
          ) : null}
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            <time dateTime={song.created_at} title={zhWorks.createdAt}>
              {formatDate(song.created_at)}
            </time>
            {lineage ? (
              // On the date's line, so the label never changes the card's height.
              <>
                {' · '}
                <Box component="span" sx={{ fontWeight: 600 }}>
                  {lineage}
                </Box>
              </>
            ) : null}
          </Typography>
          {failed ? null : <SongCounts plays={song.play_count} likes={song.likeCount} dense />}
        </Stack>
        <FormControlLabel
          label={zhWorks.publicSwitch}
          labelPlacement="bottom"
          sx={{ m: 0, flexShrink: 0, '& .MuiFormControlLabel-label': { fontSize: '0.75rem' } }}
          control={
            <Switch
              size="small"
              checked={!failed && song.open === 1}
              disabled={failed || openSong.isPending}
              onChange={onSwitch}
            />
          }
        />
      </Stack>
      {failed ? (
        <Typography variant="body2" sx={{ px: 1.5, pb: 0.5, color: 'text.secondary' }}>
          {zhWorks.failedText}
        </Typography>
      ) : null}
      <Stack
        direction="row"
        sx={{ px: 1, pb: 1, gap: 0.25, flexWrap: 'wrap', justifyContent: failed ? 'flex-end' : 'space-between' }}
      >
        {failed ? null : (
          // While generating, the song's actions are shown dimmed; clicking one says why it waits.
          <Stack direction="row" sx={{ flex: 1, justifyContent: 'space-between', opacity: generating ? 0.55 : 1 }}>
            <Action label={playing ? zhWorks.pause : zhWorks.play} onClick={onPlay}>
              {playing ? <PauseIcon fontSize="small" /> : <PlayArrowIcon fontSize="small" />}
            </Action>
            <Action label={song.liked ? zhWorks.unlike : zhWorks.like} pressed={!!song.liked} onClick={onLike} disabled={like.isPending}>
              {song.liked ? <FavoriteIcon fontSize="small" color="error" /> : <FavoriteBorderIcon fontSize="small" />}
            </Action>
            <Action label={zhWorks.similar} onClick={onSimilar}>
              <AutoAwesomeIcon fontSize="small" />
            </Action>
            <Action label={zhWorks.extend} onClick={onExtend}>
              <EditNoteIcon fontSize="small" />
            </Action>
            {joinable ? (
              <Action label={zhWorks.join} onClick={() => setJoining(true)}>
                <MergeTypeIcon fontSize="small" />
              </Action>
            ) : null}
            <Action label={zhWorks.share} onClick={onShare} disabled={share.isPending}>
              <ShareIcon fontSize="small" />
            </Action>
            <Action label={zhWorks.download} onClick={onDownload} disabled={downloading !== null}>
              {downloading === 'mp3' ? <CircularProgress size={18} aria-hidden /> : <DownloadIcon fontSize="small" />}
            </Action>
            {member ? (
              <Action label={zhWorks.downloadWav} onClick={onDownloadWav} disabled={downloading !== null}>
                {downloading === 'wav' ? <CircularProgress size={18} aria-hidden /> : <GraphicEqIcon fontSize="small" />}
              </Action>
            ) : null}
          </Stack>
        )}
        <Action label={zhWorks.delete} onClick={() => onDelete(song)}>
          <DeleteOutlineIcon fontSize="small" />
        </Action>
      </Stack>
      {extending ? <ExtendDialog song={song} open={extending} onClose={() => setExtending(false)} /> : null}
      {joining ? <JoinDialog song={song} open={joining} onClose={() => setJoining(false)} /> : null}
    </Card>
  );
}
