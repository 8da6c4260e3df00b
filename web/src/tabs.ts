// Accessible tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs, activation follows focus.

/** Wires the tablist `list`; `onChange` gets the id suffix of the selected tab (data-tab). Returns a selector. */
export function tabs(list: HTMLElement, onChange: (tab: string) => void): (tab: string) => void {
  const all = (): HTMLButtonElement[] => [...list.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
  const select = (tab: string, focus = false): void => {
    for (const t of all()) {
      const on = t.dataset["tab"] === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      const panel = document.getElementById(t.getAttribute("aria-controls") ?? "");
      if (panel !== null) panel.hidden = !on;
      if (on && focus) t.focus();
    }
  };
  list.addEventListener("click", (ev) => {
    const t = (ev.target as HTMLElement).closest<HTMLButtonElement>('[role="tab"]');
    if (t === null) return;
    select(t.dataset["tab"]!);
    onChange(t.dataset["tab"]!);
  });
  list.addEventListener("keydown", (ev) => {
    const ts = all();
    const i = ts.findIndex((t) => t === document.activeElement);
    if (i < 0) return;
    const next = ev.key === "ArrowRight" ? (i + 1) % ts.length : ev.key === "ArrowLeft" ? (i - 1 + ts.length) % ts.length : ev.key === "Home" ? 0 : ev.key === "End" ? ts.length - 1 : -1;
    if (next < 0) return;
    ev.preventDefault();
    const tab = ts[next]!.dataset["tab"]!;
    select(tab, true);
    onChange(tab);
  });
  return (tab) => select(tab);
}
