type Child = Node | string | null | false;

/** An element with its attributes and children (null and false are left out), for the plain-script pages. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children.filter((child): child is Node | string => child !== null && child !== false));
  return node;
}

/*
 * Writes that skip what is already there: a page refreshing built content with the same live answer
 * then costs no restyle (Chromium invalidates style on a same-value attribute or text write).
 */
export function setText(node: HTMLElement, text: string): void {
  if (node.textContent !== text) node.textContent = text;
}

export function setHidden(node: HTMLElement, hidden: boolean): void {
  if (node.hidden !== hidden) node.hidden = hidden;
}
