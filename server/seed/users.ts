import { usernameSkeleton } from '../../functions/src/domain/identity/username-skeleton.js';
import { hashPassword } from '../../functions/src/domain/identity/password.js';
import { NO_VIP, type Role } from '../../functions/src/domain/identity/user.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { toE164 } from '../../functions/src/domain/identity/phone.js';

/**
 * Demo accounts: one admin, six authors, forty members. Ids and e-mail addresses are fixed so
 * other seeds and tests can refer to them; every demo password is DEMO_PASSWORD. Each account
 * gets its own salted scrypt hash (hashed in parallel: scrypt is deliberately slow).
 */
export const DEMO_PASSWORD = 'Ganyan2026!';
export const ADMIN_ID = 'u-admin';
export const ADMIN_EMAIL = 'admin@ganyan.local';
export const AUTHOR_IDS = Array.from({ length: 6 }, (_, i) => `u-author-${i + 1}`);
export const MEMBER_IDS = Array.from({ length: 40 }, (_, i) => `u-member-${String(i + 1).padStart(2, '0')}`);
export const memberEmail = (n: number) => `uye${String(n).padStart(2, '0')}@ganyan.local`;

const DAY = 86_400_000;

/** Same order as the article seed's commenter names, so a member's comments carry their name. */
export const MEMBER_NAMES = [
  'Ahmet Yılmaz', 'Mehmet Kaya', 'Ayşe Demir', 'Fatma Çelik', 'Mustafa Şahin', 'Emine Yıldız', 'Ali Öztürk', 'Hatice Aydın',
  'Hüseyin Arslan', 'Zeynep Doğan', 'İbrahim Kılıç', 'Elif Aslan', 'Hasan Çetin', 'Merve Kara', 'Osman Koç', 'Büşra Kurt',
  'Yusuf Özdemir', 'Esra Şimşek', 'Murat Polat', 'Seda Erdoğan', 'Ömer Güneş', 'Gül Aksoy', 'Ramazan Tekin', 'Derya Yavuz',
  'Kemal Acar', 'Sibel Bulut', 'Serkan Uçar', 'Tuğba Kaplan', 'Emre Aydemir', 'Özlem Sarı', 'Burak Işık', 'Nur Türk',
  'Cem Ünal', 'Pınar Keskin', 'Oğuz Çakır', 'Gizem Erdem', 'Volkan Özkan', 'Deniz Tunç', 'Barış Aktaş', 'İrem Güler',
];

const AUTHORS: {
  firstName: string;
  lastName: string;
  username: string;
  specializations: string[];
  bio: string;
  socialMedia: Partial<Record<'twitter' | 'instagram' | 'linkedin' | 'website' | 'youtube', string>>;
}[] = [
  {
    firstName: 'Kadir', lastName: 'Aydınlı', username: 'kadiraydinli', specializations: ['prediction_analysis', 'handicap_analysis'],
    bio: 'Yirmi yılı aşkın süredir Veliefendi tribünlerinde. Altılı ganyan kuponlarını pist durumu ve kulvar avantajıyla birlikte değerlendiriyor.',
    socialMedia: { twitter: 'kadiraydinli', instagram: 'kadir.aydinli.at', website: 'https://kadiraydinli.com.tr' },
  },
  {
    firstName: 'Selin', lastName: 'Karataş', username: 'selinkaratas', specializations: ['statistics', 'prediction_analysis'],
    bio: 'İstatistik mezunu; derece, tempo ve ağırlık verilerinden modeller kuruyor. Sürpriz atları sayılarla yakalamayı seviyor.',
    socialMedia: { twitter: 'selinkaratas_veri', linkedin: 'selin-karatas', youtube: 'https://youtube.com/@selinkaratas' },
  },
  {
    firstName: 'Murat', lastName: 'Ertunç', username: 'muratertunc', specializations: ['jockey_analysis', 'general_expert'],
    bio: 'Eski apranti, bugün jokey ve antrenör performanslarını izleyen bir yorumcu. Jokey değişikliklerinin koşuya etkisini yazıyor.',
    socialMedia: { twitter: 'muratertunc', instagram: 'muratertunc' },
  },
  {
    firstName: 'Gülşen', lastName: 'Başaran', username: 'gulsenbasaran', specializations: ['handicap_analysis', 'statistics'],
    bio: 'Handikap koşularının kilo dengesini yıllardır takip ediyor. İzmir ve Adana koşularında uzman.',
    socialMedia: { instagram: 'gulsenbasaran.handikap', website: 'https://handikapnotlari.com' },
  },
  {
    firstName: 'Tarık', lastName: 'Özsoy', username: 'tarikozsoy', specializations: ['general_expert', 'prediction_analysis'],
    bio: 'Safkan Arap ve İngiliz yarışlarını yetiştiricilik gözüyle yorumluyor; pedigri ve mesafe uyumu konusunda titiz.',
    socialMedia: { twitter: 'tarikozsoy', youtube: 'https://youtube.com/@tarikozsoy' },
  },
  {
    firstName: 'Ebru', lastName: 'Kalkan', username: 'ebrukalkan', specializations: ['other', 'jockey_analysis'],
    bio: 'Yarış gazeteciliğinden gelen haber editörü. Hipodrom gündemini, röportajları ve büyük koşu öncesi notları derliyor.',
    socialMedia: { twitter: 'ebrukalkan_haber', instagram: 'ebrukalkan' },
  },
];

