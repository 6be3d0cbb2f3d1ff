#include "genre_table.h"

#include "gequ/domain/model/text.h"
#include "gequ/upstream/arrangement.h"

#include <string>
#include <utility>

namespace gequ::upstream::detail {

namespace {

std::vector<GenreProfile> makeProfiles() {
    std::vector<GenreProfile> p;

    GenreProfile pop;
    pop.key = "pop";
    pop.zh = "流行";
    pop.styleName = "pop";
    pop.bpmLow = 86;
    pop.bpmHigh = 122;
    pop.majorChance = 0.75;
    pop.swing16 = 0.1;
    pop.keys = {0, 2, 4, 5, 7, 9, 10};
    pop.chords = {0, 4, 25};
    pop.pads = {48, 89, 50};
    pop.basses = {33, 34, 38};
    pop.leads = {0, 73, 80};
    pop.arps = {8, 46, 10};
    pop.drumKits = {0, 8};
    pop.voices = {53, 53, 54};
    pop.drums = DrumStyle::Pop;
    pop.chordStyle = ChordStyle::Block;
    pop.bassStyle = BassStyle::Syncopated;
    pop.major = {{"I V vi IV", "vi IV I V", "I vi IV V", "I iii vi IV", "IV I V vi"},
                 {"IV V iii vi", "I V vi IV", "vi IV I V", "IV I V V"},
                 {"vi IV I V", "ii V iii vi", "IV V vi vi"}};
    pop.minor = {{"i bVI bIII bVII", "i iv bVI bVII", "i bVII bVI bVII"},
                 {"bVI bVII i i", "bVI bIII bVII i", "i bVI bIII bVII"},
                 {"iv i bVI bVII", "bVI bVII iv V"}};
    pop.palette = {"#ff7eb3", "#7afcff", "#feff9c", "#ffffff"};
    p.push_back(pop);

    GenreProfile rock;
    rock.key = "rock";
    rock.zh = "摇滚";
    rock.styleName = "rock";
    rock.bpmLow = 100;
    rock.bpmHigh = 148;
    rock.majorChance = 0.6;
    rock.keys = {4, 9, 2, 7, 0};
    rock.chords = {29, 30, 27};
    rock.pads = {16, 48, -1};
    rock.basses = {34, 33};
    rock.leads = {29, 30};
    rock.arps = {27, -1};
    rock.drumKits = {16, 0, 8};
    rock.voices = {53, 54};
    rock.drums = DrumStyle::Rock;
    rock.chordStyle = ChordStyle::Power;
    rock.bassStyle = BassStyle::Eighths;
    rock.reverbRoom = 0.4;
    rock.reverbLevel = 0.45;
    rock.major = {
        {"I bVII IV I", "I IV V IV", "I V vi IV"}, {"I IV V IV", "IV I V V", "vi IV I V"}, {"vi V IV V", "IV IV I I"}};
    rock.minor = {{"i bVII bVI bVII", "i bIII bVII IV", "i iv bVII i"},
                  {"bVI bVII i i", "i bVI bIII bVII"},
                  {"iv bVI bVII bVII", "bVI bVII V V"}};
    rock.palette = {"#1a1a1a", "#b3001b", "#ff6b00", "#f5f5f5"};
    p.push_back(rock);

    GenreProfile electronic;
    electronic.key = "electronic";
    electronic.zh = "电子";
    electronic.styleName = "electronic";
    electronic.bpmLow = 108;
    electronic.bpmHigh = 130;
    electronic.majorChance = 0.45;
    electronic.keys = {0, 2, 5, 7, 9, 11, 1};
    electronic.chords = {90, 62, 4};
    electronic.pads = {89, 94, 95, 50};
    electronic.basses = {38, 39};
    electronic.leads = {80, 81, 98};
    electronic.arps = {81, 80, 8};
    electronic.drumKits = {24, 25};
    electronic.voices = {54, 54, 53};
    electronic.drums = DrumStyle::Electro;
    electronic.chordStyle = ChordStyle::Stab;
    electronic.bassStyle = BassStyle::Syncopated;
    electronic.reverbRoom = 0.6;
    electronic.major = {
        {"I V vi IV", "vi IV I V", "IV V vi I"}, {"IV V vi vi", "vi IV I V"}, {"IV IV V V", "ii IV V V"}};
    electronic.minor = {{"i bVI bIII bVII", "i bVII bVI bVII", "i iv bVI bVII"},
                        {"bVI bIII bVII i", "i bVI bIII bVII"},
                        {"bVI bVI bVII bVII", "iv iv bVII bVII"}};
    electronic.palette = {"#0f0c29", "#302b63", "#00f5d4", "#f15bb5"};
    p.push_back(electronic);

    GenreProfile classical;
    classical.key = "classical";
    classical.zh = "古典";
    classical.styleName = "classical";
    classical.bpmLow = 66;
    classical.bpmHigh = 100;
    classical.majorChance = 0.6;
    classical.waltzChance = 0.3;
    classical.keys = {0, 2, 7, 9, 5, 10, 3};
    classical.chords = {48, 0, 49};
    classical.pads = {48, 49, 60};
    classical.basses = {42, 43};
    classical.leads = {40, 73, 68, 71};
    classical.arps = {46, 0};
    classical.drumKits = {48};
    classical.voices = {53};
    classical.drums = DrumStyle::None;
    classical.chordStyle = ChordStyle::Sustain;
    classical.bassStyle = BassStyle::Root;
    classical.timpani = true;
    classical.reverbRoom = 0.8;
    classical.reverbLevel = 0.75;
    classical.major = {{"I IV V I", "I vi ii V", "I V vi iii IV I IV V"},
                       {"IV V I vi", "I IV ii V", "vi ii V I"},
                       {"vi iii IV I", "ii V iii vi"}};
    classical.minor = {
        {"i iv V i", "i bVI iv V", "i bVII bVI V"}, {"iv V i bVI", "bVI iv V i"}, {"bIII bVII i V", "iv i V i"}};
    classical.palette = {"#f3e9d2", "#c9a227", "#7b2d26", "#1d3557"};
    p.push_back(classical);

    GenreProfile rap;
    rap.key = "rap";
    rap.zh = "说唱";
    rap.styleName = "hip hop";
    rap.bpmLow = 82;
    rap.bpmHigh = 98;
    rap.majorChance = 0.25;
    rap.swing16 = 0.22;
    rap.keys = {1, 3, 5, 6, 8, 10, 0};
    rap.chords = {4, 0, 5};
    rap.pads = {89, 50, 48};
    rap.basses = {38, 39, 33};
    rap.leads = {10, 11, 0};
    rap.arps = {10, 8, -1};
    rap.drumKits = {25, 0};
    rap.voices = {54, 53};
    rap.drums = DrumStyle::BoomBap;
    rap.chordStyle = ChordStyle::Comp;
    rap.bassStyle = BassStyle::Sub;
    rap.melodyStyle = MelodyStyle::Rap;
    rap.reverbRoom = 0.35;
    rap.reverbLevel = 0.4;
    rap.major = {{"IM7 IVM7", "vi IV I V", "IM7 vi7 ii7 V7"}, {"IM7 IVM7", "vi IV I V"}, {"ii7 V7 IM7 IM7"}};
    rap.minor = {{"i bVI", "i iv", "i bVII bVI bVII", "i7 iv7"},
                 {"bVI bVII i i", "i bVI bIII bVII", "i7 iv7"},
                 {"iv7 bVII7 i7 i7", "bVI bVI bVII bVII"}};
    rap.palette = {"#111111", "#ffd400", "#ff006e", "#3a86ff"};
    p.push_back(rap);

    GenreProfile metal;
    metal.key = "metal";
    metal.zh = "金属";
    metal.styleName = "metal";
    metal.bpmLow = 120;
    metal.bpmHigh = 172;
    metal.majorChance = 0.1;
    metal.keys = {4, 2, 9, 7};
    metal.chords = {30};
    metal.pads = {48, 91, -1};
    metal.basses = {34, 33};
    metal.leads = {30, 29};
    metal.arps = {-1};
    metal.drumKits = {16, 0};
    metal.voices = {53, 54};
    metal.drums = DrumStyle::Metal;
    metal.chordStyle = ChordStyle::Power;
    metal.bassStyle = BassStyle::Eighths;
    metal.reverbRoom = 0.4;
    metal.reverbLevel = 0.4;
    metal.major = rock.major;
    metal.minor = {{"i i bVI bVII", "i bII i bVII", "i bVII bVI V"},
                   {"bVI bVII i i", "i bVI bIII bVII", "bVI bIII bVII i"},
                   {"iv bVI V V", "bII bII i i"}};
    metal.palette = {"#0b0b0b", "#3d0000", "#950101", "#c0c0c0"};
    p.push_back(metal);

    GenreProfile chinese;
    chinese.key = "chinese";
    chinese.zh = "民乐";
    chinese.styleName = "chinese traditional";
    chinese.bpmLow = 64;
    chinese.bpmHigh = 96;
    chinese.majorChance = 0.65;
    chinese.keys = {0, 2, 5, 7, 9};
    chinese.chords = {107, 46, 0, 24};
    chinese.pads = {48, 49, 89};
    chinese.basses = {32, 42, 33};
    chinese.leads = {73, 77, 75, 110};
    chinese.arps = {107, 106, 46};
    chinese.drumKits = {0, 48};
    chinese.voices = {53};
    chinese.drums = DrumStyle::Chinese;
    chinese.chordStyle = ChordStyle::Arpeggio;
    chinese.bassStyle = BassStyle::Root;
    chinese.pentatonic = true;
    chinese.reverbRoom = 0.75;
    chinese.reverbLevel = 0.7;
    chinese.major = {{"I V vi iii IV I IV V", "vi iii IV I", "I vi IV V", "vi IV V I"},
                     {"IV V iii vi", "IV V vi I", "vi IV I V"},
                     {"ii V I vi", "IV iii ii V"}};
    chinese.minor = {{"i bVII bVI bVII", "i v bVI bIII", "i bIII bVII i"},
                     {"bVI bVII i i", "iv v i i", "bVI bIII bVII i"},
                     {"iv v bVI bVII"}};
    chinese.palette = {"#f2e8cf", "#bc4749", "#386641", "#2b2d42"};
    p.push_back(chinese);

    GenreProfile jazz;
    jazz.key = "jazz";
    jazz.zh = "爵士";
    jazz.styleName = "jazz";
    jazz.bpmLow = 92;
    jazz.bpmHigh = 156;
    jazz.majorChance = 0.7;
    jazz.swing8 = 0.33;
    jazz.keys = {5, 10, 3, 8, 0};
    jazz.chords = {0, 26, 4};
    jazz.pads = {-1, 48};
    jazz.basses = {32};
    jazz.leads = {65, 66, 56, 11};
    jazz.arps = {-1};
    jazz.drumKits = {32, 40};
    jazz.voices = {53};
    jazz.drums = DrumStyle::Jazz;
    jazz.chordStyle = ChordStyle::Comp;
    jazz.bassStyle = BassStyle::Walking;
    jazz.reverbRoom = 0.45;
    jazz.reverbLevel = 0.5;
    jazz.major = {{"ii7 V7 IM7 IM7", "IM7 vi7 ii7 V7", "iii7 vi7 ii7 V7"},
                  {"IVM7 iii7 ii7 V7", "IM7 vi7 ii7 V7"},
                  {"iii7 VI7 ii7 V7", "IV7 IV7 IM7 VI7"}};
    jazz.minor = {{"i7 iv7 V7 i7", "ii7 V7 i7 i7"}, {"bVIM7 V7 i7 i7", "iv7 V7 i7 bVIM7"}, {"iv7 bVII7 bIIIM7 bVIM7"}};
    jazz.palette = {"#14213d", "#fca311", "#e5e5e5", "#9a031e"};
    p.push_back(jazz);

    GenreProfile folk;
    folk.key = "folk";
    folk.zh = "民谣";
    folk.styleName = "folk";
    folk.bpmLow = 76;
    folk.bpmHigh = 112;
    folk.majorChance = 0.75;
    folk.waltzChance = 0.2;
    folk.keys = {7, 2, 9, 4, 0};
    folk.chords = {25, 24};
    folk.pads = {-1, 48, 49};
    folk.basses = {32, 33};
    folk.leads = {22, 73, 40};
    folk.arps = {24, 46, 105};
    folk.drumKits = {0, 40};
    folk.voices = {53};
    folk.drums = DrumStyle::Folk;
    folk.chordStyle = ChordStyle::Strum;
    folk.bassStyle = BassStyle::RootFifth;
    folk.major = {
        {"I IV I V", "I V vi IV", "I IV vi V"}, {"IV I V I", "vi IV I V", "IV V I I"}, {"vi IV V V", "ii IV I V"}};
    folk.minor = {{"i bIII bVII i", "i iv bVII bIII"}, {"bVI bIII bVII i", "iv i bVII i"}, {"iv i bVII bVII"}};
    folk.palette = {"#606c38", "#dda15e", "#fefae0", "#283618"};
    p.push_back(folk);

    GenreProfile lofi;
    lofi.key = "lofi";
    lofi.zh = "低保真";
    lofi.styleName = "lo-fi";
    lofi.bpmLow = 70;
    lofi.bpmHigh = 88;
    lofi.majorChance = 0.6;
    lofi.swing16 = 0.3;
    lofi.keys = {5, 0, 3, 10, 8};
    lofi.chords = {4, 5, 0};
    lofi.pads = {89, 88, 50};
    lofi.basses = {33, 32};
    lofi.leads = {11, 10, 73, 4};
    lofi.arps = {11, 8, -1};
    lofi.drumKits = {0, 8, 40};
    lofi.voices = {53};
    lofi.drums = DrumStyle::LoFi;
    lofi.chordStyle = ChordStyle::Comp;
    lofi.bassStyle = BassStyle::Syncopated;
    lofi.reverbRoom = 0.55;
    lofi.major = {{"IM7 vi7 ii7 V7", "IVM7 iii7 ii7 IM7", "ii9 V9 IM7 IM7"},
                  {"IVM7 V7 iii7 vi7", "IM7 iii7 IVM7 iv7"},
                  {"vi7 ii7 V7 IM7"}};
    lofi.minor = {{"i7 iv7 bVII7 bIIIM7", "i9 bVIM7 iv7 V7"}, {"bVIM7 bVII7 i7 i7"}, {"iv7 bVII7 bIIIM7 bVIM7"}};
    lofi.palette = {"#2d3047", "#e0a458", "#93b7be", "#f1dabf"};
    p.push_back(lofi);

    GenreProfile rnb;
    rnb.key = "rnb";
    rnb.zh = "节奏布鲁斯";
    rnb.styleName = "r&b";
    rnb.bpmLow = 68;
    rnb.bpmHigh = 96;
    rnb.majorChance = 0.55;
    rnb.swing16 = 0.18;
    rnb.keys = {3, 10, 5, 8, 1};
    rnb.chords = {4, 5, 0};
    rnb.pads = {89, 48, 50};
    rnb.basses = {33, 38, 35};
    rnb.leads = {65, 4, 80};
    rnb.arps = {-1, 11};
    rnb.drumKits = {0, 25, 8};
    rnb.voices = {53, 54};
    rnb.drums = DrumStyle::RnB;
    rnb.chordStyle = ChordStyle::Comp;
    rnb.bassStyle = BassStyle::Syncopated;
    rnb.major = {{"IM7 iii7 vi7 IVM7", "ii7 V7 IM7 vi7", "IVM7 iii7 ii7 IM7"},
                 {"IVM7 V7 iii7 vi7", "IVM7 IVM7 iii7 vi7"},
                 {"ii7 iii7 IVM7 V7"}};
    rnb.minor = {{"i7 bVIM7 bVII7 i7", "i9 iv9 i9 iv9"}, {"bVIM7 bVII7 i7 i7"}, {"iv7 v7 bVIM7 bVII7"}};
    rnb.palette = {"#3c096c", "#ff6d00", "#ff9e00", "#240046"};
    p.push_back(rnb);

    GenreProfile country;
    country.key = "country";
    country.zh = "乡村";
    country.styleName = "country";
    country.bpmLow = 92;
    country.bpmHigh = 128;
    country.majorChance = 0.9;
    country.keys = {7, 2, 9, 4, 0};
    country.chords = {25};
    country.pads = {-1, 48};
    country.basses = {32, 33};
    country.leads = {110, 105, 27};
    country.arps = {105, 25};
    country.drumKits = {0, 8};
    country.voices = {53};
    country.drums = DrumStyle::Country;
    country.chordStyle = ChordStyle::Strum;
    country.bassStyle = BassStyle::RootFifth;
    country.reverbRoom = 0.4;
    country.reverbLevel = 0.45;
    country.major = {
        {"I I IV I", "I IV V I", "I IV I V"}, {"IV I V I", "I V IV I", "IV IV I V"}, {"vi IV I V", "IV V vi IV"}};
    country.minor = folk.minor;
    country.palette = {"#8c5a2b", "#f4a259", "#f4e285", "#5b8e7d"};
    p.push_back(country);

    GenreProfile ambient;
    ambient.key = "ambient";
    ambient.zh = "氛围音乐";
    ambient.styleName = "ambient";
    ambient.bpmLow = 60;
    ambient.bpmHigh = 80;
    ambient.majorChance = 0.6;
    ambient.keys = {0, 2, 4, 5, 7, 9};
    ambient.chords = {88, 94, 89};
    ambient.pads = {95, 92, 91};
    ambient.basses = {38, 42};
    ambient.leads = {98, 8, 11, 73};
    ambient.arps = {98, 8, 46};
    ambient.drumKits = {0};
    ambient.voices = {53, 54};
    ambient.drums = DrumStyle::None;
    ambient.chordStyle = ChordStyle::Sustain;
    ambient.bassStyle = BassStyle::Whole;
    ambient.pentatonic = true;
    ambient.beatsPerChord = 8;
    ambient.reverbRoom = 0.9;
    ambient.reverbLevel = 0.85;
    ambient.major = {{"I IV", "IM7 IVM7", "I vi IV I"}, {"IV I", "vi IV", "IVM7 IM7"}, {"ii IV", "vi V"}};
    ambient.minor = {{"i bVI", "i iv"}, {"bVI bVII", "i bVII bVI bVII"}, {"iv bVI"}};
    ambient.palette = {"#caf0f8", "#90e0ef", "#0077b6", "#ffffff"};
    p.push_back(ambient);

    GenreProfile dance;
    dance.key = "dance";
    dance.zh = "舞曲";
    dance.styleName = "dance";
    dance.bpmLow = 118;
    dance.bpmHigh = 128;
    dance.majorChance = 0.5;
    dance.keys = {0, 2, 5, 7, 9, 10};
    dance.chords = {90, 81, 0};
    dance.pads = {89, 50, 94};
    dance.basses = {38, 39};
    dance.leads = {80, 81, 87};
    dance.arps = {81, 80};
    dance.drumKits = {24, 25};
    dance.voices = {54, 53};
    dance.drums = DrumStyle::FourFloor;
    dance.chordStyle = ChordStyle::Stab;
    dance.bassStyle = BassStyle::Offbeat;
    dance.reverbRoom = 0.55;
    dance.major = {{"vi IV I V", "I V vi IV", "IV V iii vi"}, {"vi IV I V", "IV V vi vi"}, {"IV IV V V"}};
    dance.minor = {{"i bVI bIII bVII", "i bVII bVI bVII"}, {"bVI bIII bVII i", "bVI bVII i i"}, {"bVI bVI bVII bVII"}};
    dance.palette = {"#10002b", "#7b2cbf", "#e0aaff", "#ff4d6d"};
    p.push_back(dance);

    return p;
}

struct GenrePattern {
    std::string_view text; ///< lower case; ASCII patterns match whole words ('*' at the end: a word prefix)
    std::string_view genre;
};

// Checked in this order within one tag: the more specific genres first.
const std::vector<GenrePattern>& genrePatterns() {
    static const std::vector<GenrePattern> patterns = {
        {"metal*", "metal"},
        {"djent", "metal"},
        {"金属", "metal"},
        {"lo fi", "lofi"},
        {"lofi", "lofi"},
        {"chillhop", "lofi"},
        {"低保真", "lofi"},
        {"trap", "rap"},
        {"drill", "rap"},
        {"rap", "rap"},
        {"hip hop", "rap"},
        {"hiphop", "rap"},
        {"grime", "rap"},
        {"说唱", "rap"},
        {"嘻哈", "rap"},
        {"陷阱", "rap"},
        {"钻头", "rap"},
        {"r b", "rnb"},
        {"rnb", "rnb"},
        {"soul", "rnb"},
        {"neo soul", "rnb"},
        {"funk", "rnb"},
        {"gospel", "rnb"},
        {"motown", "rnb"},
        {"new jack swing", "rnb"},
        {"节奏布鲁斯", "rnb"},
        {"灵魂", "rnb"},
        {"放克", "rnb"},
        {"福音", "rnb"},
        {"摩城", "rnb"},
        {"jazz*", "jazz"},
        {"swing", "jazz"},
        {"bebop", "jazz"},
        {"big band", "jazz"},
        {"blues", "jazz"},
        {"bossa nova", "jazz"},
        {"lounge", "jazz"},
        {"爵士", "jazz"},
        {"蓝调", "jazz"},
        {"摇摆", "jazz"},
        {"比波普", "jazz"},
        {"沙发音乐", "jazz"},
        {"波萨诺瓦", "jazz"},
        {"chinese*", "chinese"},
        {"gufeng", "chinese"},
        {"guzheng", "chinese"},
        {"erhu", "chinese"},
        {"pipa", "chinese"},
        {"dizi", "chinese"},
        {"peking opera", "chinese"},
        {"jiangnan*", "chinese"},
        {"japanese traditional", "chinese"},
        {"enka", "chinese"},
        {"中国风", "chinese"},
        {"古风", "chinese"},
        {"民乐", "chinese"},
        {"国风", "chinese"},
        {"古筝", "chinese"},
        {"二胡", "chinese"},
        {"琵琶", "chinese"},
        {"竹笛", "chinese"},
        {"戏腔", "chinese"},
        {"京剧", "chinese"},
        {"江南", "chinese"},
        {"民歌", "chinese"},
        {"日本传统", "chinese"},
        {"演歌", "chinese"},
        {"country", "country"},
        {"bluegrass", "country"},
        {"americana", "country"},
        {"honky tonk", "country"},
        {"western", "country"},
        {"cajun", "country"},
        {"乡村", "country"},
        {"蓝草", "country"},
        {"美式根源", "country"},
        {"西部", "country"},
        {"卡津", "country"},
        {"folk", "folk"},
        {"acoustic", "folk"},
        {"singer songwriter", "folk"},
        {"celtic", "folk"},
        {"民谣", "folk"},
        {"凯尔特", "folk"},
        {"rock*", "rock"},
        {"punk", "rock"},
        {"grunge", "rock"},
        {"emo", "rock"},
        {"britpop", "rock"},
        {"krautrock", "rock"},
        {"摇滚", "rock"},
        {"朋克", "rock"},
        {"后摇", "rock"},
        {"情绪摇滚", "rock"},
        {"classical", "classical"},
        {"orchestra*", "classical"},
        {"symphon*", "classical"},
        {"baroque", "classical"},
        {"opera", "classical"},
        {"chamber music", "classical"},
        {"piano", "classical"},
        {"string quartet", "classical"},
        {"violin", "classical"},
        {"cello", "classical"},
        {"concerto", "classical"},
        {"neoclassical", "classical"},
        {"cinematic", "classical"},
        {"minimalism", "classical"},
        {"古典", "classical"},
        {"管弦", "classical"},
        {"交响", "classical"},
        {"巴洛克", "classical"},
        {"歌剧", "classical"},
        {"室内乐", "classical"},
        {"钢琴", "classical"},
        {"小提琴", "classical"},
        {"大提琴", "classical"},
        {"协奏", "classical"},
        {"电影感", "classical"},
        {"ambient", "ambient"},
        {"new age*", "ambient"},
        {"meditation", "ambient"},
        {"healing*", "ambient"},
        {"sleep*", "ambient"},
        {"zen", "ambient"},
        {"yoga", "ambient"},
        {"spiritual", "ambient"},
        {"nature sounds", "ambient"},
        {"singing bowl", "ambient"},
        {"drone", "ambient"},
        {"氛围", "ambient"},
        {"新世纪", "ambient"},
        {"冥想", "ambient"},
        {"疗愈", "ambient"},
        {"睡眠", "ambient"},
        {"禅", "ambient"},
        {"瑜伽", "ambient"},
        {"颂钵", "ambient"},
        {"edm", "dance"},
        {"house", "dance"},
        {"techno", "dance"},
        {"trance", "dance"},
        {"disco", "dance"},
        {"dance*", "dance"},
        {"dubstep", "dance"},
        {"drum and bass", "dance"},
        {"hardstyle", "dance"},
        {"uk garage", "dance"},
        {"breakbeat", "dance"},
        {"future bass", "dance"},
        {"reggaeton", "dance"},
        {"latin*", "dance"},
        {"salsa", "dance"},
        {"samba", "dance"},
        {"cumbia", "dance"},
        {"电子舞曲", "dance"},
        {"舞曲", "dance"},
        {"浩室", "dance"},
        {"迪斯科", "dance"},
        {"electro*", "electronic"},
        {"synth*", "electronic"},
        {"vaporwave", "electronic"},
        {"chillwave", "electronic"},
        {"downtempo", "electronic"},
        {"trip hop", "electronic"},
        {"glitch", "electronic"},
        {"hyperpop", "electronic"},
        {"idm", "electronic"},
        {"industrial", "electronic"},
        {"电子", "electronic"},
        {"合成器", "electronic"},
        {"蒸汽波", "electronic"},
        {"pop*", "pop"},
        {"ballad", "pop"},
        {"流行", "pop"},
        {"抒情", "pop"},
        {"cantopop", "pop"},
        {"k pop", "pop"},
        {"j pop", "pop"},
        {"c pop", "pop"},
    };
    return patterns;
}

/// Lower case, ASCII punctuation as spaces, padded with one space at each end: " pop rock ".
std::string normalise(std::string_view text) {
    std::string out = " ";
    for (const char c : domain::toLowerAscii(text)) {
        const auto u = static_cast<unsigned char>(c);
        const bool word = u >= 0x80 || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        out += word ? c : ' ';
    }
    out += ' ';
    return out;
}

/// Where pattern occurs in normalised text, or npos.
std::size_t findPattern(const std::string& text, std::string_view pattern) {
    if (static_cast<unsigned char>(pattern.front()) >= 0x80) {
        return text.find(pattern);
    }
    const bool prefix = pattern.back() == '*';
    std::string needle = " ";
    needle += prefix ? pattern.substr(0, pattern.size() - 1) : pattern;
    if (!prefix) {
        needle += ' ';
    }
    return text.find(needle);
}

} // namespace

const std::vector<GenreProfile>& genreProfiles() {
    static const std::vector<GenreProfile> profiles = makeProfiles();
    return profiles;
}

const GenreProfile& genreProfile(std::string_view key) {
    for (const auto& profile : genreProfiles()) {
        if (profile.key == key) {
            return profile;
        }
    }
    return genreProfiles().front();
}

} // namespace gequ::upstream::detail

