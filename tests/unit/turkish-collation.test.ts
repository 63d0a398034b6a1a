import { describe, expect, it } from 'vitest';
import { foldTurkish, sortTurkish, turkishCollator } from '../../functions/src/domain/text/turkish.js';

describe('Turkish collation', () => {
  it('sorts names in Turkish alphabet order (C < Ç, I < İ, O < Ö, S < Ş, U < Ü)', () => {
    const names = ['Çağrı', 'Cem', 'İpek', 'Ilgaz', 'Şule', 'Selin', 'Ömer', 'Oya', 'Ümit', 'Uğur'];
    const sorted = sortTurkish([...names], (name) => name);
    expect(sorted).toEqual(['Cem', 'Çağrı', 'Ilgaz', 'İpek', 'Oya', 'Ömer', 'Selin', 'Şule', 'Uğur', 'Ümit']);
    // Byte order would put every dotted or cedilla letter after Z.
    expect([...names].sort()).not.toEqual(sorted);
  });

  it('sorts objects by key, ignoring case, with numbers in numeric order', () => {
    const horses = [{ name: 'gülbatur' }, { name: 'Gazi' }, { name: 'Ğ-Yıldızı' }, { name: 'Koşu 10' }, { name: 'Koşu 2' }];
    expect(sortTurkish(horses, (h) => h.name).map((h) => h.name)).toEqual(['Gazi', 'gülbatur', 'Ğ-Yıldızı', 'Koşu 2', 'Koşu 10']);
  });

  it('compares with the collator the way sortTurkish does', () => {
    expect(turkishCollator.compare('Ilgaz', 'İpek')).toBeLessThan(0);
    expect(turkishCollator.compare('ırmak', 'inci')).toBeLessThan(0);
    expect(turkishCollator.compare('Şule', 'Selin')).toBeGreaterThan(0);
    expect(turkishCollator.compare('Cem', 'cem')).toBe(0);
  });
});

describe('foldTurkish', () => {
  it('folds İ, I and ı to i the Turkish way', () => {
    expect(foldTurkish('İSTANBUL')).toBe('istanbul');
    expect(foldTurkish('Istanbul')).toBe('istanbul');
    expect(foldTurkish('ILGAZ')).toBe('ilgaz');
    expect(foldTurkish('ılgaz')).toBe('ilgaz');
    expect(foldTurkish('İpek')).toBe('ipek');
  });

  it('folds ş, ç, ğ, ö, ü and their capitals', () => {
    expect(foldTurkish('Şule Çağrı Ömer Ümit Uğur')).toBe('sule cagri omer umit ugur');
    expect(foldTurkish('ŞÇĞÖÜ şçğöü')).toBe('scgou scgou');
    expect(foldTurkish('Gülbatur Koşusu')).toBe('gulbatur kosusu');
  });

  it('gives one form for every spelling of a word, so searches match', () => {
    const forms = ['KARŞIYAKA', 'Karşıyaka', 'karsiyaka', 'KARSIYAKA'];
    expect(new Set(forms.map(foldTurkish))).toEqual(new Set(['karsiyaka']));
  });
});
