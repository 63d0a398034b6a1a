import unhomoglyph from 'unhomoglyph';

/**
 * The confusable skeleton of a username (Unicode TR39 §4: NFD, map every character to its
 * prototype from confusables.txt, NFD again), compared case-insensitively the Turkish way:
 * "İ", "I", "ı" and "i" are one letter here, since in Turkish-cased display "İbrahim" and
 * "ibrahim", or "IŞIK" and "ışık", are the same name to a reader. Two usernames with the same
 * skeleton look alike (Latin "a" and Cyrillic "а", "rn" and "m", "0" and "O"), so the second is
 * refused. The mapping table comes from `unhomoglyph` (generated from Unicode's confusables.txt).
 */
export function usernameSkeleton(username: string): string {
  const turkishFolded = username.normalize('NFC').toLocaleLowerCase('tr-TR').replace(/ı/g, 'i');
  return unhomoglyph(turkishFolded.normalize('NFD')).toLowerCase().replace(/ı/g, 'i').normalize('NFD');
}
