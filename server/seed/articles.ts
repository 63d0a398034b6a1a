import { seededRandom, type SeededRandom } from './random.js';
import type { ArticleRecord, Category } from '../../functions/src/domain/articles/article.js';
import { buildArticleDocument } from '../../functions/src/domain/articles/derive-fields.js';
import { articleLikeId } from '../../functions/src/domain/articles/engagement.js';
import { authorDisplayName } from '../../functions/src/domain/identity/user.js';
import type { CommentStatus } from '../../functions/src/domain/comments/comment.js';
import { parseUser } from '../../functions/src/domain/identity/user.js';
import { inPlace, withSuffix } from '../../functions/src/domain/text/suffix.js';
import { DEMO_IMAGE_SIZE, demoImageUrl } from './illustrations.js';
import { searchTokens, slugify } from '../../functions/src/domain/text/turkish.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { istanbulDate, istanbulInstant } from '../../functions/src/domain/races/race.js';
import { formatIsoDay } from '../../functions/src/shared/text/dates.js';
import { buildSeason, type SeasonRace } from './races.js';
import { SHARP_TIPSTER, tipSchedule } from './tipsters.js';
import type { WriteBatch } from '../../functions/src/ports/document-store.js';

/**
 * Demo articles, comments and likes for the local store. Deterministic: a seeded PRNG and dates
 * relative to deps.now(), so the same day gives the same content on every machine. Authors
 * (u-author-1..6) and members (u-member-01..40) come from the users seed.
 */

const DAY = 86_400_000;
const AUTHORS = ['u-author-1', 'u-author-2', 'u-author-3', 'u-author-4', 'u-author-5', 'u-author-6'];
const MEMBERS = Array.from({ length: 40 }, (_, i) => `u-member-${String(i + 1).padStart(2, '0')}`);
const MEMBER_NAMES = [
  'Ahmet Yılmaz', 'Mehmet Kaya', 'Ayşe Demir', 'Fatma Çelik', 'Mustafa Şahin', 'Emine Yıldız', 'Ali Öztürk', 'Hatice Aydın',
  'Hüseyin Arslan', 'Zeynep Doğan', 'İbrahim Kılıç', 'Elif Aslan', 'Hasan Çetin', 'Merve Kara', 'Osman Koç', 'Büşra Kurt',
  'Yusuf Özdemir', 'Esra Şimşek', 'Murat Polat', 'Seda Erdoğan', 'Ömer Güneş', 'Gül Aksoy', 'Ramazan Tekin', 'Derya Yavuz',
  'Kemal Acar', 'Sibel Bulut', 'Serkan Uçar', 'Tuğba Kaplan', 'Emre Aydemir', 'Özlem Sarı', 'Burak Işık', 'Nur Türk',
  'Cem Ünal', 'Pınar Keskin', 'Oğuz Çakır', 'Gizem Erdem', 'Volkan Özkan', 'Deniz Tunç', 'Barış Aktaş', 'İrem Güler',
];

export const ARTICLE_VENUES = ['İstanbul Veliefendi', 'Ankara 75. Yıl', 'İzmir Şirinyer', 'Adana Yeşiloba', 'Bursa Osmangazi', 'Kocaeli Kartepe', 'Elazığ', 'Şanlıurfa', 'Diyarbakır'];
const TAGS = [
  { name: 'Altılı Ganyan', color: '#27616c' },
  { name: 'Banko', color: '#16a34a' },
  { name: 'Sürpriz', color: '#f59e0b' },
  { name: 'Veliefendi', color: '#3b82f6' },
  { name: 'Gazi Koşusu', color: '#dc2626' },
  { name: 'Pist Durumu', color: '#6b7280' },
  { name: 'Jokey', color: '#8b5cf6' },
  { name: 'Safkan Arap', color: '#0ea5e9' },
  { name: 'İngiliz Atı', color: '#a16207' },
  { name: 'Yetiştiricilik', color: '#059669' },
  { name: 'TJK', color: '#1d4ed8' },
  { name: 'Kum Pist', color: '#b45309' },
  { name: 'Çim Pist', color: '#15803d' },
];
const COMMENT_TEXTS = [
  'Çok detaylı bir analiz olmuş, elinize sağlık.',
  'Banko seçimine katılıyorum, son iki koşusu çok iyiydi.',
  'Pist ağır olursa bu tahmin değişir bence.',
  'Geçen haftaki tahmininiz tuttu, teşekkürler!',
  'Jokey değişikliği sonucu etkiler mi sizce?',
  'Ben sürpriz olarak dış kulvardaki atı da eklerdim.',
  'Kum pistte bu at hiç kaybetmedi, güveniyorum.',
  'Bu haftaki altılıda bu yorumlar çok işime yaradı.',
  'Mesafe uzun geldi gibi, son 200 metrede düşebilir.',
  'Yazınızı okuyunca kuponumu yeniden düzenledim.',
  'Antrenör açıklaması gerçekten umut verici.',
  'Hipodromdaydım, atmosfer harikaydı!',
  '<b>Kalın</b> yazmaya çalıştım ama yorumlar düz metin, güzel.',
];
const REPLY_TEXTS = [
  'Katılıyorum, ben de aynı şeyi düşündüm.',
  'Bence pist durumu o kadar etkilemez.',
  'Haklısınız, son koşusunu izlemek lazım.',
  'Teşekkürler, güzel bir noktaya değindiniz.',
];

