import type { SettingView } from '@shared/membership/general-setting';
import { VIP_MESSAGES } from '@shared/membership/vip-messages';
import type { Wire } from '@shared/wire';
import { el, setHidden, setText } from './dom';
import { takeOverForm } from './plain-form';
import { getSession, setFlash, type SessionState } from './session';
import { toast } from './toast';
import { activePackages, bankCardLines, isPopular, shownPackages, vipFormErrors, vipRequestBody, type BankAccount, type VipFormValues, type VipPackage } from './vip-packages';
import { formatTL } from '@shared/text/money';

/**
 * The script of /vip-uyelik (markup: src/components/member/VipPackages.astro). It sends a stored
 * session that turns out invalid to /giris, shows the member's banners, refreshes the built
 * packages, bank account and payment texts from the API, and files the request. The page's markup
 * holds every element, filled at build; this writes only what differs, because on a phone each
 * restyle of the page is a long task (issue 21: Lighthouse's TBT on this page).
 */
type Setting = Wire<SettingView>;

const FORM = 'vip-uyelik';
const LABELS = { idle: 'VIP Talebi Oluştur', busy: 'Gönderiliyor...' };
const NO_PACKAGE_LABEL = 'Paket Mevcut Değil';
const REQUEST_FAILED = 'VIP talep işlemi başarısız oldu';
const LOAD_FAILED = 'Paketler yüklenemedi';

/** One choice of the radio group: the same name, length, text and price as the static list's item. */
function packageChoice(pkg: VipPackage, popular: boolean): HTMLLabelElement {
  const radio = document.createElement('input');
  radio.type = 'radio';
  radio.name = 'packageId';
  radio.value = pkg.id;
  const name = el('span', { class: 'vip-package-name' }, pkg.name);
  if (popular) name.append(el('span', { class: 'badge badge-vip' }, 'Popüler'));
  const body = el('span', { class: 'vip-package-body' }, name, el('span', { class: 'vip-package-days' }, `${pkg.durationDays} gün`));
  if (pkg.description) body.append(el('span', { class: 'm-hint' }, pkg.description));
  return el('label', { class: 'vip-package' }, radio, body, el('span', { class: 'vip-package-price' }, formatTL(pkg.price)));
}

function formValues(form: HTMLFormElement): VipFormValues {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return { packageId: text('packageId'), payerFirstName: text('payerFirstName'), payerLastName: text('payerLastName') };
}

const failureText = (error: unknown) => (error instanceof Error && error.message ? error.message : REQUEST_FAILED);

