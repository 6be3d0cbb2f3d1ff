// Generates the offline composer's pronunciation data from pinyin-pro (npm, MIT licence, by zh-lx):
//   ../../data/pinyin.tsv        every character of U+4E00..U+9FFF (CJK Unified Ideographs, which holds the 3,500
//                                 characters of the common-character list and the rest of the 8,105 of 通用规范汉字表)
//                                 with its usual reading, tone-numbered (5: neutral tone, v for ü)
//   ../../data/pinyin_words.tsv  words whose characters read otherwise in context (长大 zhang3 da4, 快乐 le4, ...)
// Run once with `npm install && node generate.mjs` in this folder; the output is committed as data.
import { pinyin } from 'pinyin-pro';
import { writeFileSync } from 'node:fs';

const read = (text) =>
  pinyin(text, { toneType: 'num', type: 'array', v: true }).map((s) => s.replace(/0$/, '5'));

// How the usual reading of a character alone is sung, where pinyin-pro's citation reading is not the common one.
const sung = { 的: 'de5', 了: 'le5', 着: 'zhe5', 得: 'de5', 么: 'me5', 吗: 'ma5', 呢: 'ne5', 吧: 'ba5', 啊: 'a5' };

let chars = '';
for (let c = 0x4e00; c <= 0x9fff; ++c) {
  const ch = String.fromCodePoint(c);
  const [py] = read(ch);
  if (!py || !/^[a-zv]+[1-5]$/.test(py)) continue;
  chars += `${ch}\t${sung[ch] ?? py}\n`;
}
writeFileSync(new URL('../../data/pinyin.tsv', import.meta.url), chars);

// Words common in lyrics that hold a polyphonic character read otherwise than alone (and 一/不 as sung in them).
const words = `长大 成长 长高 生长 校长 家长 增长 长辈 长老 重要 重新 重复 重来 重逢 重叠 重温 沉重 珍重 慎重 尊重
  银行 行业 一行 两行 还是 还有 还在 还要 还会 还能 还想 归还 了解 了却 了然 不了 受不了 忘不了 快乐 音乐 乐队
  乐器 乐曲 乐章 欢乐 觉得 感觉 觉醒 睡觉 午觉 得到 觉得 值得 记得 懂得 难得 获得 舍得 晓得 非得 得去
  地方 土地 天地 大地 草地 都是 都在 都会 都有 首都 都市 只是 只有 只要 只能 只好 一只 只身 发现 出发 头发
  白发 长发 发芽 发光 爱好 好奇 好客 为了 因为 成为 作为 以为 认为 差不多 出差 差别 差点 角色 主角 角落
  传说 传奇 自传 数学 数字 数不清 数着 将来 将军 即将 收藏 宝藏 西藏 躲藏 弹琴 子弹 弹奏 血液 鲜血 热血
  和平 温和 暖和 和声 附和 相信 相遇 相识 相爱 互相 照相 相机 几乎 几个 几何 曾经 未曾 不曾 曾几何时 朝阳
  朝向 朝代 朝着 朝夕 种子 种花 种树 播种 假期 假如 真假 放假 背影 背后 背着 背叛 空气 天空 空白 有空
  看守 看着 少年 多少 少女 省份 节省 反省 应该 答应 回应 中间 中心 打中 当然 当初 当时 恰当 上当 教室 教育
  教会 处理 到处 处处 相处 难过 困难 灾难 时间 中间 间隔 兴奋 高兴 兴趣 更加 更新 转身 旋转 转眼 干净 干杯
  能干 没有 淹没 散步 散开 分散 倒影 倒下 倒是 记载 载歌载舞 给予 还给 要是 需要 重要 一切 切开 分手 分钟
  分开 模样 模糊 薄荷 薄雾 漂泊 停泊 尽管 尽头 尽力 勉强 坚强 好像 似的 似乎 效率 累积 劳累 数量 力量
  商量 降落 投降 落下 落叶 失落 露水 露出 参加 人参 称呼 相称 一起 一生 一样 一次 一切 一定 一个 一天 一直
  一路 一半 一世 一面 一遍 一夜 一点 一片 一心 一刻 一阵 不要 不会 不是 不在 不见 不怕 不变 不再 不够 不用
  不断 不想 不能 不停 不必 不知 不了 看不见 听不见 说不出 对不起 了不起 等着 想着 看着 唱着 走着 笑着 哭着
  说着 听着 睡着 着急 着迷 着火 着落 找着 落着 地球 地上 轻轻地 慢慢地 静静地 默默地 悄悄地 的确 目的 的士
  打的 哪里 哪儿 那里 这里 明白 月亮 漂亮 风筝 琵琶 衣服 朋友 东西 故事 告诉 喜欢 眼睛 耳朵 窗户 时候 什么
  怎么 这么 那么 多么 为什么 我们 你们 他们 她们 咱们 孩子 日子 影子 妈妈 爸爸 哥哥 姐姐 弟弟 妹妹 奶奶 爷爷
  宝贝 亲爱 骨头 舌头 石头 枕头 念头 回头 从头 街头 心头 头发 木头 大夫 丈夫 功夫 工夫 豆腐 葡萄 玻璃 蝴蝶
  萤火虫 太阳 行李 便宜 方便 随便 便是 即便 应当 勾当 当作 当成 一会儿 会计 的话 说话`;

const seen = new Set();
let out = '';
for (const w of words.split(/\s+/).filter(Boolean)) {
  if (seen.has(w)) continue;
  seen.add(w);
  const readings = read(w);
  const alone = [...w].map((ch) => sung[ch] ?? read(ch)[0]);
  if (readings.join(' ') !== alone.join(' ')) out += `${w}\t${readings.join(' ')}\n`;
}
writeFileSync(new URL('../../data/pinyin_words.tsv', import.meta.url), out);
