import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import CloseIcon from 'icon:Close';
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
  // MUI's Drawer at the right edge: it keeps focus inside, hides the page behind from screen readers and closes with
  // Esc or a click beside it. Its content is mounted only while it is open.
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { className: 'gq-music-drawer', role: 'dialog', 'aria-modal': true, 'aria-labelledby': titleId },
      }}
    >
      <div className="gq-music-drawer-body">
        <div className="gq-music-drawer-head">
          <h2 id={titleId}>
            {zhCreate.musicList}
            {works.count.data !== undefined ? (
              <span className="gq-body2 gq-muted">{zhWorks.total(works.count.data)}</span>
            ) : null}
          </h2>
          <IconButton aria-label={zhCreate.closeMusicList} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </div>
        <div className="gq-music-drawer-list">
          <WorkList works={works} page={page} onPageChange={onPageChange} columns={1} dense />
        </div>
      </div>
    </Drawer>
  );
}
