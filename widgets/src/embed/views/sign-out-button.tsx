import { useState } from 'preact/hooks'
import { Button } from '../../ui/button'
import { useEmbed } from '../mount'

/** Signs the participant out of every element of the program (tessera:signed-out fires on this element). */
export function SignOutButton() {
  const { runtime, host } = useEmbed()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      variant="outline"
      size="sm"
      loading={busy}
      onClick={async () => {
        setBusy(true)
        try {
          await runtime.signOut(host)
        } finally {
          setBusy(false)
        }
      }}
    >
      Sign out
    </Button>
  )
}