interface Draft {
  category: Category;
  title: string;
  subtitle: string | null;
  excerpt: string;
  content: string;
  tags: { name: string; color: string }[];
}

const dateLabel = (d: Date) => new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', timeZone: 'Europe/Istanbul' }).format(d);
const p = (text: string) => `<p>${text}</p>`;

type SeasonEntry = SeasonRace['entries'][number];

/** A horse's name as a writer spells it in running text ('KARA ŞİMŞEK' → 'Kara Şimşek'). */
export const horseTitle = (name: string) =>
  name
    .toLocaleLowerCase('tr-TR')
    .split(' ')
    .map((w) => w.charAt(0).toLocaleUpperCase('tr-TR') + w.slice(1))
    .join(' ');

/** One single-race tip of the demo: a real race of the season, its picks among the declared runners. */
export interface SingleRaceTip {
  race: SeasonRace;
  visibility: 'public' | 'premium';
  publishedAt: Date;
  /** The tipster (server/seed/tipsters.ts decides who tips on which day). */
  authorId: string;
  /** Banko, plase, sürpriz, alternatif: declared runners (never a scratched one). */
  picks: [SeasonEntry, SeasonEntry, SeasonEntry, SeasonEntry];
}

/**
 * The demo's single-race tips (issues 49 and 50): every race day of the season gets a VIP tip and
 * two public ones, each about one real race, published that morning (today: before now and before
 * the race), picking by the market with room for a tipster's view. The sharp tipster's view is
 * worth something: now and then her banko is the race's winner at a price the market missed.
 */
export function planSingleRaceTips(now: Date): SingleRaceTip[] {
  const season = buildSeason(now).races;
  const dates = [...new Set(season.map((r) => r.date))].sort().reverse();
  const schedule = tipSchedule(dates);
  const tips: SingleRaceTip[] = [];
  const taken = new Set<string>();
  const plan = (date: string, visibility: SingleRaceTip['visibility'], slot: number) => {
    const key = slot === 2 ? `${date}:${visibility}:2` : `${date}:${visibility}`;
    const rng = seededRandom([...key].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 11));
    const options = season.filter((r) => r.date === date && !taken.has(r.code) && r.entries.filter((e) => !e.nonRunner).length >= 6);
    const race = rng.pick(options);
    taken.add(race.code);
    const authorId = schedule.get(date)!.singles[slot]!;
    const runners = race.entries.filter((e) => !e.nonRunner).sort((a, b) => a.odds - b.odds);
    let [banko, plase] = rng.chance(0.7) ? [runners[0]!, runners[1]!] : [runners[1]!, runners[0]!];
    const winner = runners.find((e) => e.number === race.order[0]);
    const spotted = rng.chance(0.3) && authorId === SHARP_TIPSTER && winner !== undefined && winner.odds >= 2.5 && winner.odds <= 9;
    if (spotted) [banko, plase] = [winner, runners[0] === winner ? runners[1]! : runners[0]!];
    const rest = runners.filter((e) => e !== banko && e !== plase);
    const surpriz = rest[rng.int(Math.min(2, rest.length - 1), rest.length - 1)]!;
    const alt = rest.find((e) => e !== surpriz)!;
    const start = istanbulInstant(race.date, race.time).getTime();
    const publishedAt = new Date(Math.min(start - rng.int(3, 7) * 3_600_000 - rng.int(0, 59) * 60_000, now.getTime() - rng.int(20, 90) * 60_000));
    tips.push({ race, visibility, publishedAt, authorId, picks: [banko, plase, surpriz, alt] });
  };
  for (const date of dates) plan(date, 'premium', 0);
  for (const date of dates) plan(date, 'public', 1);
  for (const date of dates) plan(date, 'public', 2);
  return tips.sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime());
}

