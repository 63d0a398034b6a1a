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
const HORSES = [
  'Karayel', 'Şahbatur', 'Yıldırım Bey', 'Gökçe Han', 'Demirkırat', 'Rüzgarın Oğlu', 'Bozkurt', 'Asilhan', 'Çılgın Tay', 'Kara Şimşek',
  'Efsane Kız', 'Deli Poyraz', 'Altın Nal', 'Mavi Gece', 'Sultan Hatun', 'Tuğra', 'Akıncı', 'Ateş Topu', 'Sis Dağı', 'Gülbahar',
  'Beyaz İnci', 'Kuzey Yıldızı', 'Fırtına', 'Cesur Yürek', 'Aslan Pençe', 'Şimşek Hızı', 'Gecenin Kralı', 'Nazlı Ceylan', 'Işıklı Yol', 'Çağlayan',
];
const JOCKEYS = ['Mert Yalçın', 'Emre Aydın', 'Burak Şen', 'Kerem Öztürk', 'Hakan Demirel', 'Selim Kaya', 'Onur Çınar', 'Tolga Ergin'];
const TRAINERS = ['Ferit Karaca', 'Necati Bozkurt', 'Levent Sözer', 'Orhan Tepe', 'Cengiz Aral'];
const RACE_TYPES = ['Handikap', 'Maiden', 'Şartlı', 'KV-8', 'G3', 'Satış'];
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

function estimation(rng: SeededRandom, date: Date): Draft {
  const venue = rng.pick(ARTICLE_VENUES);
  const race = rng.int(1, 9);
  const [banko, plase, surpriz, alt] = rng.sample(HORSES, 4) as [string, string, string, string];
  const jockey = rng.pick(JOCKEYS);
  const distance = rng.pick([1200, 1400, 1600, 1800, 2000, 2200, 2400]);
  const surface = rng.pick(['kum', 'çim', 'sentetik']);
  const type = rng.pick(RACE_TYPES);
  return {
    category: 'estimation',
    title: `${venue} ${dateLabel(date)} ${race}. Koşu Tahmini: ${banko} Favori`,
    subtitle: `${distance} metre ${surface} pistte ${type} koşusu için banko, plase ve sürpriz seçimlerimiz`,
    excerpt: `${inPlace(venue)} koşulacak ${race}. koşuda ${banko} formuyla öne çıkıyor; ${plase} plase, ${surpriz} ise sürpriz adayımız.`,
    content: [
      p(`${inPlace(`${venue} Hipodromu`)} ${dateLabel(date)} günü koşulacak ${race}. koşu, ${distance} metre ${surface} pistte ${type} şartlarında yapılacak. Sahada ${rng.int(7, 14)} at yer alıyor ve pist durumunun ${rng.pick(['normal', 'yumuşak', 'ağır', 'sert'])} olması bekleniyor.`),
      '<h2>Banko: ' + banko + '</h2>',
      p(`${banko}, son altı koşusunun ${rng.int(3, 5)} tanesinde ilk üçe girdi. ${jockey} ile uyumu dikkat çekici; özellikle son 400 metrede gösterdiği atak rakiplerinden ayrılmasını sağlıyor. ${rng.pick(TRAINERS)} ekürisinin hazırlığı da kusursuz görünüyor.`),
      '<h3>Plase ve sürpriz</h3>',
      `<ul><li><strong>Plase:</strong> ${plase} – ${distance} metrede istikrarlı, start avantajı var.</li><li><strong>Sürpriz:</strong> ${surpriz} – ganyanı yüksek, son çalışması çok iyi.</li><li><strong>Alternatif:</strong> ${alt} – dış kulvardan zorlanabilir.</li></ul>`,
      p(`Koşunun temposunu ön grupta koşan atlar belirleyecek. Hızlı bir başlangıç olursa ${surpriz} gibi geriden gelen atların şansı artar. Kuponlarınızda ${banko} tek geçilebilir; ${plase} ve ${surpriz} ise ikinci ayakta değerlendirilmeli.`),
      p('Unutmayın: at yarışı tahminleri olasılık değerlendirmesidir, kesin sonuç garantisi vermez. Sorumlu oynayın.'),
    ].join('\n'),
    tags: [TAGS[0]!, rng.pick([TAGS[1]!, TAGS[2]!]), rng.pick(TAGS.slice(3))],
  };
}

