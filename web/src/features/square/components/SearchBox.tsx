import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import OutlinedInput from '@mui/material/OutlinedInput';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { zh } from '../../../strings/zh-CN';
import { musicListHref } from '../links';

/** Searching songs: a word opens /musicList titled 搜索：word with the word as the keyword. */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const word = text.trim();
    if (word) navigate(musicListHref(zh.square.searchTitle(word), word));
  };
  return (
    <Stack component="form" role="search" onSubmit={onSubmit} direction="row" sx={{ gap: 1 }}>
      {/* OutlinedInput rather than TextField: TextField brings Select into the home page's initial bundle. */}
      <OutlinedInput
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={zh.square.searchPlaceholder}
        size="small"
        fullWidth
        inputProps={{ 'aria-label': zh.square.searchLabel, maxLength: 100, enterKeyHint: 'search' }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" aria-hidden />
          </InputAdornment>
        }
        sx={{ bgcolor: 'background.paper' }}
      />
      <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
        {zh.square.searchSubmit}
      </Button>
    </Stack>
  );
}