namespace gequ::upstream {

const std::vector<std::string>& genreKeys() {
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> out;
        for (const auto& profile : detail::genreProfiles()) {
            out.emplace_back(profile.key);
        }
        return out;
    }();
    return keys;
}

std::string detectGenre(std::string_view style, std::string_view prompt) {
    // Style tags in order: the first tag naming a genre decides.
    // Full-width commas separate tags too.
    std::string tags;
    constexpr std::string_view kFullWidthComma = "，";
    for (std::size_t i = 0; i < style.size();) {
        if (style.substr(i, kFullWidthComma.size()) == kFullWidthComma) {
            tags += ',';
            i += kFullWidthComma.size();
        } else {
            tags += style[i++];
        }
    }
    std::string_view rest = tags;
    while (!rest.empty()) {
        const std::size_t comma = rest.find(',');
        const std::string tag = detail::normalise(rest.substr(0, comma));
        for (const auto& pattern : detail::genrePatterns()) {
            if (detail::findPattern(tag, pattern.text) != std::string::npos) {
                return std::string(pattern.genre);
            }
        }
        if (comma == std::string_view::npos) {
            break;
        }
        rest.remove_prefix(comma + 1);
    }
    // The description: the genre named earliest.
    const std::string text = detail::normalise(prompt);
    std::size_t best = std::string::npos;
    std::string genre;
    for (const auto& pattern : detail::genrePatterns()) {
        const std::size_t at = detail::findPattern(text, pattern.text);
        if (at != std::string::npos && at < best) {
            best = at;
            genre = pattern.genre;
        }
    }
    return genre;
}

} // namespace gequ::upstream
