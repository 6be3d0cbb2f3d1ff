// The template lyric writer: a phrase bank of line templates, theme words and rhyme endings grouped by final.

#include "gequ/composer/lyric_writer.h"

#include "gequ/domain/model/text.h"
#include "mood.h"
#include "rng.h"

#include <algorithm>
#include <set>
#include <string>
#include <vector>

namespace gequ::composer {

using namespace detail;

namespace {

/// Line endings that rhyme: two-character words whose last syllable has the group's final. Places can be gone to
/// ("我想带你去远方"); things can be had or remembered ("你是我的月光").
struct RhymeGroup {
    std::string_view key;
    std::vector<std::string_view> things;
    std::vector<std::string_view> places;
    std::vector<std::string_view> verbs;
};

const std::vector<RhymeGroup>& rhymeGroups() {
    static const std::vector<RhymeGroup> groups = {
        {"ang",
         {"月光", "阳光", "梦想", "花香", "方向", "星光", "时光", "翅膀", "希望"},
         {"远方", "故乡", "天堂", "地方", "身旁", "海洋"},
         {"歌唱", "飞翔", "流淌", "荡漾", "绽放", "回望", "守望", "闪亮", "发光", "生长", "徜徉", "远航"}},
        {"an",
         {"夏天", "春天", "明天", "从前", "笑脸", "昨天", "诺言"},
         {"身边", "天边", "云端", "海岸", "港湾", "心间", "人间", "眼前", "山川"},
         {"走远", "不变", "改变", "再见", "思念", "相见", "蔓延", "温暖", "呼唤", "陪伴", "看见", "靠岸", "入眠"}},
        {"i",
         {"回忆", "秘密", "雨季", "距离", "勇气", "奇迹", "晨曦", "旋律", "雨滴", "记忆"},
         {"天际", "风里", "心底", "大地", "梦里", "海里"},
         {"想你", "忘记", "继续", "相遇", "哭泣", "呼吸", "珍惜", "相依", "升起", "远去"}},
        {"ou",
         {"自由", "温柔", "朋友", "双手", "春秋", "小舟"},
         {"尽头", "街头", "心头", "路口", "枝头", "窗口", "山丘", "宇宙"},
         {"停留", "漂流", "挥手", "守候", "等候", "回头", "奔走", "牵手", "拥有", "远走", "追求", "依旧", "长久"}},
        {"ai",
         {"未来", "云彩", "色彩", "期待"},
         {"窗外", "大海", "舞台", "心海", "人海", "山外", "天外"},
         {"等待", "醒来", "归来", "盛开", "相爱", "离开", "释怀", "敞开", "存在", "到来", "花开", "重来"}},
        {"eng",
         {"星星", "风景", "心情", "彩虹", "笑容", "生命", "黎明", "旅程", "歌声", "春风", "清风", "眼睛", "光影"},
         {"天空", "梦中", "心中", "风中", "星空"},
         {"前行", "倾听", "苏醒", "感动", "心动", "相拥", "相逢", "闪动", "放晴", "追梦"}},
        {"ao",
         {"微笑", "心跳", "歌谣", "味道", "美好", "骄傲", "怀抱"},
         {"城堡", "小岛", "山腰", "树梢", "海角"},
         {"寻找", "奔跑", "燃烧", "知道", "闪耀", "飘摇", "祈祷", "欢笑", "照耀", "围绕", "拥抱", "忘掉"}},
        {"e",
         {"花朵", "烟火", "萤火", "传说", "生活", "快乐"},
         {"星河", "银河", "山河", "小河", "角落", "心窝"},
         {"唱歌", "经过", "闪烁", "诉说", "漂泊", "执着", "难过", "错过", "飘落", "沉默", "度过"}},
    };
    return groups;
}

struct Theme {
    std::vector<std::string_view> keywords;
    std::vector<std::string_view> words; ///< two-character scene words for {t}
    std::vector<std::string_view> titles;
};

const std::vector<Theme>& themes() {
    static const std::vector<Theme> list = {
        {{"夏", "海边", "沙滩", "暑假", "西瓜", "蝉"},
         {"海风", "晚霞", "浪花", "蝉鸣", "夏夜", "沙滩", "汽水", "晴空"},
         {"夏日晚风", "海边的夏天", "蝉鸣的季节", "盛夏的约定"}},
        {{"青春", "校园", "毕业", "少年", "同学", "学校", "年少"},
         {"操场", "课桌", "单车", "少年", "黑板", "书包", "教室", "青春"},
         {"少年的单车", "毕业那天", "那年的操场", "青春纪念册"}},
        {{"爱", "恋", "喜欢", "心动", "情人", "约会", "表白"},
         {"玫瑰", "掌心", "眼眸", "情书", "誓言", "月下", "烛光", "指尖"},
         {"心动的瞬间", "你是我的光", "温柔的誓言", "写给你的情书"}},
        {{"思念", "想念", "离别", "分手", "告别", "再见", "怀念", "回忆"},
         {"车站", "背影", "站台", "信笺", "旧照", "雨夜", "落叶", "旧街"},
         {"思念的站台", "背影", "再见旧时光", "落叶的信"}},
        {{"故乡", "家乡", "回家", "妈妈", "父亲", "母亲", "爸爸", "老家", "童年"},
         {"炊烟", "老屋", "稻田", "小路", "月亮", "灯火", "门前", "老树"},
         {"回家的路", "故乡的月亮", "炊烟里的家", "门前的老树"}},
        {{"城市", "都市", "霓虹", "地铁", "加班", "街道", "上班"},
         {"霓虹", "街灯", "高楼", "地铁", "人潮", "路灯", "天台", "车流"},
         {"城市的夜", "霓虹之下", "天台上的风", "末班地铁"}},
        {{"梦想", "旅行", "出发", "远方", "流浪", "追梦", "冒险"},
         {"背包", "地图", "列车", "公路", "山海", "旷野", "风帆", "脚步"},
         {"去远方", "追梦的人", "出发吧", "山海之间"}},
        {{"星", "夜", "月", "宇宙", "银河", "晚安"},
         {"星辰", "夜空", "月色", "流星", "晚风", "银河", "萤火", "夜色"},
         {"星空下的约定", "晚安月亮", "流星的愿望", "夜空中的光"}},
        {{"雨", "阴天"},
         {"细雨", "屋檐", "雨伞", "街角", "窗台", "雨声", "水洼", "雨夜"},
         {"雨天", "屋檐下的雨", "雨停之后", "听雨"}},
        {{"冬", "雪", "圣诞", "新年", "过年", "寒冷"},
         {"雪花", "围巾", "炉火", "寒风", "白雪", "暖灯", "冬夜", "初雪"},
         {"初雪", "冬天的围巾", "雪落下的声音", "温暖的冬夜"}},
        {{"春", "花", "樱花", "风筝"},
         {"花瓣", "春风", "柳絮", "花园", "燕子", "新芽", "风筝", "桃花"},
         {"花开的季节", "风筝", "桃花", "春风十里"}},
        {{"古风", "江南", "中国风", "国风", "诗", "侠", "长安", "红尘", "古"},
         {"烟雨", "长亭", "青石", "明月", "古琴", "江南", "孤舟", "落花", "画扇", "红尘", "长安", "竹林"},
         {"烟雨江南", "长亭外", "明月照古琴", "红尘一梦"}},
        {{"励志", "奋斗", "坚持", "努力", "加油", "勇敢", "拼搏", "热血", "逆风"},
         {"汗水", "脚步", "风雨", "起点", "伤痕", "信念", "光芒", "黎明"},
         {"逆风飞翔", "不放弃", "向着光", "追光的人"}},
    };
    return list;
}

enum class Fit { Any, Happy, Sad, Calm, Energetic };

struct Template {
    std::string_view text; ///< {t} a theme word; it ends with {N} a rhyming thing, {P} a place or {V} a verb
    Fit fit;
};

const std::vector<Template>& templates() {
    static const std::vector<Template> list = {
        {"我想带你去{P}", Fit::Any},       {"你是我的{N}", Fit::Any},       {"一起奔向{P}", Fit::Any},
        {"想起那年的{N}", Fit::Any},       {"心中还有{N}", Fit::Any},       {"抬头望向{P}", Fit::Any},
        {"{t}落在{P}", Fit::Any},          {"穿过{t}和{P}", Fit::Any},      {"梦里又回到{P}", Fit::Any},
        {"一路追着{N}", Fit::Any},         {"{t}照亮{P}", Fit::Any},        {"把{t}写进{N}", Fit::Any},
        {"沿着{t}走向{P}", Fit::Any},      {"那是我们的{N}", Fit::Any},     {"{t}里藏着{N}", Fit::Any},
        {"守着一片{P}", Fit::Any},         {"在{t}里寻找{N}", Fit::Any},    {"我们约好的{N}", Fit::Any},
        {"{t}吹过{P}", Fit::Any},          {"听{t}说起{N}", Fit::Any},      {"我在{t}里{V}", Fit::Any},
        {"带着{t}去{V}", Fit::Any},        {"让{t}陪我{V}", Fit::Any},      {"{t}轻轻地{V}", Fit::Any},
        {"看{t}慢慢{V}", Fit::Any},        {"我们一起{V}", Fit::Any},       {"心跟着{t}{V}", Fit::Any},
        {"在你身边{V}", Fit::Any},         {"每一天都在{V}", Fit::Any},     {"就这样{V}", Fit::Any},
        {"迎着{t}{V}", Fit::Any},          {"和你一起{V}", Fit::Any},       {"{t}也在{V}", Fit::Any},
        {"只为你一个人{V}", Fit::Any},     {"再也回不去的{P}", Fit::Sad},   {"你不在的{N}", Fit::Sad},
        {"我独自{V}", Fit::Sad},           {"一个人{V}", Fit::Sad},         {"{t}带走了{N}", Fit::Sad},
        {"眼泪落在{P}", Fit::Sad},         {"原来都是{N}", Fit::Sad},       {"想你的时候{V}", Fit::Sad},
        {"笑着奔向{P}", Fit::Happy},       {"开心地{V}", Fit::Happy},       {"在阳光下{V}", Fit::Happy},
        {"快乐地{V}", Fit::Happy},         {"蹦蹦跳跳去{P}", Fit::Happy},   {"轻轻地{V}", Fit::Calm},
        {"安静地{V}", Fit::Calm},          {"慢慢走向{P}", Fit::Calm},      {"静静看着{N}", Fit::Calm},
        {"用尽全力{V}", Fit::Energetic},   {"勇敢冲向{P}", Fit::Energetic}, {"不顾一切{V}", Fit::Energetic},
        {"燃起心中的{N}", Fit::Energetic},
    };
    return list;
}

Fit fitOf(Mood mood) {
    switch (mood) {
    case Mood::Happy:
        return Fit::Happy;
    case Mood::Sad:
        return Fit::Sad;
    case Mood::Calm:
    case Mood::Romantic:
        return Fit::Calm;
    case Mood::Energetic:
        return Fit::Energetic;
    case Mood::Dark:
    case Mood::Neutral:
        break;
    }
    return Fit::Any;
}

std::size_t characters(std::string_view text) {
    return domain::decodeUtf8(text).size();
}

void replaceAll(std::string& text, std::string_view from, std::string_view to) {
    for (std::size_t at; (at = text.find(from)) != std::string::npos;) {
        text.replace(at, from.size(), to);
    }
}

/// Picks the theme named earliest in the description, or one by the seed.
const Theme& chooseTheme(std::string_view description, Rng& rng) {
    const Theme* best = nullptr;
    std::size_t bestAt = std::string::npos;
    for (const auto& theme : themes()) {
        for (const auto keyword : theme.keywords) {
            const std::size_t at = description.find(keyword);
            if (at != std::string::npos && at < bestAt) {
                bestAt = at;
                best = &theme;
            }
        }
    }
    return best ? *best : rng.pick(themes());
}

class Writer {
public:
    Writer(const Theme& theme, Fit fit, Rng rng) : _theme(theme), _rng(rng) {
        for (const auto& t : templates()) {
            if (t.fit == Fit::Any || t.fit == fit) {
                _pool.push_back(&t);
                if (t.fit != Fit::Any) {
                    _pool.push_back(&t); // the mood's own lines come twice as often
                }
            }
        }
    }

