import type { ClientDirective } from 'astro';

/**
 * `client:session` (the header's session island). A visitor's header is complete in the static
 * HTML (login, register, 'VIP Ol', the phone strip), so React is not needed to show it: loading and
 * hydrating it at first paint only delays the page and blocks the main thread. It hydrates:
 *  - at once when a member session is stored (the user menu and welcome strip need it) or a flash
 *    toast waits from the previous page;
 *  - otherwise on the first interaction, or as soon as any other island hydrates (React is then
 *    loaded anyway), so its Toaster is mounted before any island can raise a toast.
 * Keys mirror STORAGE_KEYS and FLASH_KEY of src/lib/session.ts (this script is inlined in every
 * page, so it imports nothing).
 */
const sessionDirective: ClientDirective = (load, _options, el) => {
  let started = false;
  const events = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;
  let observer: MutationObserver | null = null;
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const type of events) window.removeEventListener(type, hydrate, true);
    observer?.disconnect();
    await (await load())();
  };
  if (document.documentElement.classList.contains('hs-member') || hasFlash()) {
    void hydrate();
    return;
  }
  for (const type of events) window.addEventListener(type, hydrate, { capture: true, passive: true });
  observer = new MutationObserver((records) => {
    if (records.some((r) => r.target !== el && !(r.target as Element).hasAttribute('ssr'))) void hydrate();
  });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['ssr'] });
};

function hasFlash(): boolean {
  try {
    return window.sessionStorage.getItem('ganyan:flash') !== null;
  } catch {
    return false;
  }
}

export default sessionDirective;
