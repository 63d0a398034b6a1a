/**
 * The VIP request's defaults and the Turkish texts of the VIP endpoints and forms, without zod: the
 * packages page files a request from a plain script, and a zod schema is a top-level call no bundler
 * drops, so taking these from vip.ts would ship zod to a page that validates nothing with it.
 * vip.ts re-exports them.
 */
export const DEFAULT_VIP_DAYS = 30;
export const DEFAULT_VIP_REASON = 'VIP üyelik talebi';

export const VIP_MESSAGES = {
  requested: 'VIP üyelik talebiniz başarıyla oluşturuldu. Talebiniz 24 saat içinde değerlendirilecektir.',
  pendingExists: 'Zaten değerlendirme bekleyen bir VIP talebiniz var. Sonuçlanmadan yeni talep oluşturamazsınız.',
  packageRequired: 'Lütfen bir paket seçiniz.',
  packageUnavailable: 'Seçtiğiniz paket artık mevcut değil. Lütfen başka bir paket seçiniz.',
  daysInvalid: 'Lütfen geçerli bir gün sayısı giriniz',
  staffCannotVip: 'Yönetici ve yazar hesaplarına VIP verilemez.',
  requestNotFound: 'VIP talebi bulunamadı.',
  requestNotPending: 'Bu talep zaten değerlendirilmiş; yalnızca bekleyen talepler onaylanabilir veya reddedilebilir.',
  rejectionReasonRequired: 'Lütfen bir red sebebi giriniz',
  reasonRequired: 'Lütfen bir sebep giriniz',
  userNotFound: 'Kullanıcı bulunamadı.',
  noActiveVip: 'Kullanıcının aktif bir VIP üyeliği bulunmuyor.',
  approved: 'VIP talebi onaylandı.',
  rejected: 'VIP talebi reddedildi.',
  cancelled: 'VIP aboneliği iptal edildi',
  granted: (days: number) => `VIP aboneliği ${days} gün uzatıldı`,
  idempotencyKeyInvalid: 'Idempotency-Key başlığı 8-100 karakter olmalıdır.',
  requestCancelled: 'VIP talebiniz iptal edildi.',
  noOpenRequest: 'İptal edilebilecek açık bir VIP talebiniz bulunmuyor.',
  receiptAdded: 'Dekontunuz talebinize eklendi.',
  receiptNotOpen: 'Dekont yalnızca açık (değerlendirme bekleyen) bir talebe eklenebilir.',
  noReceipt: 'Bu talebe dekont eklenmemiş.',
  statementLineUsed: 'Bu ekstre satırı daha önce bir talebi ödemek için kullanıldı.',
  requestExpired: 'Bu talebin ödeme süresi (7 gün) dolmuş; onaylanamaz. Üyenin yeni bir talep oluşturması gerekir.',
  tooManyRequests: 'Son 24 saatte çok sayıda VIP talebi açıp iptal ettiniz. Lütfen daha sonra tekrar deneyin.',
  statementAmountDiffers: 'Ekstre satırının tutarı talebin beklenen tutarıyla aynı değil.',
} as const;
