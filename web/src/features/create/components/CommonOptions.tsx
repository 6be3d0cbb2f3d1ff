import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Switch from '@mui/material/Switch';
import { zhCreate } from '../../../strings/create';
import { DEFAULT_MODEL, MODELS } from '../form';

/** The instrumental switch and the model select, shown in both tabs (one shared value each): a part of the page. */
export default function CommonOptions({
  instrumental,
  onInstrumental,
  model,
  onModel,
}: {
  instrumental: boolean;
  onInstrumental: (value: boolean) => void;
  model: string;
  onModel: (value: string) => void;
}) {
  return (
    <div className="gq-create-options">
      <FormControlLabel
        title={zhCreate.instrumentalHint}
        control={<Switch checked={instrumental} onChange={(e) => onInstrumental(e.target.checked)} />}
        label={zhCreate.instrumental}
      />
      <FormControl size="small" className="gq-model-select">
        <InputLabel htmlFor="create-model" shrink>
          {zhCreate.model}
        </InputLabel>
        <NativeSelect
          value={model}
          onChange={(e) => onModel(e.target.value)}
          input={<OutlinedInput id="create-model" label={zhCreate.model} notched />}
        >
          {MODELS.map(({ id, label }) => {
            const text = id === DEFAULT_MODEL ? `${label}（${zhCreate.defaultModel}）` : label;
            return (
              <option key={id} value={id} aria-label={zhCreate.modelOption(text)}>
                {text}
              </option>
            );
          })}
        </NativeSelect>
      </FormControl>
    </div>
  );
}
