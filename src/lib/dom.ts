type Child = Node | string | null | false;

/** An element with its attributes and children (null and false are left out), for the plain-script pages. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string>, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children.filter((child): child is Node | string => child !== null && child !== false));
  return node;
}
