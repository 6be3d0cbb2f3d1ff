// The 工作室 texts (docs/web.md, "Studio"): its menu and dialogs, a module of their own so that they load with the menu,
// not with the pages that offer it (docs/web-performance.md). Costs and the member sentences are the server's own
// (libdomain/data/rules.json, read by name as lib/rules.ts reads it, so the groups no module uses stay out of the app).
import { create, messages } from '../../../libdomain/data/rules.json' with { type: 'json' };

const CREATE_COST = create.cost;
const STEMS_COST = create.stemsCost;
const ALL_STEMS_COST = create.allStemsCost;

export const zhStudio = {
  menu: '工作室',
  stems: '分离音轨',
  stemsDetail: `人声 + 伴奏 · ${STEMS_COST} 积分`,
  allStems: '四轨分离',
  allStemsDetail: `人声、鼓、贝斯、其他 · ${ALL_STEMS_COST} 积分`,
  membersOnly: '会员专享',
  midi: '下载 MIDI',
  midiDetail: '可在音乐软件中编辑',
  cover: '换个风格',
  coverDetail: `保留歌词和旋律 · ${CREATE_COST} 积分`,
  stemsZip: '下载全部音轨',
  stemsZipDetail: 'MP3 打包（ZIP）',
  stemsZipWav: '下载全部音轨（WAV）',
  zipName: (title: string) => `${title} 音轨`,
  zipWavName: (title: string) => `${title} 音轨 WAV`,
  stemsZipWavDetail: '无损 WAV 打包（ZIP），会员专享',
  // The confirm dialogs say what is made and what it costs before anything is sent.
  stemsTitle: '分离音轨',
  stemsText: (title: string) =>
    `将《${title}》分离为人声和伴奏两条音轨，生成两首新作品，完成后可在「我的作品」中播放和下载。本次消耗 ${STEMS_COST} 积分。`,
  allStemsTitle: '四轨分离',
  allStemsText: (title: string) =>
    `将《${title}》分离为人声、鼓、贝斯、其他四条音轨，生成四首新作品，完成后可在「我的作品」中播放和下载。本次消耗 ${ALL_STEMS_COST} 积分。`,
  startStems: '开始分离',
  coverTitle: '换个风格',
  coverText: (title: string) =>
    `保留《${title}》的歌词和旋律，用你选择的新风格重新编曲，生成两首新作品。本次消耗 ${CREATE_COST} 积分。`,
  coverName: '新歌名（可选）',
  coverNameHelp: (title: string) => `不填则沿用《${title}》`,
  coverStyleMissing: '请选择新的风格',
  startCover: '开始换风格',
  cancel: '取消',
  // A free user asking for a member part: the benefit named, with the way to it.
  memberTitle: '会员专享',
  allStemsMembersOnly: messages.allStemsMembersOnly,
  midiMembersOnly: messages.midiMembersOnly,
  becomeMember: '开通会员',
  submitted: '任务已提交，可在「我的作品」中查看进度',
} as const;
