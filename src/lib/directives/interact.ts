import type { ClientDirective } from 'astro';
import { recordVersion } from '../record-version';

/**
 * `client:interact`: for an island whose first view is complete in the static HTML and which only
 * needs React once the reader uses it (the race programme). It hydrates when the pointer comes
 * over it, on touch, focus or a key inside it; a click on one of its buttons, or a changed select
 * or input, that happens before React is ready is replayed afterwards, so nothing is lost.
 * Links keep working natively throughout; while a press is down the element carries `data-pressed`.
 * `{ eagerIfQuery: ['tarih'] }` hydrates at once when the address carries one of those parameters
 * (the island then shows something else than the HTML). `{ visible: true }` also hydrates as soon as
 * the island comes into view, like `client:visible`, for an island whose static HTML is only its
 * closed state (the comments' 'Göster'): a press made before React is there still counts.
 * `{ eagerIfChanged: true }` is for a page built with a record (horse, jockey) that may have changed
 * since the build: the island marks its HTML with the record's live address and version
 * (`data-record-url`, `data-record-version`, src/lib/record-version.ts); the directive reads the
 * live record and hydrates at once when its version differs, or when the HTML has no record, so the
 * island shows the fresh one. An unchanged record costs one small request and no React.
 * `{ eagerForMember: true }` hydrates at once when a member session is stored (`html.hs-member`, set
 * before first paint): for an island whose HTML is the visitor's view of something that is the
 * member's own (a horse page's follow button: 'Takipte' for a horse they follow).
 */
export interface InteractOptions {
  eagerIfQuery?: string[];
  visible?: boolean;
  eagerIfChanged?: boolean;
  eagerForMember?: boolean;
}

/** Whether the record the island was rendered with is no longer the live one. */
async function changedSinceRendered(el: HTMLElement): Promise<boolean> {
  const mark = el.querySelector<HTMLElement>('[data-record-url][data-record-version]');
  if (!mark) return true;
  try {
    const response = await fetch(mark.dataset.recordUrl!, { headers: { accept: 'application/json' } });
    // A record gone since (404) is the island's to say.
    if (!response.ok) return response.status < 500;
    return (await recordVersion(((await response.json()) as { data: unknown }).data)) !== mark.dataset.recordVersion;
  } catch {
    // Offline or no Web Crypto (an http:// address other than localhost): the built record stays, as the island's failed refresh would leave it.
    return false;
  }
}

const interactDirective: ClientDirective = (load, options, el) => {
  const value = typeof options.value === 'object' && options.value ? (options.value as InteractOptions) : {};
  const triggers = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];
  const caught = ['click', 'input', 'change'];
  const pending: { type: string; target: Element; value?: string }[] = [];
  let started = false;

  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const type of triggers) el.removeEventListener(type, hydrate, true);
    await (await load())();
    for (const type of caught) el.removeEventListener(type, catchEarly, true);
    for (const event of pending.splice(0)) {
      await claimed(event.target);
      replay(event);
    }
  };

  /**
   * React hydrates in a transition (time-sliced): the island's promise resolves before every node
   * is claimed. A replayed change must reach a claimed node, or React records the new value as its
   * starting point and sees no change. React marks claimed nodes with its `__reactProps$…` key.
   */
  function claimed(node: Element): Promise<void> {
    const started = performance.now();
    return new Promise((done) => {
      const check = () => {
        if (Object.keys(node).some((key) => key.startsWith('__reactProps')) || performance.now() - started > 3000) done();
        else setTimeout(check, 16);
      };
      check();
    });
  }

  function catchEarly(event: Event) {
    const target = event.target as Element;
    if (event.type === 'click') {
      const button = target.closest('button');
      if (button && el.contains(button)) pending.push({ type: 'click', target: button });
    } else if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement) {
      // Back to the value React will hydrate with; the replay sets the reader's value again, so the
      // island sees a real change.
      const chosen = target.value;
      if (target instanceof HTMLInputElement) target.value = target.defaultValue;
      else for (const option of target.options) option.selected = option.defaultSelected;
      const earlier = pending.findIndex((p) => p.target === target && p.type !== 'click');
      // 'input' and 'change' of one choice: the second one finds the value already put back.
      if (earlier >= 0 && chosen === target.value) return;
      if (earlier >= 0) pending.splice(earlier, 1);
      pending.push({ type: target instanceof HTMLInputElement ? 'input' : 'change', target, value: chosen });
    }
    void hydrate();
  }

  function replay(event: { type: string; target: Element; value?: string }) {
    if (!event.target.isConnected) return;
    if (event.type === 'click') {
      (event.target as HTMLButtonElement).click();
      return;
    }
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    // The prototype's setter: React watches the element's own `value` property, and a value set
    // through it would count as React's own, not as the reader's change.
    const proto = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLSelectElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, event.value ?? '');
    field.dispatchEvent(new Event(event.type, { bubbles: true }));
    if (event.type === 'input') field.dispatchEvent(new Event('change', { bubbles: true }));
  }

  // A press in progress, for islands that take over from native behaviour at hydration and must
  // not do so in the middle of the gesture that hydrated them (the carousel's first swipe). Touch
  // is followed by touch events: its pointer is cancelled as soon as the browser starts panning.
  const press = (event: Event) => {
    if (event instanceof PointerEvent && event.pointerType === 'touch') return;
    if (event.type === 'pointerdown' || event.type === 'touchstart') el.setAttribute('data-pressed', '');
    else el.removeAttribute('data-pressed');
  };
  for (const type of ['pointerdown', 'pointerup', 'pointercancel', 'touchstart', 'touchend', 'touchcancel']) el.addEventListener(type, press, { capture: true, passive: true });

  const params = new URLSearchParams(window.location.search);
  const member = value.eagerForMember && document.documentElement.classList.contains('hs-member');
  if (member || (value.eagerIfQuery ?? []).some((name) => params.has(name))) {
    void hydrate();
    return;
  }
  for (const type of triggers) el.addEventListener(type, hydrate, { capture: true, passive: true });
  for (const type of caught) el.addEventListener(type, catchEarly, true);
  if (value.eagerIfChanged) {
    void changedSinceRendered(el).then((changed) => {
      if (changed) void hydrate();
    });
  }
  if (value.visible) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      void hydrate();
    });
    // The island element itself has no box (display: contents): watch what it renders.
    for (const child of el.children) seen.observe(child);
  }
};

export default interactDirective;
