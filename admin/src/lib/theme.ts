import { useCallback, useState } from 'react'

export type Theme = 'dark' | 'light'
const THEME_KEY = 'tessera.console.theme'

/** Dark unless the user picked light (spec section 9: default theme dark). */
export function storedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark'
  } catch {
    return 'dark'
  }
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0b0d12' : '#f6f7f9')
}

export function useTheme() {
  const [theme, setThemeState] = useState<Theme>(storedTheme)
  const setTheme = useCallback((next: Theme) => {
    setThemeState(next)
    applyTheme(next)
    try {
      localStorage.setItem(THEME_KEY, next)
    } catch {
      // Not remembered; still applied for this page.
    }
  }, [])
  return { theme, setTheme }
}
