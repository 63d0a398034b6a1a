/**
 * The public site's toasts (spec 000 §2.3: top-right; success 3 s, error 5 s, others 4 s), without a
 * framework: the header and the plain forms raise them on pages that load no React, and islands
 * share the same stack. The staff panel keeps react-hot-toast inside its React app. The styles
 * (toast.css) come with Header.astro, on every public page: importing them here would break the
 * server's rendering of the horse and jockey islands, which runs in Node.
 */
type ToastKind = 'success' | 'error' | 'blank';

const DURATION_MS: Record<ToastKind, number> = { success: 3000, error: 5000, blank: 4000 };
let stack: HTMLElement | null = null;

function toastStack(): HTMLElement {
  if (!stack || !stack.isConnected) {
    stack = document.createElement('div');
    stack.className = 'toast-stack';
    document.body.append(stack);
  }
  return stack;
}

/** A pointer resting on a toast holds it, as a reader still reading it would expect. */
function show(kind: ToastKind, message: string): void {
  const item = document.createElement('div');
  item.className = `toast toast-${kind}`;
  item.setAttribute('role', 'status');
  item.setAttribute('aria-live', 'polite');
  item.textContent = message;
  toastStack().append(item);

  let left = DURATION_MS[kind];
  let startedAt = performance.now();
  let timer = window.setTimeout(dismiss, left);
  item.addEventListener('pointerenter', () => {
    window.clearTimeout(timer);
    left -= performance.now() - startedAt;
  });
  item.addEventListener('pointerleave', () => {
    startedAt = performance.now();
    timer = window.setTimeout(dismiss, Math.max(left, 1000));
  });

  function dismiss(): void {
    item.classList.add('toast-leaving');
    const remove = () => item.remove();
    item.addEventListener('animationend', remove, { once: true });
    // Without animations (reduced motion) no animationend comes.
    window.setTimeout(remove, 400);
  }
}

export const toast = Object.assign((message: string) => show('blank', message), {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
});
