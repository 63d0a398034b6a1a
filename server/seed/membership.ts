import { turkishIban } from '../../functions/src/domain/membership/iban.js';
import type { UserVip } from '../../functions/src/domain/identity/user.js';
import type { AppDeps } from '../../functions/src/platform/deps.js';
import { MEMBER_IDS, MEMBER_NAMES, memberEmail } from './users.js';

/**
 * Demo membership data: the four VIP packages, the bank account (a real-format IBAN with a valid
 * checksum), the payment texts, members in every VIP state, and a few contact messages.
 * Runs after seedUsers; dates are relative to deps.now().
 */
const DAY = 86_400_000;

export const VIP_PACKAGES = [
  { id: 'pkg-15', name: '15 Günlük VIP', price: 450, durationDays: 15, sortOrder: 1, description: 'VIP’yi denemek isteyenler için: iki haftalık premium analiz ve günlük tahmin paketi.' },
  { id: 'pkg-30', name: 'Aylık VIP', price: 750, durationDays: 30, sortOrder: 2, description: 'En çok tercih edilen paket: bir ay boyunca tüm premium içerikler, jokey ve at analizleri, reklamsız kullanım.' },
  { id: 'pkg-60', name: 'İki Aylık VIP', price: 1400, durationDays: 60, sortOrder: 3, description: 'İki ay kesintisiz erişim; SMS ve e-posta bildirimleriyle büyük koşuları kaçırmayın.' },
  { id: 'pkg-90', name: 'Sezonluk VIP', price: 2000, durationDays: 90, sortOrder: 4, description: 'Üç aylık sezon paketi: en avantajlı günlük fiyat, tüm premium analizler ve öncelikli destek.' },
];

export const BANK_ACCOUNT_ID = 'bank-main';
/** İş Bankası's bank code (00064) with a demo account number; the checksum is computed, not typed. */
export const DEMO_IBAN = turkishIban('00064', '0000110210458721');

const SETTINGS = [
  {
    key: 'payment_description',
    title: 'Ödeme Açıklaması',
    content: 'Ödemeniz hesabımıza ulaşıp referans kodunuzla eşleştiğinde VIP üyeliğiniz en geç 24 saat içinde açılır. Ödemeyi yalnızca bu sayfadaki hesaba yapın.',
  },
  {
    key: 'payment_bottom_description',
    title: 'Ödeme Sayfası Alt Açıklaması',
    content: 'Ödemeyi farklı bir kişinin hesabından yapacaksanız talebi oluştururken "Ödemeyi yapan kişi" alanına o kişinin adını ve soyadını yazın. Sorularınız için İletişim sayfasından bize yazabilirsiniz.',
  },
  { key: 'contact_phone', title: 'İletişim Telefonu', content: '0850 480 26 26' },
];

/**
 * The demo company that sells VIP and owns the bank account above. The MERSİS number is built the
 * way MERSİS builds it (0 + the 10-digit tax number + a 5-digit branch part), so the two agree.
 */
export const DEMO_COMPANY = {
  legalName: 'Ganyan Medya Yayıncılık A.Ş.',
  address: 'Büyükdere Caddesi No: 185 Kat: 7, 34394 Levent, Şişli / İstanbul',
  mersisNo: '0388071234500017',
  taxOffice: 'Boğaziçi Kurumlar Vergi Dairesi',
  taxNumber: '3880712345',
  kvkkController: 'Ganyan Medya Yayıncılık A.Ş.',
  kvkkContact: 'kvkk@ganyan.com.tr',
};

const REJECTION_REASONS = [
  'Ödemeniz banka hesabımızda görünmüyor. Dekontunuzu iletişim formundan göndererek yeni talep oluşturabilirsiniz.',
  'Ödenen tutar seçilen paketin ücretiyle eşleşmiyor (450 TL yerine 400 TL yatırılmış).',
];

