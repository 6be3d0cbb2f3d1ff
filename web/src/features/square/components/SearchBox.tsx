import InputBase from '@mui/material/InputBase';
import Button from '@mui/material/Button';
import SearchIcon from 'icon:Search';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { zh } from '../../../strings/zh-CN';
import { musicListHref } from '../links';

/**
 * Searching songs: a word opens /musicList titled 搜索：word with the word as the keyword. The word is read from the
 * form when it is sent, so what was typed before the page hydrated counts too (lib/early-clicks.ts).
 */
export function SearchBox({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const word = String(new FormData(event.currentTarget).get('keyword') ?? '').trim();
    if (word) navigate(musicListHref(zh.square.searchTitle(word), word));
  };
  return (
    <form className="gq-search-form" role="search" onSubmit={onSubmit}>
      <InputBase
        className="gq-search-input"
        fullWidth
        startAdornment={<SearchIcon />}
        name="keyword"
        defaultValue={initial}
        placeholder={zh.square.searchPlaceholder}
        inputProps={{ 'aria-label': zh.square.searchLabel, maxLength: 100, enterKeyHint: 'search' }}
      />
      <Button variant="contained" type="submit">
        {zh.square.searchSubmit}
      </Button>
    </form>
  );
}
