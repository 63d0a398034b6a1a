/**
 * The Turkish texts of the account endpoints and forms, in a module of their own without zod: the
 * sign-in page shows them from a plain script, and a zod schema is a top-level call no bundler drops,
 * so importing them from auth-schemas.ts would ship zod to a page that validates nothing itself.
 */
export const AUTH_MESSAGES = {
  fillRequired: 'Lütfen tüm gerekli alanları doldurun',
  invalidEmail: 'Geçerli bir e-posta adresi girin',
  invalidPhone: 'Geçerli bir telefon numarası girin',
  invalidBirthDate: 'Lütfen geçerli bir doğum tarihi seçin',
  underage: 'Üye olabilmek için 18 yaşını doldurmuş olmanız gerekir.',
  invalidUsername: 'Kullanıcı adı 3-30 karakter olmalı; yalnızca harf, rakam, nokta, tire ve alt çizgi içerebilir',
  passwordTooShort: 'Şifre en az 6 karakter olmalıdır',
  passwordMismatch: 'Şifreler eşleşmiyor',
  termsRequired: 'Kullanıcı sözleşmesini kabul etmelisiniz',
  loginEmailRequired: 'Lütfen e-posta adresinizi girin',
  loginPasswordRequired: 'Lütfen şifrenizi girin',
  badCredentials: 'Kullanıcı adı veya şifre hatalı. Lütfen tekrar deneyiniz.',
  staffBadCredentials: 'Geçersiz email veya şifre',
  registerUnavailable: 'Bu e-posta adresi veya kullanıcı adı ile üyelik oluşturulamıyor. Lütfen farklı bilgilerle tekrar deneyin ya da giriş yapın.',
  registered: 'Üyeliğiniz başarıyla oluşturuldu! Giriş yapabilirsiniz.',
  loggedIn: 'Başarıyla giriş yaptınız!',
  loggedOut: 'Başarıyla çıkış yaptınız',
  resetEmailInvalid: 'Lütfen geçerli bir e-posta adresi girin',
  resetSent: 'Bu e-posta adresi kayıtlıysa şifre sıfırlama bağlantısı gönderildi. Bağlantı 24 saat geçerlidir; e-posta 5-10 dakika içinde ulaşır.',
  resetInvalid: 'Şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  resetDone: 'Şifreniz güncellendi. Yeni şifrenizle giriş yapabilirsiniz.',
  newPasswordMismatch: 'Yeni şifreler eşleşmiyor!',
  currentPasswordWrong: 'Mevcut şifreniz hatalı.',
  currentPasswordRequired: 'Lütfen mevcut şifrenizi girin',
  passwordChanged: 'Şifreniz başarıyla değiştirildi.',
  profileRequired: 'Lütfen ad, soyad ve e-posta alanlarını doldurun!',
  profileEmailTaken: 'Bu e-posta adresi kullanılamıyor.',
  profileSaved: 'Profil bilgileriniz kaydedildi.',
  invalidAvatar: 'Profil fotoğrafı yükleme işlemiyle alınmış bir adres olmalıdır.',
  tooManyResets: 'Çok fazla şifre sıfırlama isteği gönderdiniz. Lütfen daha sonra tekrar deneyin.',
  tooManyRegistrations: 'Çok fazla kayıt denemesi yapıldı. Lütfen daha sonra tekrar deneyin.',
} as const;

/** The e-mail change of an account (domain/identity/email-change.ts). */
export const EMAIL_CHANGE_MESSAGES = {
  pending: 'Yeni e-posta adresinize bir onay bağlantısı gönderdik. Bağlantıyı açtığınızda adresiniz değişecek.',
  confirmed: 'E-posta adresiniz değiştirildi.',
  invalid: 'E-posta onay bağlantısı geçersiz veya süresi dolmuş.',
  cancelled: 'E-posta değişikliği iptal edildi ve tüm oturumlar kapatıldı. Güvenliğiniz için şifrenizi de değiştirin.',
  cancelInvalid: 'İptal bağlantısı geçersiz veya süresi dolmuş.',
  passwordRequired: 'E-posta adresinizi değiştirmek için mevcut şifrenizi girin.',
} as const;