const shortVenue = (race: SeasonRace) => race.hippodrome.replace(/ Hipodromu$/, '');
const dayMonth = (iso: string) => new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
/** What a card's form figures say, in words ('son 4 koşusunda 2 kez ilk üçe girdi (form: K1C4K3C7)'). */
function formWords(entry: SeasonEntry): string {
  const places = (entry.lastSix.match(/[0-9-]/g) ?? []).map((c) => (c === '-' ? null : Number(c) || 10));
  const form = `(form: ${entry.lastSix})`;
  if (places.length === 0) return 'ilk kez koşacak';
  if (places.length === 1) {
    const [place] = places;
    if (place === null) return `tek koşusunu tamamlayamadı ${form}`;
    if (place === 1) return `tek koşusunu kazandı ${form}`;
    return place === 10 ? `tek koşusunda ilk ona giremedi ${form}` : `tek koşusunda ${place}. oldu ${form}`;
  }
  const top3 = places.filter((p) => p !== null && p <= 3).length;
  return top3 === 0 ? `son ${places.length} koşusunda ilk üçe giremedi ${form}` : `son ${places.length} koşusunda ${top3} kez ilk üçe girdi ${form}`;
}

function estimation(tip: SingleRaceTip): Draft {
  const { race } = tip;
  const [banko, plase, surpriz, alt] = tip.picks.map((e) => ({ ...e, title: horseTitle(e.name) })) as [SeasonEntry & { title: string }, SeasonEntry & { title: string }, SeasonEntry & { title: string }, SeasonEntry & { title: string }];
  const runners = race.entries.filter((e) => !e.nonRunner).length;
  const surface = race.surface.toLocaleLowerCase('tr-TR');
  const vip = tip.visibility === 'premium';
  // Titles write the race day as every generated title does (03.12.2026); the prose says '3 Aralık'.
  const heading = `${shortVenue(race)} ${formatIsoDay(race.date)} ${race.number}. Koşu`;
  return {
    category: 'estimation',
    // A VIP tip's public teaser never names a pick (teaser-check.ts refuses it).
    title: vip ? `${heading} VIP Tahmini` : `${heading} Tahmini: Bankomuz ${banko.title}`,
    subtitle: `${race.distance} metre ${surface} pistte ${race.category} koşusu için banko, plase ve sürpriz seçimlerimiz`,
    excerpt: vip
      ? `${runners} atın koştuğu ${race.number}. koşu (${race.time}) için banko, plase ve sürpriz seçimlerimiz VIP üyelerimizde.`
      : `${inPlace(shortVenue(race))} ${race.number}. koşuda ${banko.title} formuyla öne çıkıyor; ${plase.title} plase, ${surpriz.title} ise sürpriz adayımız.`,
    content: [
      p(`${inPlace(race.hippodrome)} ${dayMonth(race.date)} günü koşulacak ${race.number}. koşu (start saati ${race.time}), ${race.distance} metre ${surface} pistte ${race.category} şartlarında yapılacak. Koşuda ${runners} at yer alıyor${race.going ? `; pist ${race.going.toLocaleLowerCase('tr-TR')}` : ''}.`),
      `<h2>Banko: ${banko.title}</h2>`,
      p(`${banko.title} (${banko.number}) ${formWords(banko)}. Sırtında ${banko.jockey}, hazırlığı ${withSuffix(banko.trainer, 'genitive')} ahırında; ganyanı ${banko.odds.toLocaleString('tr-TR')} ile tabloda ${banko.odds <= plase.odds ? 'favori' : 'ikinci sırada'}.`),
      '<h3>Plase ve sürpriz</h3>',
      `<ul><li><strong>Plase:</strong> ${plase.title} (${plase.number}) – ${formWords(plase)}.</li><li><strong>Sürpriz:</strong> ${surpriz.title} (${surpriz.number}) – ganyanı ${surpriz.odds.toLocaleString('tr-TR')}, ${formWords(surpriz)}.</li><li><strong>Alternatif:</strong> ${alt.title} (${alt.number}) – ${alt.jockey} ile.</li></ul>`,
      p(`Kuponlarınızda ${banko.title} tek geçilebilir; ${plase.title} ve ${surpriz.title} ise ikinci planda değerlendirilmeli.`),
      p('Unutmayın: at yarışı tahminleri olasılık değerlendirmesidir, kesin sonuç garantisi vermez. Sorumlu oynayın.'),
    ].join('\n'),
    tags: [TAGS[0]!, banko.odds < 3 ? TAGS[1]! : TAGS[2]!, race.surface === 'Kum' ? TAGS[11]! : TAGS[12]!],
  };
}

