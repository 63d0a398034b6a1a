import { ApiError } from './api-client';

/**
 * The member forms that are HTML and a small script rather than a React island (/giris,
 * /sifremi-unuttum): they leave the checking to the API, which validates with the shared zod schema
 * and answers field by field in Turkish, and show its answer the way the island forms do
 * (`.m-field`, `.m-error`, `.m-banner`; src/islands/member/fields.tsx).
 */

export function formInput(form: HTMLFormElement, name: string): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

/** The API's message for each of `fields` it refused; empty for any other failure. */
export function apiFieldErrors(error: unknown, fields: readonly string[]): Map<string, string> {
  if (!(error instanceof ApiError)) return new Map();
  return new Map(error.errors.filter((e) => fields.includes(e.path)).map((e) => [e.path, e.message]));
}

/** Each field's message under it, tied to its input for screen readers, and the first one focused; an empty map clears them. */
export function showFieldErrors(form: HTMLFormElement, fields: readonly string[], errors: ReadonlyMap<string, string>): void {
  for (const name of fields) {
    const field = formInput(form, name);
    const holder = field.closest('.m-field')!;
    holder.querySelector('.m-error')?.remove();
    const message = errors.get(name);
    if (!message) {
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
      continue;
    }
    const line = document.createElement('p');
    line.className = 'm-error';
    line.id = `${name}-error`;
    line.setAttribute('role', 'alert');
    line.textContent = message;
    holder.append(line);
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', line.id);
  }
  const first = fields.find((name) => errors.has(name));
  if (first) formInput(form, first).focus();
}

/** The failure above the form; null hides it. */
export function showBanner(banner: HTMLElement, message: string | null): void {
  banner.textContent = message ?? '';
  banner.hidden = message === null;
}

/**
 * Runs `send` on submit with the button busy and the old messages cleared, at most once at a time;
 * `send` returns true when the page is leaving or done, so the button stays disabled. The button is
 * enabled only now: until the script has the form, Enter would submit it as a GET, fields in the address.
 */
export function takeOverForm(form: HTMLFormElement, labels: { idle: string; busy: string }, send: () => Promise<boolean>): void {
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    submit.disabled = true;
    submit.textContent = labels.busy;
    const finished = await send();
    submit.textContent = labels.idle;
    submit.disabled = finished;
  });
  submit.disabled = false;
  form.dataset.ready = '';
}
