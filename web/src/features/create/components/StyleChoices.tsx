import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { Gender } from '../../../lib/style';
import { zhCreate } from '../../../strings/create';
import { GenrePicker } from './GenrePicker';

const GENDERS: { value: Gender; label: string }[] = [
  { value: 'random', label: zhCreate.genderRandom },
  { value: 'male', label: zhCreate.genderMale },
  { value: 'female', label: zhCreate.genderFemale },
];

/** 自定义模式's voice (人声: a radio group) and the genre picker. */
export default function StyleChoices({
  gender,
  onGender,
  tags,
  onTags,
}: {
  gender: Gender;
  onGender: (gender: Gender) => void;
  tags: string[];
  onTags: (tags: string[]) => void;
}) {
  return (
    <>
      <FormControl>
        <FormLabel id="create-gender">{zhCreate.gender}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="create-gender"
          name="create-gender"
          value={gender}
          onChange={(_event, value) => onGender(value as Gender)}
        >
          {GENDERS.map((g) => (
            <FormControlLabel key={g.value} value={g.value} control={<Radio />} label={g.label} />
          ))}
        </RadioGroup>
      </FormControl>
      <GenrePicker selected={tags} onChange={onTags} />
    </>
  );
}
