/**
 * Test fixtures for reading race estimates: a valid `raceEstimates` document for tests that only
 * read estimates and do not go through the estimate tool.
 */
/** A valid `raceEstimates` document (schema of domain/estimates/estimate.ts) for read tests. */
export function estimateDoc(articleId: string, title: string, createdAt: Date, isActive = true): Record<string, unknown> {
  return {
    articleId,
    authorId: 'someone',
    title,
    description: '',
    isActive,
    exportInfo: { exportDate: createdAt, exportType: 'admin-selection', location: 'İstanbul', raceFilter: 'all', totalSelections: 1, version: '1.0' },
    raceData: { location: 'İstanbul', date: '2026-11-22', hipodrom: 'Veliefendi', weatherCondition: 'Açık', temperature: 12, totalRaces: 1 },
    raceDayId: 'rd-1',
    raceIds: ['r1'],
    races: [
      {
        id: 'r1',
        raceNumber: 3,
        title: '3. Koşu',
        startTime: '14:30',
        startsAt: createdAt,
        distance: 1400,
        surface: 'Kum',
        selectedHorses: [{ number: 4, name: 'Karayel', horseId: 'h-4' }],
        totalHorses: 9,
      },
    ],
    selections: { totalSelections: 1, selectionsByRace: [{ raceId: 'r1', raceNumber: 3, horses: [4] }] },
    statistics: { totalRaces: 1, racesWithSelections: 1, averageSelectionsPerRace: 1, raceDistribution: [] },
    lockAt: createdAt,
    selectionsHash: 'x',
    createdAt,
    updatedAt: createdAt,
  };
}
