// The home page's prompt buttons (docs/web.md: 21 prompts, three shown at random, 换一批 for another three). Each one
// opens /create with the prompt as the inspiration description.

export const HOME_PROMPTS: readonly string[] = [
  '夏夜海边的初恋，轻快的流行情歌',
  '写给妈妈的温暖民谣，吉他弹唱',
  '毕业季的青春摇滚，和兄弟们大声唱',
  '江南烟雨中的古风情歌，琵琶与笛声',
  '深夜城市里的孤独 R&B，慵懒的女声',
  '燃向动漫主题曲，少年永不言败',
  '健身房里的动感电子舞曲',
  '周末午后咖啡馆的轻松爵士',
  '打工人的自嘲说唱，幽默又扎心',
  '哄宝宝入睡的温柔摇篮曲',
  '冬日初雪的浪漫告白',
  '故乡的稻田与炊烟，乡村民谣',
  '复古迪斯科，霓虹灯下的派对',
  '赛博朋克未来城市的电子乐',
  '失恋后雨夜独行的抒情慢歌',
  '仗剑走天涯的武侠江湖歌',
  '清晨跑步时的元气流行歌',
  '异地恋人的晚安情歌',
  '国潮嘻哈，京剧腔遇上现代节拍',
  '开车穿越草原的公路民谣',
  '多年老友重逢，举杯的友情之歌',
];

/** How many prompt buttons show at once. */
export const PROMPTS_SHOWN = 3;

/**
 * `count` different prompts at random (random() in [0, 1), like Math.random). Prompts in `avoid` (the set showing now)
 * are left out while enough others remain, so 换一批 always shows a new set.
 */
export function pickPrompts(
  random: () => number = Math.random,
  avoid: readonly string[] = [],
  pool: readonly string[] = HOME_PROMPTS,
  count = PROMPTS_SHOWN,
): string[] {
  const fresh = pool.filter((p) => !avoid.includes(p));
  const candidates = fresh.length >= count ? [...fresh] : [...pool];
  const picked: string[] = [];
  while (picked.length < count && candidates.length > 0) {
    const i = Math.min(Math.floor(random() * candidates.length), candidates.length - 1);
    picked.push(candidates.splice(i, 1)[0]!);
  }
  return picked;
}
