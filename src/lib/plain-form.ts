import { ApiError } from './api-client';

/**
 * The member forms that are HTML and a small script rather than a React island (/giris,
 * /sifremi-unuttum; markup in src/components/member/PlainForm.astro): they leave the checking to the
 * API, which validates with the shared zod schema and answers field by field in Turkish, and show its
 * answer the way the island forms do (`.m-field`, `.m-error`, `.m-banner`; src/islands/member/fields.tsx).
 */

export function formInput(form: HTMLFormElement, name: string): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

/** The API's message for each of `fields` it refused; empty for any other failure. */
function apiFieldErrors(error: unknown, fields: readonly string[]): Map<string, string> {
  if (!(error instanceof ApiError)) return new Map();
  return new Map(error.errors.filter((e) => fields.includes(e.path)).map((e) => [e.path, e.message]));
}

/** Each field's message under it, tied to its input for screen readers, and the first one focused; an empty map clears them. */
function showFieldErrors(form: HTMLFormElement, fields: readonly string[], errors: ReadonlyMap<string, string>): void {
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

function showBanner(banner: HTMLElement, message: string | null): void {
  banner.textContent = message ?? '';
  banner.hidden = message === null;
}

export interface PlainFormOptions {
  /** The fields whose API messages are shown under them. */
  fields: readonly string[];
  labels: { idle: string; busy: string };
  /** Sends the form; resolving means done (the page leaves or shows the result), so submit stays disabled. */
  send: (form: HTMLFormElement) => Promise<void>;
  /** The banner's text for a failure that names none of `fields`. */
  failure: (error: unknown) => string;
}

/**
 * Takes the form `name` over: on submit the old messages are cleared, the button is busy, and a
 * refusal shows under its fields or in the banner. At most one send at a time. The button is enabled
 * only now: until the script has the form, Enter would submit it as a GET, fields in the address.
 */
export function takeOverForm(name: string, { fields, labels, send, failure }: PlainFormOptions): HTMLFormElement | null {
  const form = document.querySelector<HTMLFormElement>(`form[data-plain-form="${name}"]`);
  const banner = document.querySelector<HTMLElement>(`[data-form-banner="${name}"]`);
  if (!form || !banner) return null;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    showBanner(banner, null);
    showFieldErrors(form, fields, new Map());
    submit.disabled = true;
    submit.textContent = labels.busy;
    try {
      await send(form);
      submit.textContent = labels.idle;
      return;
    } catch (error) {
      const fieldErrors = apiFieldErrors(error, fields);
      if (fieldErrors.size > 0) showFieldErrors(form, fields, fieldErrors);
      else showBanner(banner, failure(error));
    }
    submit.textContent = labels.idle;
    submit.disabled = false;
  });
  submit.disabled = false;
  form.dataset.ready = '';
  return form;
}
