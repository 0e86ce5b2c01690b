import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react'

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

/** Called before the first render too, so a light-theme user never sees a dark flash. */
export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#0b0d12' : '#f6f7f9')
}

type ThemeApi = { theme: Theme; setTheme: (theme: Theme) => void; toggleTheme: () => void }
const ThemeContext = createContext<ThemeApi | null>(null)

/** One theme for the page: the user menu, the command palette and the toaster all follow it. */
export function ThemeProvider({ children }: { children: ReactNode }) {
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
  const value = useMemo(
    () => ({ theme, setTheme, toggleTheme: () => setTheme(theme === 'dark' ? 'light' : 'dark') }),
    [theme, setTheme],
  )
  return <ThemeContext value={value}>{children}</ThemeContext>
}

export function useTheme(): ThemeApi {
  const value = useContext(ThemeContext)
  if (!value) throw new Error('useTheme needs a <ThemeProvider>')
  return value
}
