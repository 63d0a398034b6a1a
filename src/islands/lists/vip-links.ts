/** See components/lists/VipLinks.astro. */
export function unlockVipLinks(): void {
  // Set before first paint by MEMBER_CLASS_SCRIPT when a member session is stored.
  if (!document.documentElement.classList.contains('hs-member')) return;
  const links = [...document.querySelectorAll<HTMLAnchorElement>('a[data-vip-href]')];
  if (links.length === 0) return;
  void import('../article/session').then(async ({ readerHasVip }) => {
    if (!(await readerHasVip())) return;
    for (const link of links) link.href = link.dataset.vipHref ?? link.href;
  });
}