/** What the season's results say up to a day: the riders with most wins, and its best horses. */
function seasonFacts(now: Date, until: string) {
  const races = buildSeason(now).races.filter((r) => r.order.length > 0 && r.date < until);
  const riders = new Map<string, { rides: number; wins: number }>();
  const horses = new Map<string, { name: string; wins: number; runs: number; places: number }>();
  for (const race of races) {
    race.order.forEach((no, place) => {
      const entry = race.entries.find((e) => e.number === no)!;
      const rider = riders.get(entry.jockey) ?? { rides: 0, wins: 0 };
      rider.rides += 1;
      if (place === 0) rider.wins += 1;
      riders.set(entry.jockey, rider);
      const horse = horses.get(entry.name) ?? { name: entry.name, wins: 0, runs: 0, places: 0 };
      horse.runs += 1;
      if (place === 0) horse.wins += 1;
      if (place < 3) horse.places += 1;
      horses.set(entry.name, horse);
    });
  }
  const topRiders = [...riders.entries()].sort((a, b) => b[1].wins - a[1].wins || a[1].rides - b[1].rides || a[0].localeCompare(b[0], 'tr'));
  const topHorses = [...horses.values()].sort((a, b) => b.wins - a.wins || b.places - a.places || a.name.localeCompare(b.name, 'tr'));
  const first = races[0]?.date ?? until;
  return { topRiders, topHorses, first, races: races.length };
}

type SeasonFacts = ReturnType<typeof seasonFacts>;

/** A horse the season knows (one of its best so far), as a writer spells it. */
const seasonHorse = (rng: SeededRandom, facts: SeasonFacts, fallback: SeasonFacts) => horseTitle(rng.pick((facts.topHorses.length ? facts : fallback).topHorses.slice(0, 15)).name);

/** News, dated `date`: any figure it gives (a rider's wins) is the season's count up to that day. */
function news(rng: SeededRandom, date: Date, facts: SeasonFacts, fallback: SeasonFacts): Draft {
  const venue = rng.pick(ARTICLE_VENUES);
  const horse = seasonHorse(rng, facts, fallback);
  const leader = facts.topRiders[0];
  const topic = rng.pick([
    { t: `${inPlace(venue)} yeni sezon programı açıklandı`, e: `Türkiye Jokey Kulübü, ${withSuffix(`${venue} Hipodromu`, 'genitive')} yeni sezon koşu programını ve ikramiye dağılımını duyurdu.` },
    { t: `${horse} ${rng.pick(['Gazi Koşusu', 'Cumhurbaşkanlığı Koşusu', 'Erkek Tay Deneme'])} hazırlıklarına başladı`, e: `Geçen sezonun parlayan ismi ${horse}, büyük koşu öncesi ilk çalışmasını ${inPlace(venue)} yaptı.` },
    ...(leader && leader[1].wins > 0
      ? [{ t: `${leader[0]}, ${withSuffix(formatIsoDay(facts.first), 'ablative')} bu yana en çok kazanan jokey`, e: `${leader[0]}, ${withSuffix(dayMonth(facts.first), 'ablative')} bu yana ${leader[1].rides} binişte ${leader[1].wins} birincilik alarak listenin başına yerleşti.` }]
      : []),
    { t: `${venue} pistinde yenileme çalışmaları tamamlandı`, e: `Kum pistin drenaj sistemi yenilendi; yağışlı günlerde pist durumunun daha istikrarlı olması bekleniyor.` },
    { t: `Safkan Arap taylar için yeni yetiştirici ödülleri`, e: `Yetiştiricilere yönelik teşvik programı genişletildi; başvurular ay sonuna kadar sürecek.` },
    { t: `Yabancı koşulara katılacak Türk atları belli oldu`, e: `${horse} başta olmak üzere ${rng.int(3, 6)} safkan, yurt dışındaki grup koşularında yarışacak.` },
  ]);
  return {
    category: 'news',
    title: topic.t,
    subtitle: null,
    excerpt: topic.e,
    content: [
      p(`${topic.e} Açıklama ${dateLabel(date)} tarihinde yapıldı ve sektör temsilcilerinden olumlu tepki aldı.`),
      p(`Yetkililer, yarış severlerin hipodromlarda daha iyi bir deneyim yaşaması için ${rng.pick(['tribün', 'seyir terası', 'padok alanı', 'ulaşım'])} düzenlemelerinin de sürdüğünü belirtti. ${venue} için ayrılan bütçenin önemli bir bölümü altyapıya harcanacak.`),
      `<blockquote>${rng.pick(['Amacımız yarışların kalitesini ve güvenliğini artırmak.', 'Atlarımızın sağlığı her şeyden önce gelir.', 'Genç jokeylere daha fazla fırsat vereceğiz.'])}</blockquote>`,
      p(`Gelişmeleri takip etmeye devam edeceğiz. Program ayrıntıları ve koşu saatleri yarış programı sayfamızda yayımlanacak.`),
    ].join('\n'),
    tags: rng.sample([TAGS[10]!, TAGS[3]!, TAGS[9]!, TAGS[4]!], 2),
  };
}

