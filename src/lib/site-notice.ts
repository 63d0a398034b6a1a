import { publicApi } from './public-api';

/**
 * The 'site_maintenance' notice: asked for on every page load rather than built in, so staff can
 * switch it on and off without a rebuild. A failed request shows nothing: the notice is a courtesy.
 */
export async function showSiteNotice(slot: HTMLElement): Promise<void> {
  try {
    const { data } = await publicApi.call((r) => r.settings.site.$get(), { auth: false });
    if (!data?.maintenance) return;
    const title = document.createElement('strong');
    title.textContent = data.maintenance.title;
    const text = document.createElement('span');
    text.textContent = data.maintenance.content;
    slot.replaceChildren(title, text);
    slot.hidden = false;
  } catch {
    // Offline or the API is down: the page works without the notice.
  }
}
