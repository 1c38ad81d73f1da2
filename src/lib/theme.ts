/** The theme preference of the spec: stored under "theme", dark when unset, marked by the `dark` class on <html>. */
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'theme';

export function currentTheme(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Flips the theme, stores it and returns the new one. */
export function toggleTheme(): Theme {
  const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
  try {
    localStorage.setItem(THEME_KEY, next);
  } catch {
    // Private mode or full storage: the theme still changes for this page.
  }
  return next;
}

/** Shows `theme` on the document and updates the toggle's accessible state. */
export function applyTheme(theme: Theme, button: HTMLButtonElement): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  button.setAttribute('aria-label', theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme');
  button.setAttribute('aria-pressed', String(theme === 'dark'));
}