function analysis(rng: SeededRandom, category: Category, facts: SeasonFacts, fallback: SeasonFacts): Draft {
  const horse = seasonHorse(rng, facts, fallback);
  const rider = rng.pick((facts.topRiders.length ? facts : fallback).topRiders.slice(0, 10))[0];
  const venue = rng.pick(ARTICLE_VENUES);
  const byCategory: Record<string, { t: string; e: string; body: string[] }> = {
    analysis: {
      t: `${rng.pick(['Kum', 'Çim'])} pistte tempo analizi: ${horse} örneği`,
      e: `Son koşularının bölüm dereceleri, ${withSuffix(horse, 'genitive')} hangi tempoda rakiplerine üstünlük kurduğunu açıkça gösteriyor.`,
      body: [
        `Bölüm derecelerini incelediğimizde ilk 400 metrenin ${rng.int(23, 26)} saniyenin altına indiği koşularda önde koşan atların son düzlükte belirgin biçimde yavaşladığı görülüyor.`,
        `<h2>Veriler ne söylüyor?</h2>`,
        `${horse}, bu tür koşularda geriden gelip finişte farkı kapatıyor. ${venue} pistinin uzun son düzlüğü bu stile uygun.`,
      ],
    },
    tips: {
      t: `Altılı ganyan oynarken ${rng.int(5, 9)} altın kural`,
      e: 'Kupon maliyetini kontrol etmek ve sürprizleri doğru yerde kullanmak için deneyimli tahmincilerin önerileri.',
      body: [
        'Her ayağa eşit sayıda at yazmak yerine, banko gördüğünüz ayakta tek at oynayıp belirsiz ayakları genişletin.',
        '<h2>Pist ve hava durumunu unutmayın</h2>',
        'Yağmur sonrası ağırlaşan kum pist, sprint atlarını dezavantajlı duruma düşürür. Koşu sabahı pist raporunu mutlaka kontrol edin.',
      ],
    },
    interviews: {
      t: `${rider}: "${horse} ile hedefimiz büyük koşular"`,
      e: `Sezonun öne çıkan jokeylerinden biriyle ${horse}, antrenman rutini ve gelecek hedefleri üzerine konuştuk.`,
      body: [
        `<blockquote>${horse} çok akıllı bir at; ona güvendiğimde o da bana güveniyor.</blockquote>`,
        'Sabah idmanlarının saat beşte başladığını anlatan jokey, bir koşu gününün hazırlığının aslında haftalar öncesinden başladığını vurguluyor.',
        '<h2>Genç jokeylere tavsiyeler</h2>',
        'Sabır, disiplin ve atı tanımak. Ekürideki seyislerle iyi iletişim kurmak başarının yarısıdır.',
      ],
    },
    events: {
      t: `${inPlace(venue)} ${rng.pick(['Yarış Festivali', 'Aile Günü', 'Tay Satış Günü', 'Açık Padok Etkinliği'])}`,
      e: `Hafta sonu ${inPlace(venue)} düzenlenecek etkinlikte ziyaretçileri atölyeler, söyleşiler ve özel koşular bekliyor.`,
      body: [
        'Etkinlik boyunca çocuklar için midilli gezileri ve yarış atlarının bakımını anlatan atölyeler düzenlenecek.',
        '<h2>Program</h2>',
        `<ul><li>10.00 – Padok gezisi</li><li>13.00 – Jokeylerle söyleşi</li><li>15.30 – Günün ana koşusu</li></ul>`,
      ],
    },
    general: {
      t: `At yarışlarına yeni başlayanlar için ${rng.pick(['temel terimler sözlüğü', 'hipodrom rehberi', 'koşu türleri rehberi'])}`,
      e: 'Ganyan, plase, ikili, sıralı ikili… Yarış bültenini okumayı kolaylaştıracak temel bilgiler tek yazıda.',
      body: [
        '<h2>Ganyan nedir?</h2>',
        'Ganyan, bir koşuyu birinci bitirecek atı tahmin etmektir. Plase ise seçtiğiniz atın ilk iki (ya da koşuya göre ilk üç) içinde bitirmesidir.',
        'Handikap koşularında atlar performanslarına göre farklı kilolar taşır; bu da yarışı daha dengeli hâle getirir.',
      ],
    },
  };
  const c = byCategory[category]!;
  return {
    category,
    title: c.t,
    subtitle: null,
    excerpt: c.e,
    content: [p(c.e), ...c.body.map((b) => (b.startsWith('<') ? b : p(b))), p('Görüş ve sorularınızı yorumlarda paylaşabilirsiniz.')].join('\n'),
    tags: rng.sample([TAGS[5]!, TAGS[6]!, TAGS[7]!, TAGS[8]!, TAGS[11]!, TAGS[12]!], 2),
  };
}

