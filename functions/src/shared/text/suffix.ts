/**
 * Turkish case suffixes after a proper name, with the apostrophe: "Ankara'da", "İzmir'den",
 * "Kocaeli'nde", "Ankara 75. Yıl Hipodromu'nda", "TJK'ya". Browser-safe, no imports.
 *
 * Venue names come from a table (VENUE_FORMS): they are few, well known and the place where a
 * wrong guess shows most. Everything else (horse, jockey, author names) follows the rules:
 * harmony from the last vowel as pronounced, d -> t after a voiceless consonant, a buffer
 * consonant after a vowel (y for the dative, n for the genitive), and the pronominal n after a
 * third-person possessive compound ("Hipodromu", "Kocaeli").
 */

export type TurkishCase = 'locative' | 'ablative' | 'dative' | 'genitive';

const BACK = new Set(['a', 'ı', 'o', 'u']);
const VOWELS = new Set(['a', 'e', 'ı', 'i', 'o', 'ö', 'u', 'ü']);
/** "Fıstıkçı Şahap" consonants: d hardens to t after them. */
const VOICELESS = new Set(['f', 's', 't', 'k', 'ç', 'ş', 'h', 'p']);

/** Pronunciation of digits and round numbers, for names ending in a number ("Kanuni 2", "Salon 10"). */
const UNITS = ['sıfır', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
const TENS = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli', 'altmış', 'yetmiş', 'seksen', 'doksan'];

/** Letter names, for abbreviations read letter by letter ("TJK" = te-je-ka). */
const LETTERS: Record<string, string> = {
  a: 'a', b: 'be', c: 'ce', ç: 'çe', d: 'de', e: 'e', f: 'fe', g: 'ge', ğ: 'ge', h: 'he', ı: 'ı', i: 'i', j: 'je', k: 'ka', l: 'le',
  m: 'me', n: 'ne', o: 'o', ö: 'ö', p: 'pe', r: 're', s: 'se', ş: 'şe', t: 'te', u: 'u', ü: 'ü', v: 've', y: 'ye', z: 'ze',
};

/** Loanwords whose suffixes take front vowels although their last vowel is back ("Kemal'de", "Saat'te"). */
const FRONT_EXCEPTIONS = new Set(['kemal', 'saat', 'hal', 'rol', 'gol', 'alkol', 'petrol', 'kabul', 'hayal', 'meal', 'ideal', 'lal', 'etraf', 'istikbal', 'ihtimal']);

/**
 * Last words that are third-person possessive compounds, so the suffix takes a pronominal n:
 * "Veliefendi Hipodromu'nda", "Gazi Koşusu'nun", "Kocaeli'nde".
 */
const POSSESSIVE_WORDS = new Set(['hipodromu', 'koşusu', 'kulübü', 'kupası', 'ödülü', 'yolu', 'kocaeli', 'çiftliği', 'harası', 'pisti', 'festivali', 'günü']);

/**
 * Venues of the demo and of the TJK calendar, with the form each takes; the rules would get most
 * of them right, but a venue is never left to a guess. Keys are folded only by case.
 */
export const VENUE_FORMS: Record<string, Record<TurkishCase, string>> = Object.fromEntries(
  (
    [
      ['İstanbul', "İstanbul'da", "İstanbul'dan", "İstanbul'a", "İstanbul'un"],
      ['Ankara', "Ankara'da", "Ankara'dan", "Ankara'ya", "Ankara'nın"],
      ['İzmir', "İzmir'de", "İzmir'den", "İzmir'e", "İzmir'in"],
      ['Bursa', "Bursa'da", "Bursa'dan", "Bursa'ya", "Bursa'nın"],
      ['Adana', "Adana'da", "Adana'dan", "Adana'ya", "Adana'nın"],
      ['Kocaeli', "Kocaeli'nde", "Kocaeli'nden", "Kocaeli'ne", "Kocaeli'nin"],
      ['Elazığ', "Elazığ'da", "Elazığ'dan", "Elazığ'a", "Elazığ'ın"],
      ['Şanlıurfa', "Şanlıurfa'da", "Şanlıurfa'dan", "Şanlıurfa'ya", "Şanlıurfa'nın"],
      ['Diyarbakır', "Diyarbakır'da", "Diyarbakır'dan", "Diyarbakır'a", "Diyarbakır'ın"],
      ['Antalya', "Antalya'da", "Antalya'dan", "Antalya'ya", "Antalya'nın"],
      ['İstanbul Veliefendi', "İstanbul Veliefendi'de", "İstanbul Veliefendi'den", "İstanbul Veliefendi'ye", "İstanbul Veliefendi'nin"],
      ['Veliefendi', "Veliefendi'de", "Veliefendi'den", "Veliefendi'ye", "Veliefendi'nin"],
      ['Ankara 75. Yıl', "Ankara 75. Yıl'da", "Ankara 75. Yıl'dan", "Ankara 75. Yıl'a", "Ankara 75. Yıl'ın"],
      ['İzmir Şirinyer', "İzmir Şirinyer'de", "İzmir Şirinyer'den", "İzmir Şirinyer'e", "İzmir Şirinyer'in"],
      ['Şirinyer', "Şirinyer'de", "Şirinyer'den", "Şirinyer'e", "Şirinyer'in"],
      ['Adana Yeşiloba', "Adana Yeşiloba'da", "Adana Yeşiloba'dan", "Adana Yeşiloba'ya", "Adana Yeşiloba'nın"],
      ['Bursa Osmangazi', "Bursa Osmangazi'de", "Bursa Osmangazi'den", "Bursa Osmangazi'ye", "Bursa Osmangazi'nin"],
      ['Kocaeli Kartepe', "Kocaeli Kartepe'de", "Kocaeli Kartepe'den", "Kocaeli Kartepe'ye", "Kocaeli Kartepe'nin"],
      ['İstanbul Veliefendi Hipodromu', "İstanbul Veliefendi Hipodromu'nda", "İstanbul Veliefendi Hipodromu'ndan", "İstanbul Veliefendi Hipodromu'na", "İstanbul Veliefendi Hipodromu'nun"],
      ['Ankara 75. Yıl Hipodromu', "Ankara 75. Yıl Hipodromu'nda", "Ankara 75. Yıl Hipodromu'ndan", "Ankara 75. Yıl Hipodromu'na", "Ankara 75. Yıl Hipodromu'nun"],
      ['İzmir Şirinyer Hipodromu', "İzmir Şirinyer Hipodromu'nda", "İzmir Şirinyer Hipodromu'ndan", "İzmir Şirinyer Hipodromu'na", "İzmir Şirinyer Hipodromu'nun"],
      ['Bursa Osmangazi Hipodromu', "Bursa Osmangazi Hipodromu'nda", "Bursa Osmangazi Hipodromu'ndan", "Bursa Osmangazi Hipodromu'na", "Bursa Osmangazi Hipodromu'nun"],
      ['Adana Yeşiloba Hipodromu', "Adana Yeşiloba Hipodromu'nda", "Adana Yeşiloba Hipodromu'ndan", "Adana Yeşiloba Hipodromu'na", "Adana Yeşiloba Hipodromu'nun"],
      ['Kocaeli Kartepe Hipodromu', "Kocaeli Kartepe Hipodromu'nda", "Kocaeli Kartepe Hipodromu'ndan", "Kocaeli Kartepe Hipodromu'na", "Kocaeli Kartepe Hipodromu'nun"],
      ['Elazığ Hipodromu', "Elazığ Hipodromu'nda", "Elazığ Hipodromu'ndan", "Elazığ Hipodromu'na", "Elazığ Hipodromu'nun"],
      ['Şanlıurfa Hipodromu', "Şanlıurfa Hipodromu'nda", "Şanlıurfa Hipodromu'ndan", "Şanlıurfa Hipodromu'na", "Şanlıurfa Hipodromu'nun"],
      ['Diyarbakır Hipodromu', "Diyarbakır Hipodromu'nda", "Diyarbakır Hipodromu'ndan", "Diyarbakır Hipodromu'na", "Diyarbakır Hipodromu'nun"],
    ] as const
  ).map(([name, locative, ablative, dative, genitive]) => [name.toLocaleLowerCase('tr-TR'), { locative, ablative, dative, genitive }]),
);

/** The word as it is read aloud, for the harmony of what follows it. */
function spoken(word: string): string {
  // A clock time is read "on dört" (14:00) or "on üç otuz" (13:30): the minutes, or the hour on the hour.
  const clock = /(\d{1,2}):(\d{2})$/.exec(word);
  if (clock) return spoken(clock[2] === '00' ? clock[1]! : clock[2]!);
  const digits = /(\d+)\.?$/.exec(word);
  if (digits) {
    const n = Number(digits[1]);
    if (n === 0) return 'sıfır';
    if (n % 1000 === 0) return 'bin';
    if (n % 100 === 0) return 'yüz';
    if (n % 10 === 0) return TENS[(n % 100) / 10]!;
    return UNITS[n % 10]!;
  }
  const letters = word.replace(/[^\p{L}]/gu, '');
  // An abbreviation without vowels ("TJK", "THY") is read letter by letter; "DEMİR KARTAL" is read as words.
  if (letters.length >= 2 && /^[BCÇDFGĞHJKLMNPRSŞTVYZ]+$/u.test(letters)) {
    return LETTERS[letters.slice(-1).toLocaleLowerCase('tr-TR')] ?? letters.toLocaleLowerCase('tr-TR');
  }
  return letters.toLocaleLowerCase('tr-TR');
}

function lastWord(name: string): string {
  const words = name.trim().split(/\s+/);
  return words[words.length - 1] ?? '';
}

function ruleSuffix(name: string, kind: TurkishCase): string {
  const word = spoken(lastWord(name));
  const vowels = [...word].filter((ch) => VOWELS.has(ch));
  const last = vowels[vowels.length - 1] ?? 'e';
  const back = FRONT_EXCEPTIONS.has(word) ? false : BACK.has(last);
  const rounded = ['o', 'ö', 'u', 'ü'].includes(last) && !FRONT_EXCEPTIONS.has(word);
  const endsInVowel = VOWELS.has(word.slice(-1));
  const hard = VOICELESS.has(word.slice(-1));
  const possessive = POSSESSIVE_WORDS.has(lastWord(name).toLocaleLowerCase('tr-TR'));
  const a = back ? 'a' : 'e';
  const i = back ? (rounded ? 'u' : 'ı') : rounded ? 'ü' : 'i';
  switch (kind) {
    case 'locative':
      return possessive ? `n${'d'}${a}` : `${hard ? 't' : 'd'}${a}`;
    case 'ablative':
      return possessive ? `nd${a}n` : `${hard ? 't' : 'd'}${a}n`;
    case 'dative':
      return possessive ? `n${a}` : endsInVowel ? `y${a}` : a;
    case 'genitive':
      return endsInVowel ? `n${i}n` : `${i}n`;
  }
}

/** `name` with the case suffix after an apostrophe: withSuffix('Elazığ', 'locative') = "Elazığ'da". */
export function withSuffix(name: string, kind: TurkishCase): string {
  const trimmed = name.trim();
  const venue = VENUE_FORMS[trimmed.toLocaleLowerCase('tr-TR')];
  if (venue) return venue[kind];
  return `${trimmed}'${ruleSuffix(trimmed, kind)}`;
}

/** "Ankara'da", "Kocaeli'nde", "Ankara 75. Yıl Hipodromu'nda". */
export const inPlace = (name: string): string => withSuffix(name, 'locative');
