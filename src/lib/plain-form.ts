import { ApiError } from './api-client';

/**
 * The member forms that are HTML and a small script rather than a React island (/giris,
 * /sifremi-unuttum, /vip-uyelik; markup in src/components/member/PlainForm.astro): they leave the
 * checking to the API, which validates with the shared zod schema and answers field by field in
 * Turkish, and show its answer the way the island forms do (`.m-field`, `.m-error`, `.m-banner`;
 * src/islands/member/fields.tsx). A form may add a check of its own (`check`) for what the API never
 * sees, such as fields it folds into one.
 */

export function formInput(form: HTMLFormElement, name: string): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

/** The API's message for each of `fields` it refused; empty for any other failure. */
function apiFieldErrors(error: unknown, fields: readonly string[]): Map<string, string> {
  if (!(error instanceof ApiError)) return new Map();
  return new Map(error.errors.filter((e) => fields.includes(e.path)).map((e) => [e.path, e.message]));
}

/**
 * What a field's message is tied to: its input, or for radio buttons the radiogroup around them
 * (focus goes to the first button). Null for a radio group with no buttons left to choose.
 */
function fieldTarget(form: HTMLFormElement, name: string): { marked: HTMLElement; focus: HTMLElement } | null {
  const item = form.elements.namedItem(name);
  const first = item instanceof RadioNodeList ? item[0] : item;
  if (!(first instanceof HTMLElement)) return null;
  const group = first instanceof HTMLInputElement && first.type === 'radio' ? first.closest<HTMLElement>('[role="radiogroup"]') : null;
  return { marked: group ?? first, focus: first };
}

/**
 * Each field's message under it (in its `.m-field`, else right after it), tied to it for screen
 * readers, and the first one focused; an empty map clears them. While the member types (`typing`)
 * nothing moves focus and a message still true is left in place, not announced again at each key.
 */
function showFieldErrors(form: HTMLFormElement, fields: readonly string[], errors: ReadonlyMap<string, string>, { typing = false } = {}): void {
  for (const name of fields) {
    const id = `${name}-error`;
    const message = errors.get(name);
    const shown = document.getElementById(id);
    if (typing && shown && shown.textContent === message) continue;
    shown?.remove();
    const target = fieldTarget(form, name);
    if (!target) continue;
    if (!message) {
      target.marked.removeAttribute('aria-invalid');
      target.marked.removeAttribute('aria-describedby');
      continue;
    }
    const line = document.createElement('p');
    line.className = 'm-error';
    line.id = id;
    line.setAttribute('role', 'alert');
    line.textContent = message;
    const holder = target.marked.closest('.m-field');
    if (holder) holder.append(line);
    else target.marked.after(line);
    target.marked.setAttribute('aria-invalid', 'true');
    target.marked.setAttribute('aria-describedby', id);
  }
  const first = fields.find((name) => errors.has(name));
  if (first && !typing) fieldTarget(form, first)?.focus.focus();
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
  /**
   * Rules checked before sending, as messages by field (of `fields`); any message stops the send.
   * After a refusal every change checks again, so a message leaves once the field is put right.
   */
  check?: (form: HTMLFormElement) => ReadonlyMap<string, string>;
  /** The page's own reasons to keep submit disabled (nothing to choose, an account that may not ask), asked whenever the form enables it. */
  canSubmit?: () => boolean;
}

/**
 * Takes the form `name` over: on submit the old messages are cleared, the button is busy, and a
 * refusal shows under its fields or in the banner. At most one send at a time. The button is enabled
 * only now: until the script has the form, Enter would submit it as a GET, fields in the address.
 */
export function takeOverForm(name: string, { fields, labels, send, failure, check, canSubmit = () => true }: PlainFormOptions): HTMLFormElement | null {
  const form = document.querySelector<HTMLFormElement>(`form[data-plain-form="${name}"]`);
  const banner = document.querySelector<HTMLElement>(`[data-form-banner="${name}"]`);
  if (!form || !banner) return null;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  let recheck = false;
  if (check) {
    form.addEventListener('input', () => {
      if (recheck) showFieldErrors(form, fields, check(form), { typing: true });
    });
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    showBanner(banner, null);
    const refused = check?.(form) ?? new Map<string, string>();
    showFieldErrors(form, fields, refused);
    if (refused.size > 0) {
      recheck = true;
      return;
    }
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
    submit.disabled = !canSubmit();
  });
  submit.disabled = !canSubmit();
  form.dataset.ready = '';
  return form;
}