/**
 * How many articles of each category the demo has: a single-race tip for each planned tip (three a
 * race day, about 85), and 78 others.
 */
const planOf = (tips: number): { category: Category; count: number }[] => [
  { category: 'estimation', count: tips },
  { category: 'news', count: 34 },
  { category: 'analysis', count: 16 },
  { category: 'tips', count: 10 },
  { category: 'interviews', count: 7 },
  { category: 'events', count: 6 },
  { category: 'general', count: 5 },
];

function draftFor(rng: SeededRandom, category: Category, date: Date, now: Date, tip: SingleRaceTip | undefined): Draft {
  if (category === 'estimation') return estimation(tip!);
  const facts = seasonFacts(now, istanbulDate(date));
  const fallback = seasonFacts(now, istanbulDate(now));
  if (category === 'news') return news(rng, date, facts, fallback);
  return analysis(rng, category, facts, fallback);
}

/** Who writes what, matching the users seed's author bios: tipsters predict, the editor (6) reports. */
function authorFor(category: Category, index: number): string {
  const pool: Record<Category, number[]> = {
    estimation: [1, 2, 3, 4, 5],
    news: [6, 6, 3, 6, 5],
    analysis: [2, 4, 1],
    tips: [1, 4, 2],
    interviews: [6, 3],
    events: [6],
    general: [5, 6],
  };
  const choices = pool[category];
  return AUTHORS[choices[index % choices.length]! - 1]!;
}

interface Planned {
  id: string;
  doc: Omit<ArticleRecord, 'id'>;
}

function planArticle(rng: SeededRandom, index: number, category: Category, now: Date, slugs: Set<string>, spreadDays: number, total: number, tip?: SingleRaceTip): Planned {
  // Evenly spread over the last `spreadDays`, newest first, with a little jitter; never in the future.
  // A tip is published the morning of its race.
  const ageMs = Math.max(60 * 60_000, ((index + rng.next() * 0.8) / total) * spreadDays * DAY);
  const publishedAt = tip ? tip.publishedAt : new Date(now.getTime() - ageMs);
  // Titles never repeat: a fan notices two identical headlines at once.
  let draft = draftFor(rng, category, publishedAt, now, tip);
  for (let tries = 0; tries < 20 && slugs.has(slugify(draft.title)); tries++) draft = draftFor(rng, category, publishedAt, now, tip);
  // A fixed headline used up: the issue's date tells the two apart, as a paper's series would.
  if (slugs.has(slugify(draft.title))) draft = { ...draft, title: `${draft.title} (${formatIsoDay(istanbulDate(publishedAt))})` };
  let slug = slugify(draft.title);
  for (let n = 2; slugs.has(slug); n++) slug = `${slugify(draft.title)}-${n}`;
  slugs.add(slug);
  const roll = rng.next();
  const rolled = roll < 0.16 ? 'premium' : roll < 0.22 ? 'private' : roll < 0.3 ? 'members-only' : 'public';
  const visibility = tip ? tip.visibility : rolled;
  const audience = visibility === 'premium' || visibility === 'private' ? 'vip' : rng.chance(0.05) && !tip ? 'premium' : 'everyone';
  // A tip's result is never declared by hand: its estimate settles it from the race's result; until
  // the race is run (today's) it waits for it.
  const raceResult = tip && tip.race.order.length === 0 ? 'pending' : null;
  const doc = buildArticleDocument(
    {
      ...draft,
      slug,
      authorId: tip?.authorId ?? authorFor(category, index),
      status: 'published',
      visibility,
      audience,
      raceResult,
      raceResultSource: null,
      isFeatured: false,
      isPinned: false,
      allowComments: !rng.chance(0.05),
      media: {
        // Every article has an illustration; consecutive articles (neighbouring cards) never share one.
        featuredImage: { url: demoImageUrl(index), alt: draft.title, ...DEMO_IMAGE_SIZE, copies: [] },
        videos: [],
        audio: [],
      },
      stats: { views: rng.int(40, 4500), likes: 0, comments: 0, shares: rng.int(0, 60) },
      publishedAt,
      createdAt: new Date(publishedAt.getTime() - rng.int(1, 48) * 3_600_000),
      updatedAt: publishedAt,
    },
    now,
  );
  return { id: '', doc };
}

