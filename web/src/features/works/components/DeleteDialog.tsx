import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zhWorks } from '../../../strings/zh-CN/works';

/** The delete confirmation of the work list (确认删除: 删除后无法恢复，是否继续？ 取消 / 确定); loaded when first needed. */
export default function DeleteDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="work-delete-title" aria-describedby="work-delete-text">
      <DialogTitle id="work-delete-title">{zhWorks.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="work-delete-text">{zhWorks.deleteConfirm}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{zhWorks.cancel}</Button>
        <Button onClick={onConfirm} color="error" variant="contained" autoFocus>
          {zhWorks.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
