/**
 * The one way to pay for VIP (issue 50), said in these words on every screen and in every mail:
 * choose a package, file the request, which gives the GNY reference code, then transfer with that
 * code in the description. The code only exists once the request does, so nothing may tell a member
 * to pay first, or to write a name or an e-mail address instead. Browser-safe (no imports).
 */
export const PAYMENT_STEPS = [
  'Paketinizi seçin ve VIP talebinizi oluşturun.',
  'Talebiniz size GNY ile başlayan bir referans kodu verir (örneğin GNY-4K7P).',
  'Havale/EFT yaparken açıklama alanına yalnızca bu referans kodunu yazın; ödemeniz bu kodla eşleştirilir.',
] as const;

/** The steps as one paragraph, for places with room for a sentence (hints, mails). */
export const PAYMENT_INSTRUCTION = PAYMENT_STEPS.join(' ');

/** Once the request exists: the same last step, with the member's own code. */
export function paymentInstructionFor(referenceCode: string): string {
  return `Havale/EFT yaparken açıklama alanına yalnızca referans kodunuzu yazın: ${referenceCode}. Ödemeniz bu kodla eşleştirilir.`;
}