/** Turkish lower-casing without dotted/dotless surprises in usernames (ı→i, ş→s...). */
function asciiHandle(name: string): string {
  return name
    .toLocaleLowerCase('tr-TR')
    .replace(/ı/g, 'i').replace(/ğ/g, 'g').replace(/ü/g, 'u').replace(/ş/g, 's').replace(/ö/g, 'o').replace(/ç/g, 'c')
    .replace(/[^a-z0-9]/g, '');
}

interface SeedUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  role: Role;
  displayName?: string;
  phone: string | null;
  birthDate: Date | null;
  bio?: string;
  specializations?: string[];
  socialMedia?: Partial<Record<'twitter' | 'instagram' | 'linkedin' | 'website' | 'youtube', string>>;
  createdAt: Date;
  lastLogin: Date | null;
}

function seedList(now: Date): SeedUser[] {
  const users: SeedUser[] = [
    {
      id: ADMIN_ID, email: ADMIN_EMAIL, username: 'yonetici', firstName: 'Site', lastName: 'Yöneticisi', role: 'admin',
      displayName: 'Ganyan Yönetim', phone: '05320000001', birthDate: null,
      createdAt: new Date(now.getTime() - 720 * DAY), lastLogin: new Date(now.getTime() - 2 * 3_600_000),
    },
  ];
  AUTHORS.forEach((a, i) => {
    users.push({
      id: AUTHOR_IDS[i]!, email: `yazar${i + 1}@ganyan.local`, username: a.username, firstName: a.firstName, lastName: a.lastName,
      role: 'author', displayName: `${a.firstName} ${a.lastName}`, phone: `0533${String(4100000 + i * 1111).padStart(7, '0')}`,
      birthDate: new Date(Date.UTC(1968 + i * 4, (i * 3) % 12, 5 + i * 3)), bio: a.bio, specializations: a.specializations,
      socialMedia: a.socialMedia, createdAt: new Date(now.getTime() - (600 - i * 60) * DAY), lastLogin: new Date(now.getTime() - (i + 1) * 5 * 3_600_000),
    });
  });
  MEMBER_NAMES.forEach((name, i) => {
    const [firstName, ...rest] = name.split(' ');
    const n = i + 1;
    users.push({
      id: MEMBER_IDS[i]!, email: memberEmail(n), username: `${asciiHandle(name)}${n}`, firstName: firstName!, lastName: rest.join(' '),
      role: 'user', phone: `05${['32', '33', '35', '42', '44', '52', '53', '55'][i % 8]}${String(1000000 + n * 73_411).slice(-7)}`,
      birthDate: new Date(Date.UTC(1965 + ((n * 7) % 38), (n * 5) % 12, 1 + ((n * 11) % 28))),
      createdAt: new Date(now.getTime() - (400 - n * 9) * DAY),
      lastLogin: n % 6 === 0 ? null : new Date(now.getTime() - ((n * 13) % 72) * 3_600_000),
    });
  });
  return users;
}

export async function seedUsers(deps: AppDeps): Promise<{ users: number }> {
  const now = deps.now();
  const list = seedList(now);
  const hashes = await Promise.all(list.map(() => hashPassword(DEMO_PASSWORD, deps.config.passwordCost)));
  const batch = deps.store.batch();
  list.forEach((u, i) => {
    batch.set('users', u.id, {
      email: u.email,
      username: u.username,
      usernameLower: u.username.toLocaleLowerCase('tr-TR'),
      usernameSkeleton: usernameSkeleton(u.username),
      firstName: u.firstName,
      lastName: u.lastName,
      displayName: u.displayName ?? null,
      phone: u.phone ? (toE164(u.phone) ?? u.phone) : null,
      birthDate: u.birthDate,
      role: u.role,
      status: 'active',
      isDeleted: false,
      deletedAt: null,
      deletedReason: null,
      passwordHash: hashes[i]!,
      isEmailVerified: true,
      avatarUrl: null,
      bio: u.bio ?? null,
      specializations: u.specializations ?? [],
      socialMedia: u.socialMedia ?? {},
      vip: NO_VIP,
      lastLogin: u.lastLogin,
      createdAt: u.createdAt,
      updatedAt: u.createdAt,
    });
  });
  await batch.commit();
  return { users: list.length };
}
