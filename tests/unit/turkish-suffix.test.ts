import { describe, expect, it } from 'vitest';
import { inPlace, VENUE_FORMS, withSuffix } from '../../functions/src/domain/text/suffix.js';
import { DEMO_VENUES } from '../../server/seed/races.js';
import { ARTICLE_VENUES } from '../../server/seed/articles.js';

describe('Turkish case suffixes', () => {
  it('has a table entry for every venue and hippodrome of the demo', () => {
    const names = [...DEMO_VENUES.flatMap((v) => [v.city, v.hippodrome]), ...ARTICLE_VENUES];
    for (const name of names) expect(VENUE_FORMS[name.toLocaleLowerCase('tr-TR')], name).toBeDefined();
  });

  it.each([
    ['Ankara', "Ankara'da"],
    ['İzmir', "İzmir'de"],
    ['Elazığ', "Elazığ'da"],
    ['Şanlıurfa', "Şanlıurfa'da"],
    ['Kocaeli', "Kocaeli'nde"],
    ['Diyarbakır', "Diyarbakır'da"],
    ['Ankara 75. Yıl', "Ankara 75. Yıl'da"],
    ['Ankara 75. Yıl Hipodromu', "Ankara 75. Yıl Hipodromu'nda"],
    ['İstanbul Veliefendi Hipodromu', "İstanbul Veliefendi Hipodromu'nda"],
    ['İstanbul Veliefendi', "İstanbul Veliefendi'de"],
    ['Kocaeli Kartepe', "Kocaeli Kartepe'de"],
  ])('venue %s -> %s', (name, expected) => {
    expect(inPlace(name)).toBe(expected);
  });

  it.each([
    // Voiceless endings harden d to t.
    ['Sivas', 'locative', "Sivas'ta"],
    ['Tokat', 'locative', "Tokat'ta"],
    ['Bozok', 'ablative', "Bozok'tan"],
    ['Kartepe', 'locative', "Kartepe'de"],
    // Abbreviations are read letter by letter; numbers as spoken.
    ['TJK', 'locative', "TJK'da"],
    ['TJK', 'dative', "TJK'ya"],
    ['TJK', 'genitive', "TJK'nın"],
    ['Salon 3', 'locative', "Salon 3'te"],
    ['Pist 6', 'locative', "Pist 6'da"],
    ['Koşu 10', 'locative', "Koşu 10'da"],
    // Clock times as read aloud: the minutes, or the hour on the hour.
    ['13:30', 'locative', "13:30'da"],
    ['13:29', 'locative', "13:29'da"],
    ['14:00', 'locative', "14:00'te"],
    ['15:45', 'locative', "15:45'te"],
    ['16:00', 'locative', "16:00'da"],
    // Loanwords with front harmony.
    ['Kemal', 'locative', "Kemal'de"],
    // Possessive compounds take the pronominal n.
    ['Gazi Koşusu', 'genitive', "Gazi Koşusu'nun"],
    ['Gazi Koşusu', 'locative', "Gazi Koşusu'nda"],
    ['Karacabey Harası', 'ablative', "Karacabey Harası'ndan"],
    // Horse, jockey and member names; horse names in capitals are read as words.
    ['Demir Kartal', 'genitive', "Demir Kartal'ın"],
    ['DEMİR KARTAL', 'genitive', "DEMİR KARTAL'ın"],
    ['ŞAHİN EFE', 'locative', "ŞAHİN EFE'de"],
    ['Gülbahar', 'dative', "Gülbahar'a"],
    ['Efe', 'dative', "Efe'ye"],
    ['Burak Şen', 'genitive', "Burak Şen'in"],
    ['Mert Yalçın', 'dative', "Mert Yalçın'a"],
    ['Tuğra', 'genitive', "Tuğra'nın"],
    ['Bozkurt', 'locative', "Bozkurt'ta"],
    ['Ayşe Demir', 'ablative', "Ayşe Demir'den"],
    ['Oğuz Çakır', 'genitive', "Oğuz Çakır'ın"],
    ['Ümit', 'genitive', "Ümit'in"],
    ['Doğu', 'genitive', "Doğu'nun"],
  ] as const)('%s (%s) -> %s', (name, kind, expected) => {
    expect(withSuffix(name, kind)).toBe(expected);
  });
});
