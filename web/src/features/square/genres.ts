import { zh } from '../../strings/zh-CN';

/** The eight genre cards of the home page (docs/web.md): Chinese title, the search keyword, and the card colours. */
export const HOME_GENRES = [
  { label: zh.genres.pop, keyword: 'pop', colors: ['#ff6fb1', '#ff9a5a'] },
  { label: zh.genres.rock, keyword: 'Rock', colors: ['#d7263d', '#5f0f40'] },
  { label: zh.genres.electronic, keyword: 'Electronic', colors: ['#00c2ff', '#6f3cff'] },
  { label: zh.genres.classical, keyword: 'classical', colors: ['#b08968', '#6b4e3d'] },
  { label: zh.genres.rap, keyword: 'rap', colors: ['#f9a825', '#e65100'] },
  { label: zh.genres.metal, keyword: 'Metal', colors: ['#546e7a', '#1c2529'] },
  { label: zh.genres.maleVocal, keyword: 'Male Vocal', colors: ['#3949ab', '#00897b'] },
  { label: zh.genres.femaleVocal, keyword: 'Female Vocal', colors: ['#ec407a', '#8e24aa'] },
] as const;