function news(rng: SeededRandom, date: Date): Draft {
  const venue = rng.pick(ARTICLE_VENUES);
  const horse = rng.pick(HORSES);
  const topic = rng.pick([
    { t: `${inPlace(venue)} yeni sezon programı açıklandı`, e: `Türkiye Jokey Kulübü, ${withSuffix(`${venue} Hipodromu`, 'genitive')} yeni sezon koşu programını ve ikramiye dağılımını duyurdu.` },
    { t: `${horse} ${rng.pick(['Gazi Koşusu', 'Cumhurbaşkanlığı Koşusu', 'Erkek Tay Deneme'])} hazırlıklarına başladı`, e: `Geçen sezonun parlayan ismi ${horse}, büyük koşu öncesi ilk çalışmasını ${inPlace(venue)} yaptı.` },
    { t: `${rng.pick(JOCKEYS)} sezonun en çok kazanan jokeyi oldu`, e: `Başarılı jokey, sezonu ${rng.int(60, 140)} birincilikle tamamlayarak zirveye yerleşti.` },
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

function analysis(rng: SeededRandom, category: Category): Draft {
  const horse = rng.pick(HORSES);
  const venue = rng.pick(ARTICLE_VENUES);
  const byCategory: Record<string, { t: string; e: string; body: string[] }> = {
    analysis: {
      t: `${rng.pick(['Kum', 'Çim'])} pistte tempo analizi: ${horse} örneği`,
      e: `Son sekiz koşunun bölüm dereceleri, ${withSuffix(horse, 'genitive')} hangi tempoda rakiplerine üstünlük kurduğunu açıkça gösteriyor.`,
      body: [
        `Bölüm derecelerini incelediğimizde ilk 400 metrenin ${rng.int(23, 26)} saniyenin altına indiği koşularda önde koşan atların son düzlükte belirgin biçimde yavaşladığı görülüyor.`,
        `<h2>Veriler ne söylüyor?</h2>`,
        `${horse}, bu tür koşularda ortalama ${rng.int(2, 5)} boy geriden gelip finişte farkı kapatıyor. ${venue} pistinin uzun son düzlüğü bu stile uygun.`,
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
      t: `${rng.pick(JOCKEYS)}: "${horse} ile hedefimiz büyük koşular"`,
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

/** How many articles of each category the demo has (124 published in total). */
const PLAN: { category: Category; count: number }[] = [
  { category: 'estimation', count: 46 },
  { category: 'news', count: 34 },
  { category: 'analysis', count: 16 },
  { category: 'tips', count: 10 },
  { category: 'interviews', count: 7 },
  { category: 'events', count: 6 },
  { category: 'general', count: 5 },
];

function draftFor(rng: SeededRandom, category: Category, date: Date): Draft {
  if (category === 'estimation') return estimation(rng, date);
  if (category === 'news') return news(rng, date);
  return analysis(rng, category);
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

function planArticle(rng: SeededRandom, index: number, category: Category, now: Date, slugs: Set<string>, spreadDays: number, total: number): Planned {
  // Evenly spread over the last `spreadDays`, newest first, with a little jitter; never in the future.
  const ageMs = Math.max(60 * 60_000, ((index + rng.next() * 0.8) / total) * spreadDays * DAY);
  const publishedAt = new Date(now.getTime() - ageMs);
  // Titles never repeat: a fan notices two identical headlines at once.
  let draft = draftFor(rng, category, publishedAt);
  for (let tries = 0; tries < 20 && slugs.has(slugify(draft.title)); tries++) draft = draftFor(rng, category, publishedAt);
  // A fixed headline used up: the issue's date tells the two apart, as a paper's series would.
  if (slugs.has(slugify(draft.title))) draft = { ...draft, title: `${draft.title} (${dateLabel(publishedAt)})` };
  let slug = slugify(draft.title);
  for (let n = 2; slugs.has(slug); n++) slug = `${slugify(draft.title)}-${n}`;
  slugs.add(slug);
  const estimationArticle = category === 'estimation';
  const roll = rng.next();
  const visibility = roll < 0.16 ? 'premium' : roll < 0.22 ? 'private' : roll < 0.3 ? 'members-only' : 'public';
  const audience = visibility === 'premium' || visibility === 'private' ? 'vip' : rng.chance(0.05) ? 'premium' : 'everyone';
  // These single-race tips have no locked estimate, so a result is only the author's declaration
  // ("yazar beyanı"): a minority declare one, shown and counted apart from verified results.
  const declaredRoll = rng.next();
  const raceResult = estimationArticle ? (ageMs < 3 * DAY ? 'pending' : declaredRoll < 0.18 ? 'won' : declaredRoll < 0.3 ? 'lost' : null) : null;
  const doc = buildArticleDocument(
    {
      ...draft,
      slug,
      authorId: authorFor(category, index),
      status: 'published',
      visibility,
      audience,
      raceResult,
      raceResultSource: raceResult && raceResult !== 'pending' ? 'manual' : null,
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
  const total = PLAN.reduce((n, p) => n + p.count, 0);

  // Interleave categories so every stretch of the 90 days has a mix.
  const order: Category[] = [];
  const left = PLAN.map((p) => ({ ...p }));
  while (order.length < total) {
    for (const entry of left) if (entry.count-- > 0) order.push(entry.category);
  }
  const planned = order.map((category, i) => {
    const article = planArticle(rng, i, category, now, slugs, 90, total);
    article.id = `art-${String(i + 1).padStart(4, '0')}`;
    return article;
  });

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
    const article = planArticle(rng, i, rng.pick(['estimation', 'news', 'analysis'] as const), now, slugs, 20, hidden.length);
    const doc = { ...article.doc, status: h.status, publishedAt: h.status === 'draft' ? null : article.doc.publishedAt };
    if (h.deleted) Object.assign(doc, { isDeleted: true, deletedAt: now });
    await writer.set('articles', `art-h${i + 1}`, doc);
  }

  const scale = Math.max(0, Math.floor(options.scale ?? 0));
  if (scale > 0) {
    // Benchmark volume: sanitizing thousands of bodies is the slow part, so vary a pool of
    // prepared articles (title, slug, date, author, counters) instead of writing each anew.
    const pool = Array.from({ length: 60 }, (_, i) => planArticle(rng, i, PLAN[i % PLAN.length]!.category, now, slugs, 365, 60).doc);
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