    /// `count` lines that all end on rhyme group `group`.
    std::vector<std::string> section(const RhymeGroup& group, int count) {
        std::vector<std::string> lines;
        std::set<const Template*> usedHere;
        for (int i = 0; i < count; ++i) {
            std::string line;
            for (int attempt = 0; attempt < 200 && line.empty(); ++attempt) {
                const Template* t = _rng.pick(_pool);
                if (usedHere.count(t) != 0 || (_usedTemplates.count(t) != 0 && attempt < 100)) {
                    continue;
                }
                const std::string_view text(t->text);
                const std::string_view slot = text.substr(text.size() - 3);
                const auto& endings = slot == "{N}" ? group.things : (slot == "{P}" ? group.places : group.verbs);
                const std::string_view ending = _rng.pick(endings);
                if (_usedEndings.count(ending) != 0 && attempt < 150) {
                    continue;
                }
                std::string candidate(t->text);
                std::string_view word = _rng.pick(_theme.words);
                if (word == _lastWord) {
                    word = _rng.pick(_theme.words);
                }
                const bool usesWord = candidate.find("{t}") != std::string::npos;
                replaceAll(candidate, "{t}", word);
                replaceAll(candidate, slot, ending);
                const std::size_t n = characters(candidate);
                if (n < 5 || n > 9 || candidate.find(ending) != candidate.size() - ending.size()) {
                    continue;
                }
                if (usesWord) {
                    _lastWord = word;
                }
                usedHere.insert(t);
                _usedTemplates.insert(t);
                _usedEndings.insert(ending);
                line = candidate;
            }
            if (!line.empty()) {
                lines.push_back(line);
            }
        }
        return lines;
    }

private:
    const Theme& _theme;
    Rng _rng;
    std::vector<const Template*> _pool;
    std::set<const Template*> _usedTemplates;
    std::set<std::string_view> _usedEndings;
    std::string_view _lastWord;
};

std::string join(const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& line : lines) {
        out += line;
        out += '\n';
    }
    return out;
}

/// One draft: [主歌] [副歌] [主歌] [副歌] [桥段] [副歌].
domain::Lyrics draft(std::string_view description, std::uint64_t seed) {
    Rng rng(seed);
    const Theme& theme = chooseTheme(description, rng);
    const Fit fit = fitOf(detectMood(description));
    Writer writer(theme, fit, rng.fork("lines"));

    const auto& groups = rhymeGroups();
    const int g1 = rng.below(static_cast<int>(groups.size()));
    const int g2 = (g1 + 1 + rng.below(static_cast<int>(groups.size()) - 1)) % static_cast<int>(groups.size());
    const int g3 = rng.chance(0.5) ? g1 : rng.below(static_cast<int>(groups.size()));
    const int g4 = rng.below(static_cast<int>(groups.size()));
    const int verseLines = rng.chance(0.3) ? 6 : 4;

    const std::vector<std::string> verse1 = writer.section(groups[static_cast<std::size_t>(g1)], verseLines);
    const std::vector<std::string> chorus = writer.section(groups[static_cast<std::size_t>(g2)], 4);
    const std::vector<std::string> verse2 = writer.section(groups[static_cast<std::size_t>(g3)], verseLines);
    const std::vector<std::string> bridge = writer.section(groups[static_cast<std::size_t>(g4)], 4);

    std::string text;
    text += "[主歌]\n" + join(verse1);
    text += "\n[副歌]\n" + join(chorus);
    text += "\n[主歌]\n" + join(verse2);
    text += "\n[副歌]\n" + join(chorus);
    text += "\n[桥段]\n" + join(bridge);
    text += "\n[副歌]\n" + join(chorus);
    text.pop_back();

    // A short description that reads as a name (no spaces or punctuation) becomes the title; otherwise one of the
    // theme's titles.
    std::string title;
    const std::u32string name = domain::decodeUtf8(domain::trim(description));
    const bool nameLike = !name.empty() && name.size() <= 12 && std::none_of(name.begin(), name.end(), [](char32_t c) {
        return domain::isPunctuationOrSpace(c);
    });
    title = nameLike ? domain::encodeUtf8(name) : std::string(rng.pick(theme.titles));
    return {title, text};
}

/// A fixed, reviewed song for the unlikely case that every draft is refused.
domain::Lyrics fallback() {
    return {"晚风", "[主歌]\n晚风吹过远方\n我在夏夜里歌唱\n带着梦想去飞翔\n一起奔向月光\n\n[副歌]\n你是我的天空\n"
                    "我们一起前行\n心中还有彩虹\n星光照亮旅程\n\n[主歌]\n想起那年的夏天\n你的笑脸在身边\n"
                    "我们约好的明天\n一路走到天边\n\n[副歌]\n你是我的天空\n我们一起前行\n心中还有彩虹\n星光照亮旅程\n\n"
                    "[桥段]\n轻轻地歌唱\n安静地守望\n慢慢走向远方\n晚风落在身旁\n\n[副歌]\n你是我的天空\n我们一起前行\n"
                    "心中还有彩虹\n星光照亮旅程"};
}

} // namespace

