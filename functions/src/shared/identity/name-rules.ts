/**
 * Rules for names other people see (browser-safe: no dependencies). Bidirectional control
 * characters (LRE/RLE/PDF/LRO/RLO, the isolates, LRM/RLM/ALM) are invisible and reorder what
 * follows them, so a name could display as something else entirely ("Yönetici" written
 * backwards around a real name). They have no place in a person's name.
 */
export const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

export const NAME_MESSAGES = {
  bidi: 'Adlarda görünmeyen yön değiştirme karakterleri kullanılamaz.',
} as const;

export function hasBidiControls(text: string): boolean {
  return BIDI_CONTROLS.test(text);
}
