/**
 * Author specialisations: stored as codes, shown as Turkish labels. The staff author form offers
 * the six areas of spec 002 §5, the author's own profile screen its six of §2; both lists share
 * this one table (jockey analysis is in both), so whichever screen ticked an area, every page
 * prints the same label. Browser-safe.
 */
export const SPECIALIZATION_LABELS = {
  prediction_analysis: 'Tahmin ve Analiz',
  handicap_analysis: 'Handikap Analizi',
  statistics: 'İstatistik ve Veri Analizi',
  jockey_analysis: 'Jokey Analizi',
  general_expert: 'Genel Yarış Uzmanı',
  other: 'Diğer',
  race_analysis: 'Yarış Analizi',
  betting_tips: 'Bahis İpuçları',
  horse_profiles: 'At Profilleri',
  track_conditions: 'Pist Koşulları',
  breeding_insights: 'Pedigri ve Yetiştirme',
} as const;
export type SpecializationCode = keyof typeof SPECIALIZATION_LABELS;

/** The staff author form's areas (spec 002 §5), in its order. */
export const AUTHOR_FORM_SPECIALIZATIONS = ['prediction_analysis', 'handicap_analysis', 'statistics', 'jockey_analysis', 'general_expert', 'other'] as const satisfies readonly SpecializationCode[];
/** The author profile screen's areas (spec 002 §2), in its order. */
export const PROFILE_SPECIALIZATIONS = ['race_analysis', 'betting_tips', 'horse_profiles', 'track_conditions', 'jockey_analysis', 'breeding_insights'] as const satisfies readonly SpecializationCode[];

const CODE_BY_LABEL = new Map<string, SpecializationCode>(Object.entries(SPECIALIZATION_LABELS).map(([code, label]) => [label, code as SpecializationCode]));

export function isSpecializationCode(value: string): value is SpecializationCode {
  return Object.hasOwn(SPECIALIZATION_LABELS, value);
}

/**
 * Stored values as codes: older documents hold the form's labels ('Tahmin ve Analiz'); they are
 * read as their codes, and values that are neither are dropped rather than printed raw.
 */
export function toSpecializationCodes(values: readonly string[]): SpecializationCode[] {
  const codes = values.map((v) => (isSpecializationCode(v) ? v : CODE_BY_LABEL.get(v))).filter((c): c is SpecializationCode => c !== undefined);
  return [...new Set(codes)];
}

export function specializationLabels(codes: readonly string[]): string[] {
  return toSpecializationCodes(codes).map((c) => SPECIALIZATION_LABELS[c]);
}

/** Options for a checkbox group: [code, label]. */
export function specializationOptions(codes: readonly SpecializationCode[]): [SpecializationCode, string][] {
  return codes.map((c) => [c, SPECIALIZATION_LABELS[c]]);
}
