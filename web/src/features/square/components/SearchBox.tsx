import InputBase from '@mui/material/InputBase';
import Button from '@mui/material/Button';
import SearchIcon from 'icon:Search';
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
    <form className="gq-search-form" role="search" onSubmit={onSubmit}>
      <InputBase
        className="gq-search-input"
        fullWidth
        startAdornment={<SearchIcon />}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={zh.square.searchPlaceholder}
        inputProps={{ 'aria-label': zh.square.searchLabel, maxLength: 100, enterKeyHint: 'search' }}
      />
      <Button variant="contained" type="submit">
        {zh.square.searchSubmit}
      </Button>
    </form>
  );
}
