import { useEffect, useState } from 'react'
import { Button } from '../../../components/ui/button'
import { useI18n } from '../../../lib/i18n'

/** The server mails nothing new within 60 s of the last code, so resending waits as long. */
export const RESEND_WAIT_SECONDS = 60

type ResendCodeButtonProps = { sentAt: number; onResend: () => Promise<void> }

export function ResendCodeButton({ sentAt, onResend }: ResendCodeButtonProps) {
  const { t } = useI18n()
  const [now, setNow] = useState(() => Date.now())
  const [busy, setBusy] = useState(false)
  const elapsed = Math.max(0, Math.floor((now - sentAt) / 1000))
  const remaining = Math.max(0, RESEND_WAIT_SECONDS - elapsed)

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000)
    return () => window.clearInterval(timer)
  }, [])

  const resend = async () => {
    setBusy(true)
    try {
      await onResend()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button variant="ghost" size="sm" disabled={remaining > 0} loading={busy} onClick={resend}>
      {remaining > 0 ? t('auth.otp.resendIn', { seconds: remaining }) : t('auth.otp.resend')}
    </Button>
  )
}