export function startVipPackagesPage(): void {
  const page = document.querySelector<HTMLElement>('[data-vip-page]');
  const form = page?.querySelector<HTMLFormElement>(`form[data-plain-form="${FORM}"]`);
  if (!page || !form) return;
  const find = <T extends HTMLElement = HTMLElement>(selector: string) => page.querySelector<T>(selector)!;
  const group = find('[role="radiogroup"]');
  const submit = find<HTMLButtonElement>('button[type="submit"]');
  const loadError = find('[data-load-error]');

  let packages: VipPackage[] = JSON.parse(form.dataset.builtPackages ?? '[]');
  let state: SessionState = getSession().getState();
  let loadFailed = false;
  let loadStarted = false;
  let sending = false;
  let requested = false;

  const allowed = () => !state.loading && state.isAuthenticated;
  const isStaff = () => !!state.user && state.user.role !== 'user';
  const pending = () => state.vipStatus.userVipStatus === 'pending';
  const none = () => packages.length === 0;
  const canSubmit = () => allowed() && !none() && !isStaff() && !pending() && !requested && !sending;

  function showButton(): void {
    if (sending) return;
    submit.disabled = !canSubmit();
    setText(submit, none() ? NO_PACKAGE_LABEL : LABELS.idle);
  }

  /** The form, unless the list could not be loaded. */
  function showPackages(): void {
    setHidden(form!, loadFailed);
    setHidden(loadError, !loadFailed);
    setHidden(group, none());
    setHidden(find('[data-no-packages]'), !none());
    showButton();
  }

  /** A choice made before the live list arrived stays made when its package is still offered. */
  function renderChoices(live: VipPackage[]): void {
    const redraw = shownPackages(live) !== shownPackages(packages);
    packages = live;
    if (!redraw) return;
    const chosen = formValues(form!).packageId;
    group.replaceChildren(...packages.map((pkg, index) => packageChoice(pkg, isPopular(index))));
    const again = group.querySelector<HTMLInputElement>(`input[value="${CSS.escape(chosen)}"]`);
    if (chosen && again) again.checked = true;
    markChosen();
  }

  function markChosen(): void {
    for (const label of group.querySelectorAll('label')) label.classList.toggle('is-selected', !!label.querySelector('input')?.checked);
  }

  /** The banners of an active VIP and of a waiting request follow html.hs-vip and hs-vip-pending (the header's script keeps them true to the server). */
  function showBanners(): void {
    setHidden(find('[data-vip-banner="staff"]'), !isStaff());
  }

  function showBank(bank: BankAccount | null): void {
    setHidden(find('[data-bank-missing]'), !!bank);
    const card = find('[data-testid="bank-card"]');
    setHidden(card, !bank);
    if (!bank) return;
    for (const [name, text] of Object.entries(bankCardLines(bank))) setText(find(`[data-bank="${name}"]`), text);
    for (const line of card.querySelectorAll<HTMLElement>('[data-bank-account-number]')) setHidden(line, !bank.accountNumber);
  }

  function showSettings(settings: Setting[]): void {
    for (const line of page!.querySelectorAll<HTMLElement>('[data-setting]')) {
      const setting = settings.find((s) => s.key === line.dataset.setting);
      setText(line, setting?.content ?? '');
      setHidden(line, !setting);
    }
  }

  async function load(): Promise<void> {
    const { api } = getSession();
    loadFailed = false;
    showPackages();
    const [bankAnswer, packageAnswer, settingAnswer] = await Promise.allSettled([
      api.call((r) => r.settings['bank-account'].$get()),
      api.call((r) => r.admin.settings['vip-packages'].$get()),
      api.call((r) => r.admin.settings['general-settings'].$get()),
    ]);
    showBank(bankAnswer.status === 'fulfilled' ? bankAnswer.value.data : null);
    showSettings(settingAnswer.status === 'fulfilled' ? (settingAnswer.value.data ?? []) : []);
    if (packageAnswer.status === 'fulfilled') {
      renderChoices(activePackages(packageAnswer.value.data ?? []));
    } else {
      loadFailed = true;
      loadError.querySelector('span')!.textContent = packageAnswer.reason instanceof Error ? packageAnswer.reason.message : LOAD_FAILED;
    }
    showPackages();
    // Tells a test (or a tool) that the live answers are on the page.
    page!.dataset.refreshed = '';
  }

  function showSession(next: SessionState): void {
    state = next;
    // After a logout here the page is already on its way to '/' (spec 000 §4.1): do not overrule it.
    if (!state.loading && !state.isAuthenticated && !state.signedOut) window.location.replace('/giris');
    showBanners();
    showPackages();
    if (allowed() && !loadStarted) {
      loadStarted = true;
      void load();
    }
  }

  // A choice the browser restored (back button) is drawn as chosen.
  markChosen();
  group.addEventListener('change', markChosen);
  loadError.querySelector('button')!.addEventListener('click', () => void load());

  takeOverForm(FORM, {
    fields: ['packageId', 'payerFirstName', 'payerLastName'],
    labels: LABELS,
    check: (form) => vipFormErrors(formValues(form)),
    canSubmit,
    async send(form) {
      sending = true;
      try {
        const answer = await getSession().api.call((r) => r.users['request-vip'].$post(), { body: vipRequestBody(formValues(form), packages, state.user) });
        const text = answer.message ?? VIP_MESSAGES.requested;
        requested = true;
        const done = find('[data-vip-requested]');
        done.querySelector('span')!.textContent = text;
        done.hidden = false;
        // The transfer instructions (reference code, IBAN, amount) are on the orders page.
        setFlash('success', text);
        window.location.assign('/vip-siparislerim');
      } catch (error) {
        // Besides the banner: on a phone the banner heads the packages card, far above the button.
        toast.error(failureText(error));
        throw error;
      } finally {
        sending = false;
      }
    },
    failure: failureText,
  });

  const session = getSession();
  session.subscribe(showSession);
  showSession(session.getState());
  void session.init();
}
