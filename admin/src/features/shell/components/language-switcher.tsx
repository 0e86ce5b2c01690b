import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu'
import { IconGlobe } from '../../../components/ui/icons-ui'
import { type Locale, locales, resolveLocale, useI18n } from '../../../lib/i18n'
import { saveLocale } from '../api/update-locale'

/** en / es; the layout shows it only when the program has i18n_enabled (spec section 2). */
export function LanguageSwitcher() {
  const { t, locale } = useI18n()
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="icon-button" aria-label={t('shell.language')}>
        <IconGlobe />
        <span className="icon-button-code">{locale.toUpperCase()}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t('shell.language')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(value) => {
            const next = resolveLocale(value)
            if (next !== locale) void saveLocale(next)
          }}
        >
          {(Object.keys(locales) as Locale[]).map((code) => (
            <DropdownMenuRadioItem key={code} value={code} lang={code}>
              {t(`locale.${code}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