/** Writes through batches of 400 (the store allows 500 per batch). */
export class BatchWriter {
  private batch: WriteBatch;
  private size = 0;
  constructor(private readonly deps: Pick<AppDeps, 'store'>) {
    this.batch = deps.store.batch();
  }
  async set(collection: string, id: string, data: Record<string, unknown>): Promise<void> {
    this.batch.set(collection, id, data);
    if (++this.size >= 400) await this.flush();
  }
  async flush(): Promise<void> {
    if (this.size === 0) return;
    await this.batch.commit();
    this.batch = this.deps.store.batch();
    this.size = 0;
  }
}

type Commenter = { name: string; username: string };

/** Commenters as the users seed created them (name and username), with the same names as a fallback. */
async function loadCommenters(deps: Pick<AppDeps, 'store'>): Promise<Map<string, Commenter>> {
  const docs = await deps.store.getAll('users', MEMBERS);
  return new Map(
    MEMBERS.map((id, i) => {
      const doc = docs[i];
      const fallback = { name: MEMBER_NAMES[i]!, username: id };
      if (!doc) return [id, fallback];
      const user = parseUser(doc);
      return [id, { name: authorDisplayName(user), username: user.username }];
    }),
  );
}

/** Threaded comments and likes for one article; returns the counters they add up to. */
async function engage(writer: BatchWriter, rng: SeededRandom, article: Planned, now: Date, commenters: Map<string, Commenter>): Promise<void> {
  const doc = article.doc;
  const published = doc.publishedAt!.getTime();
  const likers = rng.sample(MEMBERS, rng.int(0, doc.isFeatured ? 30 : 14));
  for (const userId of likers) {
    await writer.set('articleLikes', articleLikeId(article.id, userId), {
      articleId: article.id,
      userId,
      createdAt: new Date(published + rng.int(1, 72) * 3_600_000),
    });
  }
  doc.stats.likes = likers.length;
  if (!doc.allowComments || rng.chance(0.35)) return;
  const topLevel = rng.int(1, 6);
  const written: { id: string; status: CommentStatus; at: number }[] = [];
  let approved = 0;
  for (let i = 0; i < topLevel + rng.int(0, 3); i++) {
    const isReply = i >= topLevel && written.some((w) => w.status === 'approved');
    const parent = isReply ? rng.pick(written.filter((w) => w.status === 'approved')) : null;
    const status: CommentStatus = rng.chance(0.8) ? 'approved' : rng.chance(0.75) ? 'pending' : 'rejected';
    const authorId = rng.pick(MEMBERS);
    const at = Math.min(now.getTime() - 60_000, (parent?.at ?? published) + rng.int(10, 600) * 60_000);
    const id = `${article.id}-c${i + 1}`;
    await writer.set('comments', id, {
      articleId: article.id,
      authorId,
      authorName: commenters.get(authorId)!.name,
      username: commenters.get(authorId)!.username,
      parentId: parent?.id ?? null,
      content: isReply ? rng.pick(REPLY_TEXTS) : rng.pick(COMMENT_TEXTS),
      status,
      isEdited: false,
      likes: status === 'approved' ? rng.int(0, 9) : 0,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
    written.push({ id, status, at });
    if (status === 'approved') approved++;
  }
  doc.stats.comments = approved;
}

export async function seedArticles(deps: AppDeps, options: { scale?: number } = {}): Promise<{ articles: number }> {
  const now = deps.now();
  const rng = seededRandom(20_261_122);
  const writer = new BatchWriter(deps);
  const slugs = new Set<string>();
  const tips = planSingleRaceTips(now);
  const PLAN = planOf(tips.length);
  const total = PLAN.reduce((n, p) => n + p.count, 0);

  // Interleave categories so every stretch of the 90 days has a mix.
  const order: Category[] = [];
  const left = PLAN.map((p) => ({ ...p }));
  while (order.length < total) {
    for (const entry of left) if (entry.count-- > 0) order.push(entry.category);
  }
  let tipIndex = 0;
  const planned = order.map((category, i) => {
    const article = planArticle(rng, i, category, now, slugs, 90, total, category === 'estimation' ? tips[tipIndex++ % tips.length] : undefined);
    article.id = `art-${String(i + 1).padStart(4, '0')}`;
    return article;
  });

  // Tips take their race's morning, not their place in the plan: illustrations follow the date order,
  // so neighbouring cards (newest first) never share one.
  [...planned]
    .sort((a, b) => b.doc.publishedAt!.getTime() - a.doc.publishedAt!.getTime())
    .forEach((a, rank) => (a.doc.media.featuredImage = { ...a.doc.media.featuredImage!, url: demoImageUrl(rank) }));

  // Featured: the ten best-read predictions with a result or waiting one, plus a few others.
  const estimations = planned.filter((a) => a.doc.category === 'estimation');
  for (const a of estimations.filter((_, i) => i % 4 === 0).slice(0, 10)) a.doc.isFeatured = true;
  for (const a of planned.filter((a) => a.doc.category === 'news').slice(0, 2)) a.doc.isFeatured = true;
  planned[0]!.doc.isPinned = true;

  const commenters = await loadCommenters(deps);
  for (const article of planned) {
    await engage(writer, rng, article, now, commenters);
    await writer.set('articles', article.id, article.doc);
  }

  // Work in progress that readers must never see.
  const hidden: { status: 'draft' | 'archived' | 'published'; deleted?: boolean }[] = [
    { status: 'draft' },
    { status: 'draft' },
    { status: 'draft' },
    { status: 'archived' },
    { status: 'archived' },
    { status: 'published', deleted: true },
  ];
  for (const [i, h] of hidden.entries()) {
    // Unpublished work is news and analysis: a tip only exists for a race it was written for.
    const article = planArticle(rng, i, rng.pick(['news', 'analysis'] as const), now, slugs, 20, hidden.length);
    const doc = { ...article.doc, status: h.status, publishedAt: h.status === 'draft' ? null : article.doc.publishedAt };
    if (h.deleted) Object.assign(doc, { isDeleted: true, deletedAt: now });
    await writer.set('articles', `art-h${i + 1}`, doc);
  }

  const scale = Math.max(0, Math.floor(options.scale ?? 0));
  if (scale > 0) {
    // Benchmark volume: sanitizing thousands of bodies is the slow part, so vary a pool of
    // prepared articles (title, slug, date, author, counters) instead of writing each anew.
    const pool = Array.from({ length: 60 }, (_, i) => planArticle(rng, i, PLAN[i % PLAN.length]!.category, now, slugs, 365, 60, tips[i % tips.length]).doc);
    for (let i = 0; i < scale; i++) {
      const base = pool[i % pool.length]!;
      const title = `${base.title} (${i + 1})`;
      const publishedAt = new Date(now.getTime() - Math.max(3_600_000, (i / scale) * 365 * DAY));
      await writer.set('articles', `art-x${String(i + 1).padStart(6, '0')}`, {
        ...base,
        title,
        slug: `${base.slug}-x${i + 1}`,
        authorId: AUTHORS[i % AUTHORS.length]!,
        searchTokens: searchTokens(title, base.subtitle ?? '', base.excerpt, ...base.tags.map((t) => t.name)),
        stats: { ...base.stats, views: rng.int(0, 5000) },
        publishedAt,
        createdAt: publishedAt,
        updatedAt: publishedAt,
      });
    }
  }
  await writer.flush();
  return { articles: planned.length + hidden.length + scale };
}
