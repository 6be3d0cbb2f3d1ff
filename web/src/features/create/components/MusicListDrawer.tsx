import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { MyWorks } from '../../works/useMyWorks';
import { WorkList } from '../../works/components/WorkList';
import { zhCreate } from '../../../strings/create';
import { zhWorks } from '../../../strings/works';

/** The 音乐列表 drawer of /create: the user's songs with the same cards as /mywork. */
export function MusicListDrawer({
  open,
  onClose,
  works,
  page,
  onPageChange,
}: {
  open: boolean;
  onClose: () => void;
  works: MyWorks;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 440, maxWidth: '100vw' },
        } as object,
      }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        <Typography id={titleId} component="h2" sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
          {zhCreate.musicList}
          {works.count.data !== undefined ? (
            <Typography component="span" variant="body2" sx={{ color: 'text.secondary', ml: 1 }}>
              {zhWorks.total(works.count.data)}
            </Typography>
          ) : null}
        </Typography>
        <IconButton aria-label={zhCreate.closeMusicList} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Box sx={{ p: 1.5, overflowY: 'auto', flex: 1 }}>
        <WorkList works={works} page={page} onPageChange={onPageChange} columns={1} dense />
      </Box>
    </Drawer>
  );
}
