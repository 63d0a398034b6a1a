import { useState, type ComponentType } from 'react';
import { Tabs } from './controls';

export interface ScreenTab {
  key: string;
  label: string;
  Panel: ComponentType;
}

/**
 * A screen made of tabs: heading, the tab row, and the chosen tab's panel (mounted afresh on each
 * switch, so a tab always shows current data). The first tab is open at first.
 */
export function TabbedScreen({ title, subtitle, tabs }: { title: string; subtitle: string; tabs: readonly ScreenTab[] }) {
  const [key, setKey] = useState(tabs[0]?.key ?? '');
  const current = tabs.find((t) => t.key === key) ?? tabs[0];
  return (
    <div className="a-page">
      <div>
        <h1 className="a-h1">{title}</h1>
        <p className="a-sub">{subtitle}</p>
      </div>
      <Tabs tabs={tabs.map((t) => [t.key, t.label] as const)} value={key} onChange={setKey} />
      {current && <current.Panel />}
    </div>
  );
}
