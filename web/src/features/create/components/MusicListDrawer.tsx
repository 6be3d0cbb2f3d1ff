import CloseIcon from 'icon:Close';
import { useId } from 'react';
import { useModalDialog } from '../../../ui/use-modal';
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
  const ref = useModalDialog(open);
  // A modal <dialog> at the right edge: the browser keeps focus inside it, makes the page behind inert and closes it
  // with Esc; a click on the dimmed page beside it closes it too. Its content is mounted only while it is open.
  return (
    <dialog
      ref={ref}
      className="gq-drawer gq-drawer-right gq-music-drawer"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {open ? (
        <div className="gq-music-drawer-body">
          <div className="gq-music-drawer-head">
            <h2 id={titleId}>
              {zhCreate.musicList}
              {works.count.data !== undefined ? <span className="gq-body2 gq-muted">{zhWorks.total(works.count.data)}</span> : null}
            </h2>
            <button type="button" className="gq-icon-button" aria-label={zhCreate.closeMusicList} onClick={onClose}>
              <CloseIcon />
            </button>
          </div>
          <div className="gq-music-drawer-list">
            <WorkList works={works} page={page} onPageChange={onPageChange} columns={1} dense />
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