std::string rhymeOf(std::string_view lastCharacter) {
    for (const auto& group : rhymeGroups()) {
        for (const auto* list : {&group.things, &group.places, &group.verbs}) {
            for (const auto word : *list) {
                if (word.size() >= lastCharacter.size() && !lastCharacter.empty() &&
                    word.substr(word.size() - lastCharacter.size()) == lastCharacter) {
                    return std::string(group.key);
                }
            }
        }
    }
    return "";
}

domain::Result<domain::Lyrics> writeLyrics(std::string_view description, std::uint64_t seed,
                                           const domain::Moderation& moderation) {
    const domain::DomainError refused{domain::ErrorCode::Refused, std::string(domain::kOwnModerationMessage)};
    if (moderation.findRefused(std::string(description))) {
        return refused;
    }
    const std::uint64_t base = fnv1a(description, mix64(seed));
    for (std::uint64_t attempt = 0; attempt < 16; ++attempt) {
        domain::Lyrics lyrics = draft(description, mix64(base + attempt));
        if (!moderation.findRefused(lyrics.title + "\n" + lyrics.text)) {
            return lyrics;
        }
    }
    domain::Lyrics safe = fallback();
    if (!moderation.findRefused(safe.title + "\n" + safe.text)) {
        return safe;
    }
    return refused;
}

} // namespace gequ::composer