const CONTACTS = [
  { id: 'cm-01', name: 'Levent Aksoy', email: 'levent.aksoy@example.com', phone: '05324441122', type: 'support', status: 'new', priority: 'medium', hoursAgo: 3,
    subject: 'VIP ödememi yaptım', message: 'Dün akşam 750 TL havale yaptım, talebimi de oluşturdum. Ne zaman aktif olur?' },
  { id: 'cm-02', name: 'Canan Yücel', email: 'canan.yucel@example.com', phone: null, type: 'suggestion', status: 'new', priority: 'medium', hoursAgo: 20,
    subject: 'Yarış programına favori ekleme', message: 'Yarış programında sevdiğim atları favorilere ekleyip bildirim alabilsem çok iyi olurdu.' },
  { id: 'cm-03', name: 'Reklamcı Ajans', email: 'iletisim@ornekajans.com.tr', phone: '02124445566', type: 'business', status: 'in_progress', priority: 'high', hoursAgo: 50,
    subject: 'Reklam iş birliği', message: 'Gazi Koşusu haftası için banner ve bülten sponsorluğu hakkında görüşmek isteriz.' },
  { id: 'cm-04', name: 'Selim Tan', email: 'selim.tan@example.com', phone: null, type: 'technical', status: 'responded', priority: 'medium', hoursAgo: 120,
    subject: 'Şifre sıfırlama e-postası', message: 'Şifre sıfırlama e-postası spam klasörüne düşmüş, bilginize.',
    responseMessage: 'Bildiriminiz için teşekkürler; gönderici alan adımızın ayarlarını güncelledik.' },
  { id: 'cm-05', name: 'Nermin Işıklar', email: 'nermin.isiklar@example.com', phone: '05427778899', type: 'complaint', status: 'new', priority: 'urgent', hoursAgo: 1,
    subject: 'Premium makale açılmıyor', message: 'VIP üyeyim ama bugünkü Veliefendi analizini açamıyorum, VIP uyarı sayfasına yönlendiriliyorum.' },
  { id: 'cm-06', name: 'Hakan Demirtaş', email: 'hakan.d@example.com', phone: null, type: 'general', status: 'closed', priority: 'low', hoursAgo: 300,
    subject: 'Teşekkür', message: 'Geçen haftaki altılı tahmininiz tuttu, emeğinize sağlık.' },
];

function snapshot(n: number) {
  const [firstName, ...rest] = MEMBER_NAMES[n - 1]!.split(' ');
  return { firstName: firstName!, lastName: rest.join(' '), email: memberEmail(n) };
}

