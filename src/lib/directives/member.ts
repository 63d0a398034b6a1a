import type { ClientDirective } from 'astro';

/**
 * `client:member`: hydrates only for a member: at once when a member session is stored
 * (`html.hs-member`, set before first paint), or as soon as one appears (a new tab that joined an
 * open tab's session, a sign-in on the page). A visitor never downloads the island: a protected
 * article's body island has nothing to show them (the page's static VIP wall does that).
 */
const memberDirective: ClientDirective = (load) => {
  const root = document.documentElement;
  const hydrate = async () => (await load())();
  if (root.classList.contains('hs-member')) return void hydrate();
  const watch = new MutationObserver(() => {
    if (!root.classList.contains('hs-member')) return;
    watch.disconnect();
    void hydrate();
  });
  watch.observe(root, { attributes: true, attributeFilter: ['class'] });
};

export default memberDirective;
