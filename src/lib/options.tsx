/** A choice of a select: its value and the text a person reads. */
export type Choice<V extends string = string> = readonly [value: V, text: string];

/** `[value, text]` pairs of a list of values and their labels. */
export function choices<V extends string>(values: readonly V[], labels: Record<V, string>): [V, string][] {
  return values.map((v) => [v, labels[v]]);
}

/** The `<option>`s of a select, one per choice (site and staff panel alike). */
export function Options({ of }: { of: readonly Choice[] }) {
  return (
    <>
      {of.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </>
  );
}
