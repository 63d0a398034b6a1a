import type { Ref } from 'react';

/**
 * A file field that says "Dosya seç" / "Dosya seçilmedi" in every browser: the native control's
 * button text follows the browser's language ("Choose File"). The real input stays in the tab
 * order (visually hidden), so the keyboard opens the picker with Space or Enter as usual.
 */
export function FilePicker({
  label,
  accept,
  file,
  onFile,
  inputRef,
  testId,
}: {
  label: string;
  accept: string;
  file: File | null;
  onFile: (file: File | null) => void;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}) {
  return (
    <div className="a-field">
      <span>{label}</span>
      <label className="a-file">
        <input ref={inputRef} type="file" className="a-sr-only" accept={accept} aria-label={label} data-testid={testId} onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
        <span className="a-btn a-btn-ghost" aria-hidden="true">
          Dosya seç
        </span>
        <span className="a-file-name">{file ? file.name : 'Dosya seçilmedi'}</span>
      </label>
    </div>
  );
}
