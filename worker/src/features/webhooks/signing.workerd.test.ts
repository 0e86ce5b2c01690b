import { describe, expect, it } from 'vitest'
import { configFromEnv } from '../../config'
import { signWebhook } from './signing'
import { NOT_PUBLIC, webhookTargetError } from './target'

// Under workerd (the Workers runtime): Web Crypto signs the Standard Webhooks test vector, and its URL
// parser normalizes numeric hosts the way the SSRF check relies on.
describe('webhooks under workerd', () => {
  it('signs the Standard Webhooks test vector', async () => {
    const signature = await signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })

  it('refuses numeric spellings of private hosts in production', async () => {
    const deps = { config: { ...configFromEnv({ ENVIRONMENT: 'test', APP_SECRET: 'x'.repeat(40) }), environment: 'production' as const } }
    for (const url of ['https://0x7f000001/', 'https://2130706433/', 'https://127.1/', 'https://[::ffff:127.0.0.1]/', 'https://[::1]/', 'https://169.254.169.254/']) {
      expect(await webhookTargetError(deps, url), url).toBe(NOT_PUBLIC)
    }
  })
})
