import { IconSearch } from '../../../components/ui/icons'
import { useI18n } from '../../../lib/i18n'

const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent)

/** Opens the command palette; shows the shortcut so people learn it. */
export function SearchButton({ onOpen }: { onOpen: () => void }) {
  const { t } = useI18n()
  const shortcut = isApple() ? '⌘K' : 'Ctrl K'
  return (
    // The visible text hides on phones: the label keeps the button named (axe button-name).
    <button type="button" className="search-trigger" onClick={onOpen} aria-label={t('palette.trigger')} aria-keyshortcuts={isApple() ? 'Meta+K' : 'Control+K'}>
      <IconSearch />
      <span className="search-trigger-text">{t('palette.trigger')}</span>
      <kbd className="kbd search-trigger-kbd">{shortcut}</kbd>
    </button>
  )
}