export async function seedMembership(deps: AppDeps): Promise<Record<string, number>> {
  const now = deps.now();
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const batch = deps.store.batch();

  for (const p of VIP_PACKAGES) {
    const { id, ...rest } = p;
    batch.set('vipPackages', id, { ...rest, isActive: true, createdAt: at(-300), updatedAt: at(-300) });
  }
  batch.set('bankAccounts', BANK_ACCOUNT_ID, {
    bankName: 'Türkiye İş Bankası',
    accountOwner: 'Ganyan Medya Yayıncılık A.Ş.',
    branchName: 'Levent Ticari Şube',
    branchCode: '1021',
    accountNumber: '1045872',
    ibanNumber: DEMO_IBAN,
    createdAt: at(-300),
    updatedAt: at(-300),
  });
  batch.set('companyIdentity', 'main', { ...DEMO_COMPANY, createdAt: at(-300), updatedAt: at(-300) });
  for (const s of SETTINGS) batch.set('settings', s.key, { ...s, isActive: true, createdAt: at(-300), updatedAt: at(-300) });

  let subscriptions = 0;
  let requests = 0;
  const addSubscription = (n: number, start: Date, days: number, status: 'active' | 'expired', pkgIndex: number) => {
    const userId = MEMBER_IDS[n - 1]!;
    const subId = `vs-${userId}`;
    const reqId = `vr-${userId}-1`;
    const pkg = VIP_PACKAGES[pkgIndex]!;
    const end = new Date(start.getTime() + days * DAY);
    const requestDate = new Date(start.getTime() - 6 * 3_600_000);
    batch.set('vipRequests', reqId, {
      userId, user: snapshot(n), requestDate, status: 'approved', requestedDays: days, reason: 'VIP üyelik talebi',
      otherName: MEMBER_NAMES[n - 1]!, packageId: pkg.id, packageName: pkg.name, price: pkg.price, adminNotes: 'Havale kontrol edildi.',
      rejectionReason: null, reviewedBy: 'u-admin', reviewedAt: start, subscriptionId: subId, createdAt: requestDate, updatedAt: start,
    });
    batch.set('vipSubscriptions', subId, {
      userId, user: snapshot(n), startDate: start, endDate: end, durationDays: days, status, source: 'request', requestId: reqId,
      adminNotes: 'Havale kontrol edildi.', reason: 'VIP üyelik talebi', isAutoRenew: false,
      // Ended ones already had their notices; the expiry job sends the rest as they fall due.
      remindersSent: status === 'expired' ? ['7d', '3d', 'end'].map((k) => `${k}@${end.toISOString()}`) : [],
      cancelledAt: null, cancelledBy: null, createdAt: start, updatedAt: start,
    });
    const vip: UserVip = { status, subscriptionId: subId, startDate: start, endDate: end, durationDays: days };
    batch.update('users', userId, { vip });
    subscriptions += 1;
    requests += 1;
  };

  // 01-05: active, 30+ days left.
  for (let n = 1; n <= 5; n += 1) addSubscription(n, at(-(n * 6)), n % 2 === 0 ? 60 : 90, 'active', n % 2 === 0 ? 2 : 3);
  // 06-08: active, ending within a week (1.5, 4 and 6 days).
  [1.5, 4, 6].forEach((left, i) => addSubscription(6 + i, at(left - 30), 30, 'active', 1));
  // 09-11: expired 3, 12 and 40 days ago.
  [3, 12, 40].forEach((ago, i) => addSubscription(9 + i, at(-ago - 15), 15, 'expired', 0));

  // 12-14: a pending request each.
  for (let n = 12; n <= 14; n += 1) {
    const userId = MEMBER_IDS[n - 1]!;
    const pkg = VIP_PACKAGES[(n - 12) % VIP_PACKAGES.length]!;
    const requestDate = new Date(now.getTime() - (n - 11) * 5 * 3_600_000);
    batch.set('vipRequests', `vr-${userId}-1`, {
      userId, user: snapshot(n), requestDate, status: 'pending', requestedDays: pkg.durationDays, reason: 'VIP üyelik talebi',
      otherName: n === 13 ? 'Kenan Çetin' : MEMBER_NAMES[n - 1]!, packageId: pkg.id, packageName: pkg.name, price: pkg.price,
      adminNotes: null, rejectionReason: null, reviewedBy: null, reviewedAt: null, subscriptionId: null, createdAt: requestDate, updatedAt: requestDate,
    });
    requests += 1;
  }
  // 15-16: a rejected request each, with the reason.
  for (let n = 15; n <= 16; n += 1) {
    const userId = MEMBER_IDS[n - 1]!;
    const pkg = VIP_PACKAGES[n - 15]!;
    const requestDate = at(-(n - 12));
    batch.set('vipRequests', `vr-${userId}-1`, {
      userId, user: snapshot(n), requestDate, status: 'rejected', requestedDays: pkg.durationDays, reason: 'VIP üyelik talebi',
      otherName: MEMBER_NAMES[n - 1]!, packageId: pkg.id, packageName: pkg.name, price: pkg.price,
      adminNotes: 'Banka hareketlerinde eşleşen ödeme yok.', rejectionReason: REJECTION_REASONS[n - 15]!, reviewedBy: 'u-admin',
      reviewedAt: new Date(requestDate.getTime() + 8 * 3_600_000), subscriptionId: null, createdAt: requestDate, updatedAt: requestDate,
    });
    requests += 1;
  }

  for (const m of CONTACTS) {
    const createdAt = new Date(now.getTime() - m.hoursAgo * 3_600_000);
    const responded = m.status === 'responded';
    batch.set('contactMessages', m.id, {
      name: m.name, email: m.email, phone: m.phone, subject: m.subject, message: m.message, type: m.type, priority: m.priority,
      status: m.status, userId: null, assignedTo: m.status === 'in_progress' ? 'u-admin' : null,
      responseMessage: responded ? (m as { responseMessage?: string }).responseMessage ?? null : null,
      respondedAt: responded ? new Date(createdAt.getTime() + 6 * 3_600_000) : null,
      adminNotes: null, createdAt, updatedAt: createdAt,
    });
  }

  await batch.commit();
  return { packages: VIP_PACKAGES.length, subscriptions, requests, contactMessages: CONTACTS.length };
}
