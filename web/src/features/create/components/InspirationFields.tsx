import Button from '@mui/material/Button';
import CasinoIcon from 'icon:CasinoOutlined';
import { OutlinedTextField as TextField } from '../../../ui/OutlinedTextField';
import { zhCreate } from '../../../strings/create';
import { DESCRIPTION_MAX } from '../form';
import { randomInspiration } from '../inspirations';
import { FieldHelper } from './FieldHelper';

/** 灵感模式's fields (tab 1): the description with its counter and 随机灵感, a part of the page (CreatePage.tsx). */
export default function InspirationFields({
  description,
  length,
  message,
  onDescription,
}: {
  description: string;
  length: number;
  message: string | null;
  onDescription: (value: string) => void;
}) {
  return (
    <>
      <TextField
        fullWidth
        label={zhCreate.description}
        placeholder={zhCreate.descriptionPlaceholder}
        value={description}
        onChange={(e) => onDescription(e.target.value)}
        multiline
        minRows={4}
        error={!!message}
        helperText={<FieldHelper message={message} count={length} max={DESCRIPTION_MAX} />}
      />
      <div className="gq-create-random">
        <Button size="small" startIcon={<CasinoIcon />} onClick={() => onDescription(randomInspiration(description))}>
          {zhCreate.randomInspiration}
        </Button>
      </div>
    </>
  );
}
